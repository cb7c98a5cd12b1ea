import type { beforeHandleAwarenessPayload, Extension } from '@hocuspocus/server';
import type { CollaborationContext } from './context';

/**
 * Awareness (carets, the list of connected users) carries `{user:{id, name, color}}` as the server knows the
 * connection, whatever the client claims (decisions §15): nobody can appear as someone else. Besides it, only the
 * caret (`cursor`: y-prosemirror's anchor and head, relative positions) travels: what the browser draws, nothing a
 * script adds (the gate has already bounded the state's size, awareness-gate.ts).
 */
export function awarenessExtension(): Extension {
  return {
    async beforeHandleAwareness({ states, connection }: beforeHandleAwarenessPayload<CollaborationContext>) {
      const user = connection?.context.user;
      if (!user) return;
      for (const [clientId, state] of states) {
        // An empty state is a client leaving: it stays empty so that the others drop its caret.
        if (!state || Object.keys(state).length === 0) continue;
        states.set(clientId, 'cursor' in state ? { user, cursor: state.cursor as unknown } : { user });
      }
    },
  };
}
