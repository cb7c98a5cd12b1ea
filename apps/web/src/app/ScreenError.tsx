import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ScreenErrorProps {
  error: unknown;
}

/** What a screen that failed shows instead; a chunk that could not be fetched gets its own advice. */
export function ScreenError({ error }: ScreenErrorProps) {
  const { t } = useTranslation();
  const chunkFailed = error instanceof TypeError || (error instanceof Error && /import|module/i.test(error.message));
  return (
    <Container size="sm" py="xl">
      <Alert
        color="red"
        icon={<IconAlertTriangle />}
        // It stands for the whole screen: its title is the page's one heading.
        title={
          <Title order={1} fz="inherit" fw="inherit" lh="inherit" c="inherit">
            {t('errors.generic')}
          </Title>
        }
      >
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{chunkFailed ? t('errors.screenLoad') : t('errors.tryAgain')}</Text>
          <Button variant="light" color="red" size="xs" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
