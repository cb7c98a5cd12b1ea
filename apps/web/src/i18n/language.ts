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

// A language picked on a public page (login, registration) is the person's choice for their account too: it is
// kept for this tab until they are logged in, then saved to their preferences (issue 9 §3).
const PICKED_KEY = 'reqloom.langPicked';

function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function rememberPickedLanguage(lang: Language): void {
  tabStorage()?.setItem(PICKED_KEY, lang);
}

/** The language picked before logging in, once: reading it forgets it. */
export function takePickedLanguage(): Language | null {
  const storage = tabStorage();
  const picked = storage?.getItem(PICKED_KEY) ?? null;
  storage?.removeItem(PICKED_KEY);
  return isLanguage(picked) ? picked : null;
}
