import type { ReactNode } from 'react';
import { Badge, Group, Paper, Title } from '@mantine/core';

interface DashboardSectionProps {
  id: string;
  title: string;
  /** Shown beside the title once known. */
  count?: number;
  /** The section's main action (create a project, create a group). */
  action: ReactNode;
  /** The guided tour's marker for the section. */
  tourId: string;
  children: ReactNode;
}

/** One column of the dashboard: a titled card with its action in the header and its table below. */
export function DashboardSection({ id, title, count, action, tourId, children }: DashboardSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" h="100%" data-tour={tourId}>
      <Group
        justify="space-between"
        wrap="nowrap"
        px="lg"
        py="md"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group gap="xs" wrap="nowrap">
          <Title order={2} id={headingId} fz="lg" fw={600}>
            {title}
          </Title>
          {count !== undefined ? (
            <Badge variant="light" color="gray" radius="sm" aria-hidden="true">
              {count}
            </Badge>
          ) : null}
        </Group>
        {action}
      </Group>
      {children}
    </Paper>
  );
}
