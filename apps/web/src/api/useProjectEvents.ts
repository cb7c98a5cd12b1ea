import { useEffect, useRef } from 'react';
import { followProject, realtimeSocket } from './realtime';
import type { RealtimeBatch } from '@reqloom/domain';
import { REALTIME_EVENT_NAMES, type WireEvent } from './wireEvent';

const KNOWN_NAMES: ReadonlySet<string> = new Set(REALTIME_EVENT_NAMES);

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
    // The subscription asks for batches (realtime.ts): each carries the project's events in order.
    const onBatch = (batch: RealtimeBatch) => {
      if (batch?.project_id !== projectId || !Array.isArray(batch.events)) return;
      for (const event of batch.events) if (KNOWN_NAMES.has(event.name)) ref.current.onEvent(event);
    };
    socket.on('batch', onBatch);
    // A server that does not batch (an older instance during an upgrade) sends each event by its name.
    const handlers = REALTIME_EVENT_NAMES.map((name) => {
      const handler = (payload: { project_id?: unknown } | null) => {
        if (payload?.project_id === projectId) ref.current.onEvent({ name, payload } as WireEvent);
      };
      socket.on(name, handler);
      return [name, handler] as const;
    });
    return () => {
      socket.off('batch', onBatch);
      for (const [name, handler] of handlers) socket.off(name, handler);
      unfollow();
    };
  }, [projectId]);
}
