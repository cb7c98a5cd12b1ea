import fs from 'node:fs';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { TourName } from '@reqloom/domain';
import { TOURS } from '../../apps/web/src/features/tours/tourRegistry';
import type { TourDefinition } from '../../apps/web/src/features/tours/tourTypes';
import { data, type SeededProject } from './seed';
import { ALL_TOURS_DONE, apiCall } from './users';

// What the tour suites share: the texts of both catalogues, where each tour shows, and how to reach its steps.

export type Language = 'en' | 'fr';
type Catalogue = Record<string, unknown>;
const catalogue = (language: Language): Catalogue =>
  JSON.parse(
    fs.readFileSync(new URL(`../../apps/web/src/i18n/${language}.json`, import.meta.url), 'utf8'),
  ) as Catalogue;
const catalogues = { en: catalogue('en'), fr: catalogue('fr') };

/** The text of an i18n key in one language, as the client shows it. */
export function text(key: string, language: Language = 'en'): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogues[language]);
  if (typeof value !== 'string') throw new Error(`No ${language} text for ${key}`);
  return value;
}

/** The seeded project, and the test the test player's tour plays (it needs the user's alpha flag). */
export interface TourSeed extends SeededProject {
  playerTest: number;
}

/** Where each tour shows. The registry's null tours would be skipped until their file lands. */
export const VIEWS: { readonly [Name in TourName]: ((seed: TourSeed) => string) | null } = {
  dashboard: () => '/dashboard',
  project: (seed) => seed.base,
  document: (seed) => `${seed.base}/detailed/document/${seed.parentDocument}`,
  category: (seed) => `${seed.base}/detailed/category/${seed.category}`,
  requirement: (seed) => `${seed.base}/detailed/requirement/${seed.requirement}`,
  projectSettings: (seed) => `${seed.base}/settings`,
  synaeptic: (seed) => `${seed.base}/synaeptic`,
  testPlayer: (seed) => `${seed.base}/playtest/${seed.playerTest}`,
};

/** The tours that exist and have a view, in the registry's order. */
export const WALKABLE_TOURS = (Object.keys(VIEWS) as TourName[]).filter((name) => VIEWS[name] && TOURS[name]);

export function tourOf(name: TourName): TourDefinition {
  const tour = TOURS[name];
  if (!tour) throw new Error(`No ${name} tour`);
  return tour;
}

export function viewOf(name: TourName, seed: TourSeed): string {
  const view = VIEWS[name];
  if (!view) throw new Error(`No view for the ${name} tour`);
  return view(seed);
}

/** The dialog of a tour's step, by its title. */
export function tourStep(page: Page, tour: TourDefinition, index: number, language: Language = 'en'): Locator {
  return page.getByRole('dialog', { name: text(tour.steps[index]!.title, language) });
}

/** Every tour done but the given ones (a fresh page load then reads the preferences). */
export async function toursNotDone(context: BrowserContext, ...names: TourName[]): Promise<void> {
  const tours = { ...ALL_TOURS_DONE, ...Object.fromEntries(names.map((name) => [name, false])) };
  await apiCall(context, 'PUT', 'user/preferences', { preferences: { tours } });
}

export async function doneOnServer(context: BrowserContext, name: TourName): Promise<boolean | undefined> {
  const response = await context.request.get('/api/user');
  const body = (await response.json()) as { data: { preferences: { tours: Record<string, boolean> } } };
  return body.data.preferences.tours[name];
}

/** The test the test player's tour plays: made through the API in the given document (needs the alpha flag). */
export async function makePlayerTest(context: BrowserContext, documentId: number): Promise<number> {
  const test = await data<{ id: number }>(
    apiCall(context, 'POST', 'requirements', {
      document_id: documentId,
      name: 'The lamp lights',
      type: 'test',
      steps: [{ step: 1, description: 'Switch it on', expectedResult: 'It lights' }],
    }),
  );
  return test.id;
}
