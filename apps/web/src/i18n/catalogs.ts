import baselinesEn from './baselines.en.json';
import en from './en.json';
import historyEn from './history.en.json';
import suspectLinksEn from './suspect-links.en.json';
import membersEn from './members.en.json';
import reviewsEn from './reviews.en.json';
import qualityEn from './quality.en.json';
import testsEn from './tests.en.json';
import workingAreaEn from './working-area.en.json';

// The interface texts come in several files per language, one per area of the app, so that areas can grow
// side by side; their top-level keys never overlap. English is bundled; French is loaded on demand.
export const enCatalog = {
  ...en,
  ...workingAreaEn,
  ...testsEn,
  ...membersEn,
  ...historyEn,
  ...suspectLinksEn,
  ...baselinesEn,
  ...reviewsEn,
  ...qualityEn,
};
export type Catalog = typeof en &
  typeof workingAreaEn &
  typeof testsEn &
  typeof membersEn &
  typeof historyEn &
  typeof suspectLinksEn &
  typeof baselinesEn &
  typeof reviewsEn &
  typeof qualityEn;

export async function loadFrCatalog(): Promise<Catalog> {
  const [fr, workingAreaFr, testsFr, membersFr, historyFr, suspectLinksFr, baselinesFr, reviewsFr, qualityFr] =
    await Promise.all([
      import('./fr.json'),
      import('./working-area.fr.json'),
      import('./tests.fr.json'),
      import('./members.fr.json'),
      import('./history.fr.json'),
      import('./suspect-links.fr.json'),
      import('./baselines.fr.json'),
      import('./reviews.fr.json'),
      import('./quality.fr.json'),
    ]);
  return {
    ...fr.default,
    ...workingAreaFr.default,
    ...testsFr.default,
    ...membersFr.default,
    ...historyFr.default,
    ...suspectLinksFr.default,
    ...baselinesFr.default,
    ...reviewsFr.default,
    ...qualityFr.default,
  };
}

export const catalogFiles = {
  en: [
    'en.json',
    'working-area.en.json',
    'tests.en.json',
    'members.en.json',
    'history.en.json',
    'suspect-links.en.json',
    'baselines.en.json',
    'reviews.en.json',
    'quality.en.json',
  ],
  fr: [
    'fr.json',
    'working-area.fr.json',
    'tests.fr.json',
    'members.fr.json',
    'history.fr.json',
    'suspect-links.fr.json',
    'baselines.fr.json',
    'reviews.fr.json',
    'quality.fr.json',
  ],
} as const;
