import { useEffect, useReducer, useRef, useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { IconArrowLeft, IconPlayerPause, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RichTextView } from '../../../components/editor/RichTextView';
import { useProject } from '../../projects/useProject';
import { GuidedTour } from '../../tours/GuidedTour';
import { testPlayerTour } from '../../tours/testPlayerTour';
import { applyOwnWorkingAreaEvents } from '../../working-area/api/applyWorkingAreaEvent';
import { useWorkingAreaPaths } from '../../working-area/common/useWorkingAreaPaths';
import { createTestRun } from '../api/testsApi';
import { nextTestOf, useProjectTests } from '../api/useProjectTests';
import { EndDialog } from './EndDialog';
import { PlayerStepCard } from './PlayerStepCard';
import {
  canSetStep,
  currentStepIndex,
  formatStopwatch,
  initialPlayerState,
  playerReducer,
  runBody,
  type PlayerPhase,
  type PlayerState,
  type RunSaving,
} from './playerState';
import classes from './TestPlayer.module.css';

const PHASE_COLOR: Record<PlayerPhase, string> = {
  notStarted: 'gray',
  inProgress: 'brand',
  paused: 'orange',
  completed: 'green',
};

/**
 * The test player (spec 2 §4): a stopwatch that counts each second while the run is in progress, the steps to set
 * one after the other, and at the end the verdict, kept on the server as one of the test's runs (decisions §16).
 */
export function TestPlayer({ test }: { test: RequirementPresented }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const projectId = useProject().project.id;
  const paths = useWorkingAreaPaths();
  const { tests } = useProjectTests(projectId);
  const [state, dispatch] = useReducer(playerReducer, test.steps ?? [], initialPlayerState);
  const [saving, setSaving] = useState<RunSaving | null>(null);
  const [endOpen, setEndOpen] = useState(false);
  // The run as it completed, for a retry of its saving.
  const finished = useRef<PlayerState | null>(null);
  const current = currentStepIndex(state.steps);
  const next = nextTestOf(tests, test);

  // The test as it changes elsewhere, shown while nobody plays it here.
  useEffect(() => dispatch({ type: 'load', steps: test.steps ?? [] }), [test.steps]);

  // One tick a second, only while in progress.
  useEffect(() => {
    if (state.phase !== 'inProgress') return;
    const timer = window.setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => window.clearInterval(timer);
  }, [state.phase]);

  // A completed run is kept on the server; the end dialog shows how that went.
  const keep = async (run: PlayerState) => {
    setSaving({ state: 'saving' });
    try {
      const kept = await createTestRun(test.id, runBody(run));
      setSaving({ state: 'saved', run: kept.data });
      // The test took the run's statuses and observations (its RequirementUpdated also reloads its runs).
      await applyOwnWorkingAreaEvents(queryClient, projectId, kept.events);
    } catch (error) {
      setSaving({ state: 'failed', error });
    }
  };
  const setStep = (index: number, status: boolean) => {
    const action = { type: 'set', index, status } as const;
    const after = playerReducer(state, action);
    dispatch(action);
    if (after.phase === 'completed' && state.phase !== 'completed') {
      finished.current = after;
      setEndOpen(true);
      void keep(after);
    }
  };

  const phaseLabel = t(`tests.player.phase.${state.phase}`);
  const start = () => {
    setSaving(null);
    dispatch({ type: 'start', now: new Date().toISOString() });
  };

  return (
    <Stack gap="md">
      <GuidedTour tour={testPlayerTour} />
      <Anchor component={Link} to={paths.requirement(test.id)} fz="sm" className={classes.back}>
        <IconArrowLeft size={14} aria-hidden />
        {t('tests.player.backToTest')}
      </Anchor>
      <Paper withBorder radius="md" p="lg" className={classes.header}>
        <Group justify="space-between" align="center" wrap="wrap" gap="lg">
          <Stack gap={4} miw={0} style={{ flex: 1 }} data-tour="test-player-header">
            <Text fz="xs" tt="uppercase" fw={700} c="dimmed" lts={0.5}>
              {t('project.views.playtest')}
            </Text>
            <Title order={1} fz="h3" className={classes.title}>
              <span className={classes.reference}>{test.reference}</span> {test.name}
            </Title>
            <Group gap="xs">
              <Badge color={PHASE_COLOR[state.phase]} variant="light" radius="sm">
                {phaseLabel}
              </Badge>
              <Text fz="sm" c="dimmed">
                {t('tests.player.progress', {
                  done: Math.min(current, state.steps.length),
                  count: state.steps.length,
                })}
              </Text>
            </Group>
          </Stack>
          <Stack gap={8} align="flex-end">
            <div
              className={classes.stopwatch}
              role="timer"
              aria-label={t('tests.player.stopwatch')}
              data-tour="test-player-stopwatch"
            >
              {formatStopwatch(state.elapsed)}
            </div>
            <Group gap="xs" data-tour="test-player-controls">
              {state.phase === 'notStarted' || state.phase === 'completed' ? (
                <Button
                  leftSection={state.phase === 'completed' ? <IconRefresh size={16} /> : <IconPlayerPlay size={16} />}
                  disabled={state.steps.length === 0}
                  onClick={start}
                >
                  {state.phase === 'completed' ? t('tests.player.restart') : t('tests.player.start')}
                </Button>
              ) : null}
              {state.phase === 'inProgress' ? (
                <Button
                  variant="light"
                  color="orange"
                  leftSection={<IconPlayerPause size={16} />}
                  onClick={() => dispatch({ type: 'pause' })}
                >
                  {t('tests.player.pause')}
                </Button>
              ) : null}
              {state.phase === 'paused' ? (
                <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => dispatch({ type: 'resume' })}>
                  {t('tests.player.resume')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Group>
      </Paper>
      {/* What the player is doing, read out when it changes (the stopwatch itself is not announced every second). */}
      <div aria-live="polite" role="status" className={classes.visuallyHidden}>
        {t('tests.player.announce', {
          phase: phaseLabel,
          done: Math.min(current, state.steps.length),
          count: state.steps.length,
        })}
      </div>
      {test.initialConditions?.trim() ? (
        <Paper withBorder radius="md" p="md">
          <Title order={2} fz="sm" mb={6}>
            {t('tests.initialConditions')}
          </Title>
          <RichTextView html={test.initialConditions} />
        </Paper>
      ) : null}
      {state.steps.length === 0 ? (
        <Text c="dimmed" fs="italic">
          {t('tests.steps.none')}
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ol"
          className={classes.stepList}
          aria-label={t('tests.steps.title')}
          data-tour="test-player-steps"
        >
          {state.steps.map((step, index) => (
            <PlayerStepCard
              key={step.step}
              step={step}
              current={state.phase !== 'notStarted' && state.phase !== 'completed' && index === current}
              canSet={canSetStep(state, index)}
              canObserve={state.phase !== 'notStarted'}
              onSet={(status) => setStep(index, status)}
              onObserve={(observation) => dispatch({ type: 'observe', index, observation })}
            />
          ))}
        </Stack>
      )}
      <EndDialog
        opened={endOpen}
        state={state}
        saving={saving}
        next={next}
        testHref={paths.requirement(test.id)}
        onRetrySave={() => {
          if (finished.current) void keep(finished.current);
        }}
        onClose={() => setEndOpen(false)}
      />
    </Stack>
  );
}
