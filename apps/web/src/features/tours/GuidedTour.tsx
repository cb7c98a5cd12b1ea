import { Tour } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TourDefinition } from './tourTypes';
import { useGuidedTour } from './useGuidedTour';

interface GuidedTourProps {
  tour: TourDefinition;
}

/**
 * Mounts a screen's tour: it starts by itself when due (useGuidedTour). Each step is a modal dialog named by its
 * title and described by its text; the focus moves into it and stays there while the overlay covers the page, and
 * Escape, Skip or Finish leave at any step (the arrow keys move between steps).
 */
export function GuidedTour({ tour }: GuidedTourProps) {
  const { t } = useTranslation();
  const { active, stop } = useGuidedTour(tour);
  if (!active) return null;
  return (
    <Tour
      active
      onClose={stop}
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
      {tour.steps.map((step) => (
        <Tour.Step key={step.target} target={step.target} title={t(step.title)} position={step.position}>
          {t(step.text)}
        </Tour.Step>
      ))}
    </Tour>
  );
}
