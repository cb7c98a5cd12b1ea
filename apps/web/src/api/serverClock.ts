// The server's clock as the client sees it (issue 9 §3): times on screen ("updated 3 minutes ago") are the
// server's, and a client clock that runs behind would show them in the future ("updated in 7 seconds").
// Every API answer carries a Date header; the offset between the two clocks is estimated from it.

let offsetMs = 0;
let known = false;

/**
 * Takes the Date header of an answer: it is cut to the second, so the server's time lies within a second after
 * it, at some moment between sending and receiving. Small differences are noise and are ignored.
 */
export function noteServerDate(header: string | null, sentAt: number, receivedAt: number): void {
  if (!header) return;
  const server = Date.parse(header);
  if (Number.isNaN(server)) return;
  const estimate = server + 500 - (sentAt + receivedAt) / 2;
  if (!known || Math.abs(estimate - offsetMs) > 1000) offsetMs = estimate;
  known = true;
}

/** Now, on the server's clock. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** For tests: forget what was learnt. */
export function resetServerClock(): void {
  offsetMs = 0;
  known = false;
}
