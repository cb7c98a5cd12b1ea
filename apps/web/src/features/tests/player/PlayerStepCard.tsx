import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StepStatusBadge } from '../view/StepStatusBadge';
import { isChecked, type PlayerStep } from './playerState';
import classes from './TestPlayer.module.css';

interface PlayerStepCardProps {
  step: PlayerStep;
  /** The step to set now: the first without a status. */
  current: boolean;
  canSet: boolean;
  canObserve: boolean;
  onSet: (status: boolean) => void;
  onObserve: (observation: string) => void;
}

/**
 * A step in the player: what to do, what should happen, ok / not ok (a step with an expected result) or done (one
 * without), and an observation. Only the steps up to the current one can be set.
 */
export function PlayerStepCard({ step, current, canSet, canObserve, onSet, onObserve }: PlayerStepCardProps) {
  const { t } = useTranslation();
  const checked = isChecked(step);
  const n = step.step;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      className={classes.step}
      data-current={current || undefined}
      data-status={step.status === null ? undefined : String(step.status)}
      aria-current={current ? 'step' : undefined}
      aria-label={t('tests.player.stepLabel', { step: n })}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <div className={classes.stepNumber} aria-hidden>
          {n}
        </div>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
              <Text fz="sm" className={classes.stepText}>
                {step.description || (
                  <Text span c="dimmed" fs="italic" fz="sm">
                    {t('tests.player.noDescription')}
                  </Text>
                )}
              </Text>
              {checked ? (
                <Text fz="sm" className={classes.expected}>
                  <Text span fw={600} fz="xs" tt="uppercase" c="dimmed" mr={6}>
                    {t('tests.steps.expectedResult')}
                  </Text>
                  {step.expectedResult}
                </Text>
              ) : null}
            </Stack>
            <StepStatusBadge step={step} />
          </Group>
          <Group gap="xs" align="flex-end" wrap="wrap">
            {checked ? (
              <>
                <Button
                  size="xs"
                  color="green"
                  variant={step.status === true ? 'filled' : 'light'}
                  leftSection={<IconCheck size={14} />}
                  disabled={!canSet}
                  aria-pressed={step.status === true}
                  aria-label={t('tests.player.okStep', { step: n })}
                  onClick={() => onSet(true)}
                >
                  {t('tests.player.ok')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant={step.status === false ? 'filled' : 'light'}
                  leftSection={<IconX size={14} />}
                  disabled={!canSet}
                  aria-pressed={step.status === false}
                  aria-label={t('tests.player.notOkStep', { step: n })}
                  onClick={() => onSet(false)}
                >
                  {t('tests.player.notOk')}
                </Button>
              </>
            ) : (
              <Button
                size="xs"
                color="blue"
                variant={step.status === true ? 'filled' : 'light'}
                leftSection={<IconCheck size={14} />}
                disabled={!canSet}
                aria-pressed={step.status === true}
                aria-label={t('tests.player.doneStep', { step: n })}
                onClick={() => onSet(true)}
              >
                {t('tests.player.done')}
              </Button>
            )}
            <Textarea
              className={classes.observation}
              size="xs"
              autosize
              minRows={1}
              maxRows={10}
              placeholder={t('tests.player.observationPlaceholder')}
              aria-label={t('tests.player.observationOf', { step: n })}
              disabled={!canObserve}
              value={step.observation}
              onChange={(event) => onObserve(event.currentTarget.value)}
            />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
