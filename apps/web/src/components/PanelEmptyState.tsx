import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';

/** What a side panel shows when it has nothing yet: an icon, a title and a line of explanation. */
export function PanelEmptyState({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Stack align="center" gap="xs" p="xl" ta="center">
      <ThemeIcon variant="light" color="gray" size={44} radius="xl" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600} fz="sm">
        {title}
      </Text>
      <Text fz="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}
