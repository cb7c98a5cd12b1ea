/**
 * Reads sent by the boot script (`boot.ts`) before the app's code has been evaluated (about half a second on a
 * full load): their raw answers wait here for the API client, whose first GET of the same path takes the answer on
 * its way instead of asking again, once, within EARLY_RESPONSE_TTL_MS of its start. What an answer means (a 401,
 * an error, the session's slide) is then the client's business, as for any answer it gets.
 */
export const EARLY_RESPONSE_TTL_MS = 10_000;

interface EarlyResponse {
  response: Promise<Response>;
  startedAt: number;
}

const kept = new Map<string, EarlyResponse>();
// Paths the client asked for itself in the first seconds: a read the boot script would start later is not sent twice.
const claimed = new Set<string>();

/** Sends a read of `path` (below /api/) now, unless it is on its way or the client has already asked for it. */
export function fetchEarly(path: string, language: string, now = Date.now()): Promise<Response> | undefined {
  if (kept.has(path) || claimed.has(path)) return undefined;
  const response = fetch(`/api/${path}`, {
    headers: { Accept: 'application/json', 'Accept-Language': language },
    credentials: 'same-origin',
  });
  // Nobody may take it: its failure is then nobody's, not an unhandled rejection.
  response.catch(() => undefined);
  kept.set(path, { response, startedAt: now });
  return response;
}

/**
 * The early answer of `path`, once; undefined when there is none or it has grown too old. A path without one is
 * claimed in the first seconds of the page, so that the boot script does not send it too.
 */
export function takeEarlyResponse(
  path: string,
  now = Date.now(),
  pageAgeMs = performance.now(),
): EarlyResponse | undefined {
  const early = kept.get(path);
  if (!early) {
    if (pageAgeMs <= EARLY_RESPONSE_TTL_MS) claimed.add(path);
    return undefined;
  }
  kept.delete(path);
  return now - early.startedAt <= EARLY_RESPONSE_TTL_MS ? early : undefined;
}

/** When the session ends: what was read for it is not kept for the next one. */
export function dropEarlyResponses(): void {
  kept.clear();
  claimed.clear();
}
