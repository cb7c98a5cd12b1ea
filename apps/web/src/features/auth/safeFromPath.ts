/**
 * The `from` query parameter of login, kept only when it is a path of this site: an open redirect would let a
 * crafted link send a freshly logged-in user to another site.
 */
export function safeFromPath(from: string | null, origin: string): string | null {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  try {
    const url = new URL(from, origin);
    if (url.origin !== origin || url.pathname === '/login') return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
