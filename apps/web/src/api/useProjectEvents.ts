import { useEffect, useRef } from 'react';
import type { RealtimeEventName, RealtimePayload } from '@reqloom/domain';
import { followProject, realtimeSocket } from './realtime';

export type ProjectEventHandlers = { [Name in RealtimeEventName]?: (data: RealtimePayload<Name>) => void };

/**
 * Calls the handlers for the realtime events of a project while the component is mounted. Handlers may
 * change on every render; the subscription does not.
 */
export function useProjectEvents(projectId: number | undefined, handlers: ProjectEventHandlers): void {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    if (projectId === undefined) return;
    const socket = realtimeSocket();
    const unfollow = followProject(projectId);
    const listeners = new Map<string, (data: unknown) => void>();
    for (const name of Object.keys(ref.current) as RealtimeEventName[]) {
      const listener = (data: unknown) => {
        const handler = ref.current[name] as ((d: unknown) => void) | undefined;
        // Events of other projects the tab follows are ignored here.
        if (!belongsTo(data, projectId)) return;
        handler?.(data);
      };
      listeners.set(name, listener);
      socket.on(name, listener);
    }
    return () => {
      for (const [name, listener] of listeners) socket.off(name, listener);
      unfollow();
    };
  }, [projectId]);
}

/** Every event carries the id of its project (the server adds it), so that a tab following several can tell. */
function belongsTo(data: unknown, projectId: number): boolean {
  return (data as { project_id?: unknown } | null)?.project_id === projectId;
}
