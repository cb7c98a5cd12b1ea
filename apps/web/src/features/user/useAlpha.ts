import { useCurrentUser } from './useCurrentUser';

/**
 * Whether the person sees the alpha features, tests among them (spec 2 §6): null while the user is not known yet
 * (falsy, so nothing alpha shows meanwhile; a screen that would send the person away waits for it instead).
 */
export function useAlpha(): boolean | null {
  const user = useCurrentUser().data;
  return user ? user.alpha === true : null;
}
