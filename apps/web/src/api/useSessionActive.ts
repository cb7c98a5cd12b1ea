import { useSyncExternalStore } from 'react';
import { isSessionActive, subscribeSession } from './session';

/** Whether the session clock says we are logged in; re-renders when it starts, ends or changes in another tab. */
export function useSessionActive(): boolean {
  return useSyncExternalStore(subscribeSession, () => isSessionActive());
}
