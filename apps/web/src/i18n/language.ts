import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@reqloom/domain';

export const LANGUAGE_STORAGE_KEY = 'reqloom.lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice wins; otherwise the browser's first language we speak ("fr-CA" counts as fr); else English. */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
