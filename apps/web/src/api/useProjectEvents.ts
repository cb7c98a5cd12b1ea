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

/**
 * The project an event belongs to: its `project_id`, which the protocol promises on every payload; failing that,
 * the project of the entity it carries (ProjectUpdated carries the project, DocumentUpdated a document…).
 */
export function projectOfEvent(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  if (typeof record.project_id === 'number') return record.project_id;
  const project = record.project as { id?: unknown } | undefined;
  if (typeof project?.id === 'number') return project.id;
  for (const value of Object.values(record)) {
    const nested = value as { project_id?: unknown } | null;
    if (typeof nested === 'object' && nested !== null && typeof nested.project_id === 'number') {
      return nested.project_id;
    }
  }
  return undefined;
}

/** Events of other projects the tab follows are ignored; one that names no project is taken as this one's. */
function belongsTo(data: unknown, projectId: number): boolean {
  const owner = projectOfEvent(data);
  return owner === undefined || owner === projectId;
}
