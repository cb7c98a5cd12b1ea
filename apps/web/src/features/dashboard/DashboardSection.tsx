import type { ReactNode } from 'react';
import { EmptyState, Paper, Title } from '@mantine/core';

interface DashboardSectionProps {
  id: string;
  title: string;
  emptyTitle: string;
  emptyText: string;
  icon: ReactNode;
}

/** One column of the dashboard; for now only its empty state (the lists come with groups and projects). */
export function DashboardSection({ id, title, emptyTitle, emptyText, icon }: DashboardSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="lg" h="100%">
      <Title order={2} id={headingId} fz="lg" fw={600} mb="md">
        {title}
      </Title>
      <EmptyState py="xl" size="sm" icon={icon} withIndicatorBackground title={emptyTitle} description={emptyText} />
    </Paper>
  );
}
