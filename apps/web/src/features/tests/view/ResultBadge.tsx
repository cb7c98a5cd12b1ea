import { Badge } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A run's verdict: pass or fail. */
export function ResultBadge({ result, size = 'sm' }: { result: 'pass' | 'fail'; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  const pass = result === 'pass';
  return (
    <Badge
      variant="light"
      color={pass ? 'green' : 'red'}
      size={size}
      radius="sm"
      leftSection={pass ? <IconCircleCheck size={13} /> : <IconCircleX size={13} />}
    >
      {pass ? t('tests.result.pass') : t('tests.result.fail')}
    </Badge>
  );
}
