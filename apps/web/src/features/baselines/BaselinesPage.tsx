import type { ReactNode } from 'react';
import { Container } from '@mantine/core';

/** The frame of the Baselines screens, as the History's. */
export function BaselinesPage({ children }: { children: ReactNode }) {
  return (
    <Container size="xl" py="xl" px={{ base: 'md', sm: 'xl' }}>
      {children}
    </Container>
  );
}
