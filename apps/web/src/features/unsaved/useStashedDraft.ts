import { useState } from 'react';
import { useCurrentUser } from '../user/useCurrentUser';
import { dropStashedDraft, peekStashedDraft } from './unsavedWork';

/**
 * The text this user had not saved under `key` when their session ended, offered once they are back:
 * `take` hands it over and forgets it, `drop` forgets it.
 */
export function useStashedDraft(key: string) {
  const owner = useCurrentUser().data?.id;
  const [handled, setHandled] = useState<string | null>(null);
  const value = owner !== undefined && handled !== key ? peekStashedDraft(key, owner) : null;
  const forget = () => {
    dropStashedDraft(key);
    setHandled(key);
  };
  return {
    value,
    take: (): string | null => {
      forget();
      return value;
    },
    drop: forget,
  };
}
