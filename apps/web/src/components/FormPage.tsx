import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';

interface FormPageProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** A page that holds one creation form (new group, new project): title, a line of help, the form in a card. */
export function FormPage({ title, subtitle, children }: FormPageProps) {
  return (
    <Container size={780} py="xl" px={{ base: 'md', sm: 'xl' }}>
      <Stack gap={4} mb="lg">
        <Title order={1} fz={28} fw={650}>
          {title}
        </Title>
        {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
        {children}
      </Paper>
    </Container>
  );
}
