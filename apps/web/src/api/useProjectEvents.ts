import { useEffect, useRef } from 'react';
import { followProject, realtimeSocket } from './realtime';
import { REALTIME_EVENT_NAMES, type WireEvent } from './wireEvent';

export interface ProjectEventListeners {
  /** Every event of the project, as it arrives. */
  onEvent: (event: WireEvent) => void;
  /** The connection came back and the project is subscribed again: what was sent meanwhile was missed. */
  onRenewed?: () => void;
}

/**
 * Hands the realtime events of a project to the listeners while the component is mounted. The listeners may
 * change on every render; the subscription does not.
 */
export function useProjectEvents(projectId: number | undefined, listeners: ProjectEventListeners): void {
  const ref = useRef(listeners);
  useEffect(() => {
    ref.current = listeners;
  });
  useEffect(() => {
    if (projectId === undefined) return;
    const socket = realtimeSocket();
    const unfollow = followProject(projectId, () => ref.current.onRenewed?.());
    const handlers = REALTIME_EVENT_NAMES.map((name) => {
      const handler = (data: unknown) => {
        if (!belongsTo(data, projectId)) return;
        ref.current.onEvent({ name, payload: data } as WireEvent);
      };
      socket.on(name, handler);
      return [name, handler] as const;
    });
    return () => {
      for (const [name, handler] of handlers) socket.off(name, handler);
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
