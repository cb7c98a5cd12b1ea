import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { matchPath, UNSAFE_DataRouterContext, useLocation, type PathMatch } from 'react-router';

const noSubscription = () => () => undefined;

/** A path's segments decoded as React Router decodes them for `useMatch` (an encoded slash stays encoded). */
function decodePath(path: string): string {
  try {
    return path
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return path;
  }
}

/**
 * `useMatch` on the path the router is at as soon as a navigation is decided. `useLocation` (and `useMatch`) give
 * the path React has rendered: the router hands its new state to React in a transition, so while the next screen
 * renders (a few hundred milliseconds on a busy machine) they still name the previous one. A control that shows
 * where the user is going (the top bar's view toggle) reads this instead, so that a second click during that time
 * acts on the page being opened. A navigation held by the unsaved-work blocker does not move the router: this stays
 * where the user is until they choose to leave.
 *
 * The data router is read from its context (exported by React Router as `UNSAFE_DataRouterContext`; its own hooks
 * read it); outside a data router (a unit test's `MemoryRouter`) this is `useMatch`.
 */
export function useLatestMatch<Path extends string>(pattern: Path): PathMatch | null {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const rendered = useLocation().pathname;
  const subscribe = useCallback(
    (onChange: () => void) => (router ? router.subscribe(onChange) : noSubscription()),
    [router],
  );
  // A change of an external store renders at once, not in the router's transition.
  const pathname = useSyncExternalStore(subscribe, () => router?.state.location.pathname ?? rendered);
  return useMemo(() => matchPath(pattern, decodePath(pathname)), [pattern, pathname]);
}
