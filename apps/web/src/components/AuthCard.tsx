import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The narrow centred card that holds every public form (log in, register, password screens). */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Container size={440} py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder shadow="xs" radius="md" p={{ base: 'lg', sm: 32 }}>
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1} fz={24} fw={650}>
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" fz="sm">
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
      {footer ? (
        <Text ta="center" fz="sm" c="dimmed" mt="lg">
          {footer}
        </Text>
      ) : null}
    </Container>
  );
}
