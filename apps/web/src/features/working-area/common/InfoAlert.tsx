import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** The quiet notices of the detailed views ("no categories yet", …). */
export function InfoAlert({ children, color = 'blue' }: { children: ReactNode; color?: string }) {
  return (
    <Alert color={color} variant="light" icon={<IconInfoCircle size={18} />} py="xs">
      {children}
    </Alert>
  );
}
