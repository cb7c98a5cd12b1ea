import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';

export function ForbiddenScreen() {
  const { t } = useTranslation();
  usePageTitle(t('forbidden.title'));
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={96} fw={800} lh={1} c="brand.5">
          {t('forbidden.code')}
        </Text>
        <Title order={1} fz={26} fw={650}>
          {t('forbidden.message')}
        </Title>
        <Button component={Link} to="/dashboard" variant="light" leftSection={<IconArrowLeft size={16} />} mt="sm">
          {t('forbidden.back')}
        </Button>
      </Stack>
    </Container>
  );
}
