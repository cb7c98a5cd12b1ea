import type { ReactNode } from 'react';
import { EmptyState } from '@mantine/core';

interface DashboardEmptyProps {
  title: string;
  text: string;
  icon: ReactNode;
}

export function DashboardEmpty({ title, text, icon }: DashboardEmptyProps) {
  return <EmptyState py={48} px="lg" size="sm" icon={icon} withIndicatorBackground title={title} description={text} />;
}
