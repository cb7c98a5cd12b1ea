/** PostgreSQL's unique_violation, as raised by both pg and PGlite (possibly wrapped by drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e === 'object' && 'code' in e && e.code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
