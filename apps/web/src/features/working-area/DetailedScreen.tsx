import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The detailed view of a document, category or requirement (route detailed/:elementView?/:elementId?,
 * rendered inside the project shell). Placeholder until the working area is built.
 */
export function DetailedScreen() {
  const { t } = useTranslation();
  return <Text>{t('workingArea.title')}</Text>;
}
