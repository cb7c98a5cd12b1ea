import { useState } from 'react';
import { Stack, Stepper, Text, Tooltip } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../projects/useCan';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { notifyFailure } from '../common/notifyFailure';
import { STATUS_META, statusMeta } from '../common/statusMeta';
import { statusAfterStepClick, stepBlock } from '../logic/statusSteps';

const STEPS = [1, 2, 3] as const;

/**
 * The status stepper (spec 2 §4, decisions §6): written, reviewed, validated. Clicking the next step advances
 * by one; clicking the last reached step goes back one. The current status is named above it, draft included
 * (a draft has no step of its own). A step that cannot be clicked stays focusable and says why, on hover and on
 * focus (a tooltip) and to a screen reader (its description): a silent click read as a broken button. Below
 * editor (decisions §20) the steps only show the status: none takes a click.
 */
export function StatusStepper({ requirement }: { requirement: RequirementPresented }) {
  const { t } = useTranslation();
  const actions = useWorkingAreaActions();
  const canEdit = useCan('editor');
  const [pending, setPending] = useState<number | null>(null);
  // The blocked step whose reason shows, and its element (the tooltip is placed against it).
  const [hint, setHint] = useState<{ index: number; element: HTMLElement } | null>(null);
  const status = requirement.status;
  const current = t(statusMeta(status).key);

  const reason = (index: number): string | undefined => {
    const block = stepBlock(status, index);
    if (!block) return undefined;
    return 'ahead' in block
      ? t('requirements.stepAhead', { next: t(statusMeta(block.ahead).key) })
      : t('requirements.stepBehind', { last: t(statusMeta(block.behind).key) });
  };

  const click = async (index: number) => {
    const next = statusAfterStepClick(status, index);
    if (next === null || pending !== null) return;
    setPending(index);
    try {
      await actions.updateRequirement(requirement, { status: next });
    } catch (error) {
      notifyFailure(error, t);
    } finally {
      setPending(null);
    }
  };

  const show = (index: number) => (event: React.SyntheticEvent<HTMLElement>) => {
    const element = event.currentTarget;
    setHint(reason(index) ? { index, element } : null);
  };
  const hide = () => setHint(null);
  const hintLabel = hint ? reason(hint.index) : undefined;

  return (
    <Stack gap={6} data-tour="requirement-status">
      <Text fz="sm" data-current-status>
        {t('requirements.currentStatus')}{' '}
        <Text
          span
          fz="sm"
          fw={650}
          c={statusMeta(status).color === 'gray' ? undefined : `${statusMeta(status).color}.7`}
        >
          {current}
        </Text>
      </Text>
      <Stepper
        active={status}
        onStepClick={canEdit ? (index) => void click(index) : undefined}
        size="sm"
        iconSize={30}
        allowNextStepsSelect={false}
        aria-label={`${t('requirements.currentStatus')} ${current}`}
      >
        {STEPS.map((value, index) => {
          const meta = STATUS_META[value]!;
          const Icon = meta.icon!;
          const blocked = canEdit ? reason(index) : undefined;
          const advance = index === status;
          return (
            <Stepper.Step
              key={value}
              color={meta.color}
              label={t(meta.key)}
              description={
                blocked || !canEdit ? undefined : advance ? t('requirements.stepAdvance') : t('requirements.stepBack')
              }
              icon={<Icon size={16} />}
              completedIcon={<Icon size={16} />}
              // Every step takes clicks and focus, so that a blocked one can say why; the click handler ignores it.
              allowStepSelect={canEdit}
              loading={pending === index}
              aria-disabled={blocked || pending !== null ? true : undefined}
              aria-description={blocked}
              aria-label={
                blocked || !canEdit
                  ? t(meta.key)
                  : t(advance ? 'requirements.markAs' : 'requirements.undoStep', { status: t(meta.key) })
              }
              style={blocked ? { cursor: 'not-allowed' } : undefined}
              onMouseEnter={show(index)}
              onFocus={show(index)}
              onMouseLeave={hide}
              onBlur={hide}
            />
          );
        })}
      </Stepper>
      {hint && hintLabel ? (
        <Tooltip label={hintLabel} target={hint.element} opened withArrow multiline maw={280} position="bottom" />
      ) : null}
    </Stack>
  );
}
