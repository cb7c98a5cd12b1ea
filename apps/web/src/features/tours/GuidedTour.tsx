import { useMemo } from 'react';
import { Tour } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { bringStepIntoView, StepTarget } from './StepTarget';
import type { TourDefinition } from './tourTypes';
import { useGuidedTour } from './useGuidedTour';

interface GuidedTourProps {
  tour: TourDefinition;
}

/**
 * Mounts a screen's tour: it starts by itself when due (useGuidedTour). Each step is a modal dialog named by its
 * title and described by its text; the focus moves into it and stays there while the overlay covers the page, and
 * Escape, Skip or Finish leave at any step (the arrow keys move between steps). A step points at the part of its
 * target that leaves its dialog room in the window (StepTarget).
 */
export function GuidedTour({ tour }: GuidedTourProps) {
  const { t } = useTranslation();
  const { active, stop } = useGuidedTour(tour);
  // One target per step, kept across renders: Mantine reads a step's target again when it changes.
  const targets = useMemo(() => tour.steps.map((step) => new StepTarget(step.target, step.position).asRef()), [tour]);
  // Escape stops the tour whatever has the focus: Mantine's own listener skips an element that asks it to
  // (data-mantine-stop-propagation, as an open select does), which left the overlay up with no way out.
  useWindowEvent(
    'keydown',
    (event) => {
      if (!active || event.key !== 'Escape' || event.isComposing) return;
      event.preventDefault();
      event.stopPropagation();
      stop();
    },
    { capture: true },
  );
  if (!active) return null;
  return (
    <Tour
      active
      onClose={stop}
      closeOnEscape={false}
      scrollToHandler={bringStepIntoView}
      // Skip and Escape already leave; one close label serves both the corner button and the last step's button.
      withCloseButton={false}
      maxWidth={380}
      overlayColor="rgba(20, 30, 48, 0.45)"
      spotlightRadius={8}
      // Mantine writes the step counter in gray 6 (3.3:1 on white); the theme's dimmed grey reads at 4.5:1.
      styles={{ stepCounter: { color: 'var(--mantine-color-dimmed)' } }}
      labels={{
        skip: t('tours.skip'),
        back: t('tours.back'),
        next: t('tours.next'),
        close: t('tours.finish'),
        stepCounter: (current, total) => t('tours.counter', { current, total }),
      }}
      // The overlay blocks the page and the focus stays in the step: a modal dialog, as assistive technology is told.
      attributes={{ tooltip: { 'aria-modal': 'true' } }}
      data-testid={`tour-${tour.name}`}
    >
      {tour.steps.map((step, index) => (
        <Tour.Step key={step.target} target={targets[index]} title={t(step.title)} position={step.position}>
          {t(step.text)}
        </Tour.Step>
      ))}
    </Tour>
  );
}
