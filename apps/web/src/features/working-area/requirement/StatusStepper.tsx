import { useState } from 'react';
import { Stepper } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { notifyFailure } from '../common/notifyFailure';
import { STATUS_META } from '../common/statusMeta';
import { isStepClickable, statusAfterStepClick } from '../logic/statusSteps';

const STEPS = [1, 2, 3] as const;

/**
 * The status stepper (spec 2 §4, decisions §6): written, reviewed, validated. Clicking the next step advances
 * by one; clicking the last reached step goes back one; the others cannot be clicked.
 */
export function StatusStepper({ requirement }: { requirement: RequirementPresented }) {
  const { t } = useTranslation();
  const actions = useWorkingAreaActions();
  const [pending, setPending] = useState<number | null>(null);
  const status = requirement.status;

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

  return (
    <Stepper
      data-tour="requirement-status"
      active={status}
      onStepClick={(index) => void click(index)}
      size="sm"
      iconSize={30}
      allowNextStepsSelect={false}
      aria-label={t('requirements.statusStepper')}
    >
      {STEPS.map((value, index) => {
        const meta = STATUS_META[value]!;
        const Icon = meta.icon!;
        const clickable = isStepClickable(status, index);
        const advance = index === status;
        return (
          <Stepper.Step
            key={value}
            color={meta.color}
            label={t(meta.key)}
            description={clickable ? (advance ? t('requirements.stepAdvance') : t('requirements.stepBack')) : undefined}
            icon={<Icon size={16} />}
            completedIcon={<Icon size={16} />}
            allowStepSelect={clickable && pending === null}
            loading={pending === index}
            aria-label={
              clickable
                ? t(advance ? 'requirements.markAs' : 'requirements.undoStep', { status: t(meta.key) })
                : t(meta.key)
            }
          />
        );
      })}
    </Stepper>
  );
}
