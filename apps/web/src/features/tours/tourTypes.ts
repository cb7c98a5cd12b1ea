import type { FloatingPosition } from '@mantine/core';
import type { ParseKeys } from 'i18next';
import type { TourName } from '@reqloom/domain';

/** One step: what it points at, and the i18n keys of its title and text (tours speak both languages). */
export interface TourStepDefinition {
  /** A CSS selector; `tourTarget(id)` builds the usual one, on a `data-tour` attribute. */
  target: string;
  title: ParseKeys;
  text: ParseKeys;
  position?: FloatingPosition;
}

/** A guided tour of one screen. Its name is the key of its done flag in the preferences (`tours[name]`). */
export interface TourDefinition {
  name: TourName;
  steps: readonly [TourStepDefinition, ...TourStepDefinition[]];
}

/** The selector of an element marked `data-tour={id}`: markers survive restyling, unlike class names. */
export function tourTarget(id: string): string {
  return `[data-tour="${id}"]`;
}
