import { useId, useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Collapse, Group, Paper, Stack, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface SectionProps {
  title: string;
  count?: number;
  actions?: ReactNode;
  children: ReactNode;
  /** A section that folds away; what it holds is unmounted while folded (the table's filter clears, spec 2). */
  collapsible?: boolean;
  /** The guided tour's marker for the section (`data-tour`). */
  tourId?: string;
}

/** A titled block of a detailed view. */
export function Section({ title, count, actions, children, collapsible, tourId }: SectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(true);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id} data-tour={tourId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap">
            {collapsible ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-expanded={open}
                aria-label={t(open ? 'workingArea.collapse' : 'workingArea.expand', { name: title })}
                onClick={() => setOpen((o) => !o)}
              >
                {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
              </ActionIcon>
            ) : null}
            <Title order={2} fz="md" fw={650} id={id}>
              {title}
            </Title>
            {count !== undefined ? (
              <Badge variant="light" color="gray" size="sm" radius="sm">
                {count}
              </Badge>
            ) : null}
          </Group>
          {actions ? <Group gap="xs">{actions}</Group> : null}
        </Group>
        {collapsible ? <Collapse expanded={open}>{open ? children : null}</Collapse> : children}
      </Stack>
    </Paper>
  );
}
