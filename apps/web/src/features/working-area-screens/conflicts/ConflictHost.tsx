import { useEffect, useRef, useState } from 'react';
import { ConflictDialog } from './ConflictDialog';
import { setConflictResolver, type Conflict, type ConflictChoice } from '../../working-area/conflicts/conflicts';

/** Asks the person about each conflicting save, one at a time, for the whole project. */
export function ConflictHost() {
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const answer = useRef<(choice: ConflictChoice) => void>(() => undefined);
  useEffect(() => {
    let queue = Promise.resolve();
    setConflictResolver((next) => {
      // Conflicts that arrive together are asked in turn.
      const asked = queue.then(
        () =>
          new Promise<ConflictChoice>((resolve) => {
            answer.current = resolve;
            setConflict(next);
          }),
      );
      queue = asked.then(() => undefined);
      return asked;
    });
    return () => setConflictResolver(null);
  }, []);
  if (!conflict) return null;
  return (
    <ConflictDialog
      conflict={conflict}
      onChoose={(choice) => {
        setConflict(null);
        answer.current(choice);
      }}
    />
  );
}
