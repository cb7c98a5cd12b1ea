import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

interface SettingsSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** A titled card of the settings screens. */
export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  return (
    <Paper withBorder radius="md" p="lg" component="section">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" fw={600}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" fz="sm" mt={4}>
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
