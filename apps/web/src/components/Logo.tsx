import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogoMark } from './LogoMark';

export function Logo() {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to="/dashboard" aria-label={t('app.home')}>
      <Group gap={10} wrap="nowrap">
        <LogoMark size={28} />
        {/* The name gives way to the project's search and views in a narrow window; the link keeps its label. */}
        <Text fw={700} fz="lg" c="dark.8" lts={-0.2} visibleFrom="sm">
          {t('app.name')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
