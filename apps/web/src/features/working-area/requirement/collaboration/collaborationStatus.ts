/**
 * The editor status of spec 2: connecting at first and after a disconnection, saved once connected, saving while
 * changes wait for the server's acknowledgement, connectionError once the server refused or ended the access
 * (which only a new visit undoes). The editor is writable only when saved or saving.
 */
export type CollaborationStatus = 'connecting' | 'saved' | 'saving' | 'connectionError';

export type CollaborationSignal =
  | { type: 'synced' }
  | { type: 'unsynced'; count: number }
  | { type: 'savedShown' }
  | { type: 'disconnected' }
  | { type: 'refused' };

/** How long "saved" waits after the last acknowledgement (spec 2), so that a burst of typing does not flicker. */
export const SAVED_DELAY_MS = 200;

export function nextStatus(status: CollaborationStatus, signal: CollaborationSignal): CollaborationStatus {
  if (status === 'connectionError') return status;
  switch (signal.type) {
    case 'refused':
      return 'connectionError';
    case 'disconnected':
      return 'connecting';
    case 'synced':
      return status === 'connecting' ? 'saved' : status;
    case 'unsynced':
      // Changes typed while disconnected wait for the connection; they do not make the editor writable.
      return status === 'connecting' ? status : signal.count > 0 ? 'saving' : status;
    case 'savedShown':
      return status === 'saving' ? 'saved' : status;
  }
}

export function isWritable(status: CollaborationStatus): boolean {
  return status === 'saved' || status === 'saving';
}

/** One entry per connected person, whatever the number of their tabs; a state without a user is Unknown. */
export type ConnectedUser = { key: string; name: string | null; color: string };

export function connectedUsers(states: Iterable<Record<string, unknown>>): ConnectedUser[] {
  const seen = new Map<string, ConnectedUser>();
  let unknown = 0;
  for (const state of states) {
    const user = state.user as { id?: unknown; name?: unknown; color?: unknown } | undefined;
    const id = typeof user?.id === 'number' ? user.id : null;
    const key = id !== null ? `user.${id}` : `unknown.${unknown++}`;
    if (seen.has(key)) continue;
    seen.set(key, {
      key,
      name: id !== null && typeof user?.name === 'string' && user.name ? user.name : null,
      color: typeof user?.color === 'string' && /^#[0-9a-f]{6}$/i.test(user.color) ? user.color : '#868e96',
    });
  }
  return [...seen.values()];
}
