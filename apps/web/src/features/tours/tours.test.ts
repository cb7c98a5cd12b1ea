import { describe, expect, it } from 'vitest';
import { TOUR_NAMES } from '@reqloom/domain';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import { DEFINED_TOURS, TOURS } from './tourRegistry';

function text(catalogue: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe('guided tours', () => {
  it('cover every tour of decisions §18, each under the key of its done flag', () => {
    expect(Object.keys(TOURS).sort()).toEqual([...TOUR_NAMES].sort());
    for (const [name, tour] of Object.entries(TOURS)) {
      expect(tour?.name, `the ${name} tour`).toBe(name);
    }
    expect(DEFINED_TOURS.map((tour) => tour.name)).toEqual([
      'dashboard',
      'project',
      'document',
      'category',
      'requirement',
      'projectSettings',
      'synaeptic',
      'testPlayer',
    ]);
  });

  it.each(DEFINED_TOURS.map((tour) => [tour.name, tour] as const))('%s has 3 to 7 steps', (_, tour) => {
    expect(tour.steps.length).toBeGreaterThanOrEqual(3);
    expect(tour.steps.length).toBeLessThanOrEqual(7);
  });

  it.each(DEFINED_TOURS.map((tour) => [tour.name, tour] as const))(
    '%s speaks English and French on every step',
    (_, tour) => {
      const keys = tour.steps.flatMap((step) => [step.title, step.text]);
      for (const catalogue of [en, fr]) {
        const missing = keys.filter((key) => {
          const value = text(catalogue, key);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(missing).toEqual([]);
      }
      // A French text copied from the English one is a translation left undone.
      const untranslated = tour.steps.filter((step) => text(en, step.text) === text(fr, step.text));
      expect(untranslated).toEqual([]);
    },
  );

  it('name their buttons in both languages', () => {
    for (const key of ['skip', 'back', 'next', 'finish', 'counter']) {
      expect(text(en, `tours.${key}`)).toEqual(expect.any(String));
      expect(text(fr, `tours.${key}`)).toEqual(expect.any(String));
      expect(text(fr, `tours.${key}`)).not.toBe(text(en, `tours.${key}`));
    }
  });

  it('point at distinct data-tour markers', () => {
    for (const tour of DEFINED_TOURS) {
      for (const step of tour.steps) expect(step.target).toMatch(/^\[data-tour="[\w-]+"\]$/);
      const targets = tour.steps.map((step) => step.target);
      expect(new Set(targets).size).toBe(targets.length);
    }
  });
});
