import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The footer of the creation forms (new group, new project): Cancel back to the dashboard, and Create. */
export function CreateFormActions({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button component={Link} to="/dashboard" variant="default">
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={loading}>
        {t('common.create')}
      </Button>
    </Group>
  );
}
