import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/usePageTitle';
import { AccessTokenList } from './AccessTokenList';
import { GenerateTokenCard } from './GenerateTokenCard';

export function ApplicationsScreen() {
  const { t } = useTranslation();
  usePageTitle(t('user.applications.title'));
  return (
    <Stack gap="lg">
      <GenerateTokenCard />
      <AccessTokenList />
    </Stack>
  );
}
