import { Badge } from '@mantine/core';
import type { TestStep } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { isChecked } from '../player/playerState';

/** A step's status: not run, ok or not ok (a step with an expected result), or done (one without). */
export function StepStatusBadge({ step }: { step: Pick<TestStep, 'status' | 'expectedResult'> }) {
  const { t } = useTranslation();
  if (step.status === null) {
    return (
      <Badge variant="outline" color="gray" size="sm" radius="sm">
        {t('tests.status.notRun')}
      </Badge>
    );
  }
  if (step.status === false) {
    return (
      <Badge variant="light" color="red" size="sm" radius="sm">
        {t('tests.status.notOk')}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={isChecked(step) ? 'green' : 'blue'} size="sm" radius="sm">
      {isChecked(step) ? t('tests.status.ok') : t('tests.status.done')}
    </Badge>
  );
}
