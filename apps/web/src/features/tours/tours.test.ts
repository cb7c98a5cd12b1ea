import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import { dashboardTour } from './dashboardTour';
import { projectTour } from './projectTour';

const TOURS = [dashboardTour, projectTour];

function text(catalogue: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe('guided tours', () => {
  it('have distinct names, the keys of their done flags', () => {
    const names = TOURS.map((tour) => tour.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('speak both languages on every step', () => {
    const missing = TOURS.flatMap((tour) => tour.steps.flatMap((step) => [step.title, step.text])).flatMap((key) =>
      [en, fr].filter((catalogue) => typeof text(catalogue, key) !== 'string').map(() => key),
    );
    expect(missing).toEqual([]);
  });

  it('point at data-tour markers', () => {
    for (const step of TOURS.flatMap((tour) => tour.steps)) expect(step.target).toMatch(/^\[data-tour="[\w-]+"\]$/);
  });
});
