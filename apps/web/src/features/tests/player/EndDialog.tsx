import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { IconArrowLeft, IconPlayerTrackNext } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../components/errorMessage';
import { usePlaytestPath } from '../api/usePlaytestPath';
import { ResultBadge } from '../view/ResultBadge';
import { formatStopwatch, playerOutcome, type PlayerState, type RunSaving } from './playerState';
import classes from './TestPlayer.module.css';

interface EndDialogProps {
  opened: boolean;
  state: PlayerState;
  saving: RunSaving | null;
  /** The next test in the document's order, if any. */
  next: RequirementPresented | undefined;
  testHref: string;
  onRetrySave: () => void;
  onClose: () => void;
}

/** The end of a run (spec 2 §4): pass or fail, the success ratio and the duration; run the next test or go back. */
export function EndDialog({ opened, state, saving, next, testHref, onRetrySave, onClose }: EndDialogProps) {
  const { t } = useTranslation();
  const playtest = usePlaytestPath();
  const outcome = playerOutcome(state);
  const pass = outcome.result === 'pass';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      // Wide enough for both figures side by side: in Mantine's 440 px the duration wrapped onto two lines.
      size={560}
      title={
        <Group gap="sm">
          <Text fw={700} fz="lg">
            {pass ? t('tests.end.pass') : t('tests.end.fail')}
          </Text>
          <ResultBadge result={outcome.result} />
        </Group>
      }
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <div className={classes.figure}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('tests.runs.ratio')}
            </Text>
            <Text className={classes.figureValue} c={pass ? 'green.8' : 'red.8'}>
              {t('tests.ratio', { ratio: outcome.success_ratio })}
            </Text>
          </div>
          <div className={classes.figure}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('tests.runs.duration')}
            </Text>
            <Text className={classes.figureValue}>{formatStopwatch(state.elapsed)}</Text>
          </div>
        </SimpleGrid>
        {saving?.state === 'saving' ? (
          <Text fz="sm" c="dimmed" role="status">
            {t('tests.end.saving')}
          </Text>
        ) : null}
        {saving?.state === 'saved' ? (
          <Text fz="sm" c="dimmed" role="status">
            {t('tests.end.saved')}
          </Text>
        ) : null}
        {saving?.state === 'failed' ? (
          <Alert color="red" variant="light" title={t('tests.end.notSaved')}>
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{errorMessage(saving.error, t)}</Text>
              <Button size="xs" variant="light" color="red" onClick={onRetrySave}>
                {t('tests.end.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button component={Link} to={testHref} variant="default" leftSection={<IconArrowLeft size={16} />}>
            {t('tests.end.back')}
          </Button>
          {next ? (
            <Button component={Link} to={playtest(next.id)} leftSection={<IconPlayerTrackNext size={16} />}>
              {t('tests.end.next')}
            </Button>
          ) : (
            <Button disabled leftSection={<IconPlayerTrackNext size={16} />} title={t('tests.end.noNext')}>
              {t('tests.end.next')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
