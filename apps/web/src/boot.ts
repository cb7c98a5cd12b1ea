import { fetchEarly } from './api/earlyResponses';
import { isSessionActive } from './api/session';
import { earlyReadsOf, projectAddressOf } from './features/projects/projectAddress';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from './i18n/language';

/**
 * What the page's first script (`main.tsx`, a few kilobytes) does before it loads the app's code: on a project's
 * address, with a session open by the session clock, it sends the reads the address needs
 * (`earlyReadsOf`, the same as `app/earlyStart.ts` asks for) and keeps their raw answers for the API client
 * (`api/earlyResponses.ts`). Sent by the app's own first script, they left about half a second later, once the
 * libraries and the app had been evaluated. The server checks the session and the membership of each as always.
 */
export function sendEarlyReads(): void {
  const address = projectAddressOf(window.location.pathname);
  if (!address || !isSessionActive()) return;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // No storage (a private window's policy): the browser's languages decide.
  }
  const language = detectLanguage(stored, navigator.languages);
  const reads = earlyReadsOf(address);
  for (const path of reads.first) {
    const response = fetchEarly(path, language);
    if (path !== reads.project || !response) continue;
    // The project's own reads once its id is known; its answer itself stays whole for the client.
    void response
      .then((answer) => (answer.ok ? (answer.clone().json() as Promise<{ data?: { id?: unknown } }>) : null))
      .then((project) => {
        const id = project?.data?.id;
        if (typeof id !== 'number' || !isSessionActive()) return;
        for (const next of reads.ofProject(id)) void fetchEarly(next, language);
      })
      .catch(() => undefined);
  }
}
