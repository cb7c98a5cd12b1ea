import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's code or first data loads. */
export function ScreenLoader() {
  const { t } = useTranslation();
  return (
    <Center py={80} role="status" aria-label={t('common.loading')}>
      <Loader size="md" type="dots" />
    </Center>
  );
}
