import en from './en.json';
import workingAreaEn from './working-area.en.json';

// The interface texts come in several files per language, one per area of the app, so that areas can grow
// side by side; their top-level keys never overlap. English is bundled; French is loaded on demand.
export const enCatalog = { ...en, ...workingAreaEn };
export type Catalog = typeof en & typeof workingAreaEn;

export async function loadFrCatalog(): Promise<Catalog> {
  const [fr, workingAreaFr] = await Promise.all([import('./fr.json'), import('./working-area.fr.json')]);
  return { ...fr.default, ...workingAreaFr.default };
}

export const catalogFiles = {
  en: ['en.json', 'working-area.en.json'],
  fr: ['fr.json', 'working-area.fr.json'],
} as const;
