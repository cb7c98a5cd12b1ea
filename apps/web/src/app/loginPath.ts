/** The login address that brings the user back to `path` afterwards. */
export function loginPath(path: string): string {
  return `/login?from=${encodeURIComponent(path)}`;
}
