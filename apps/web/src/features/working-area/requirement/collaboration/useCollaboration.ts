import { useEffect, useReducer, useState } from 'react';
import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';
import {
  connectedUsers,
  nextStatus,
  SAVED_DELAY_MS,
  type CollaborationSignal,
  type ConnectedUser,
} from './collaborationStatus';

/** The socket of collaborative editing on the page's own host (decisions §7), with the session cookie. */
function collaborationUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/collab`;
}

export type Collaboration = { provider: HocuspocusProvider; doc: Y.Doc };

/**
 * The shared document `requirement.{id}` for as long as the view shows it: the provider, the status of spec 2 and
 * the people connected. The server authenticates by the session cookie sent with the upgrade, so the token the
 * provider insists on sending is empty. `readOnly` is the caller's role as the client knows it (below editor).
 */
export function useCollaboration(requirementId: number, readOnly = false) {
  const [collaboration, setCollaboration] = useState<Collaboration | null>(null);
  const [status, signal] = useReducer(nextStatus, 'connecting');
  const [users, setUsers] = useState<ConnectedUser[]>([]);

  useEffect(() => {
    const doc = new Y.Doc();
    let savedTimer: ReturnType<typeof setTimeout> | undefined;
    const send = (s: CollaborationSignal) => signal(s);
    const provider = new HocuspocusProvider({
      url: collaborationUrl(),
      name: `requirement.${requirementId}`,
      document: doc,
      token: '',
      onSynced: ({ state }) => state && send({ type: 'synced' }),
      onUnsyncedChanges: ({ number }) => {
        clearTimeout(savedTimer);
        send({ type: 'unsynced', count: number });
        if (number === 0) savedTimer = setTimeout(() => send({ type: 'savedShown' }), SAVED_DELAY_MS);
      },
      onAuthenticationFailed: () => send({ type: 'refused' }),
      // The server ends a document's access with a close message that names why (the socket stays open); a
      // dropped socket is a disconnection, and the provider connects again by itself.
      onClose: ({ event }) =>
        send(event.code === 1000 && event.reason ? { type: 'refused' } : { type: 'disconnected' }),
      onDisconnect: () => send({ type: 'disconnected' }),
      onAwarenessChange: ({ states }) => setUsers(connectedUsers(states as Record<string, unknown>[])),
    });
    // The provider is the external system this effect starts; the editor is made for it, so it goes to state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setCollaboration({ provider, doc });
    return () => {
      clearTimeout(savedTimer);
      provider.destroy();
      doc.destroy();
      setCollaboration(null);
    };
    // A change of the caller's role opens the document anew (decisions §20). Demoted, what they typed and the server
    // refused would otherwise stay on their screen as if it were saved: the fresh document shows what everyone has.
    // Promoted, the connection opened read-only would stay so: the server decides a connection's rights when it
    // opens.
  }, [requirementId, readOnly]);

  // Nobody is seen any more through a refused connection.
  return { collaboration, status, users: status === 'connectionError' ? [] : users };
}
