import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@reqloom/domain';
import { enCatalog, loadFrCatalog, type Catalog } from './catalogs';
import { detectLanguage, isLanguage, LANGUAGE_STORAGE_KEY } from './language';

export const i18n = i18next.createInstance();

// English is bundled; other languages are fetched the first time they are chosen, so that the first page stays small.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Catalog>> = {
  fr: loadFrCatalog,
};

async function loadLanguage(lang: Language): Promise<void> {
  if (lang === 'en' || i18n.hasResourceBundle(lang, 'translation')) return;
  const resources = await loaders[lang]();
  i18n.addResourceBundle(lang, 'translation', resources);
}

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function currentLanguage(): Language {
  if (isLanguage(i18n.language)) return i18n.language;
  // Before initI18n has settled it (the reads of app/earlyStart.ts): the language it is about to choose.
  if (i18n.isInitialized || typeof navigator === 'undefined') return DEFAULT_LANGUAGE;
  return detectLanguage(readStoredLanguage(), navigator.languages);
}

/** Switches the interface language; `remember` keeps the choice for the next visit (the public screens use it). */
export async function setLanguage(lang: Language, remember = true): Promise<void> {
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
    } catch {
      // Storage may be disabled (private mode): the choice then lasts for this visit only.
    }
  }
}

export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: enCatalog } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
  });
  const lang = detectLanguage(readStoredLanguage(), navigator.languages);
  if (lang !== DEFAULT_LANGUAGE) await setLanguage(lang, false);
  else document.documentElement.lang = lang;
}
