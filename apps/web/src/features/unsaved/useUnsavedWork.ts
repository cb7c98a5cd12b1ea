import { useEffect, useRef } from 'react';
import { registerUnsaved, type UnsavedProbe } from './unsavedWork';

/**
 * Tells the guard about an editor's unsaved text for as long as the editor is on screen. The probe is read when
 * needed (a click on a link, Back, closing the tab, the session ending), so it sees the latest state.
 */
export function useUnsavedWork(probe: UnsavedProbe): void {
  const latest = useRef(probe);
  useEffect(() => {
    latest.current = probe;
  });
  useEffect(
    () =>
      registerUnsaved({
        dirty: () => latest.current.dirty(),
        settling: () => latest.current.settling?.() ?? null,
        drafts: () => latest.current.drafts?.() ?? [],
        flush: () => latest.current.flush?.() ?? Promise.resolve(),
      }),
    [],
  );
}
