import type { Connection } from '@hocuspocus/server';
import * as decoding from 'lib0/decoding';

// Hocuspocus applies a client's update, relays it to the other editors and acknowledges it to the sender (a
// `SyncStatus` message, which the provider turns into "All changes saved") in one synchronous step after the
// `beforeSync` hook. Awaiting the update log's commit in that hook made every other editor wait for the database
// too: the collaboration bench's p99 went from 66 to 150 ms on one instance (decisions §26). Only the sender's
// acknowledgement has to wait, so the update is applied and relayed at once, and the connection's acknowledgements
// are held back, in order, until the log rows they stand for are committed.
//
// A crash before the commit loses nothing acknowledged: the sender's provider still counts the update as unsaved
// and sends it again on reconnecting, and the other editors hold it too.

/** Hocuspocus' message type of an acknowledgement (`MessageType.SyncStatus`). */
const SYNC_STATUS = 8;

type Held = {
  /** The commit the next acknowledgement stands for, set by `holdAcknowledgement` before the update is applied. */
  next: Promise<void> | null;
  /** The acknowledgements on their way, so that they leave in the order Hocuspocus sent them. */
  chain: Promise<void>;
};

const held = new WeakMap<Connection, Held>();

function isAcknowledgement(message: Uint8Array): boolean {
  const decoder = decoding.createDecoder(message);
  decoding.readVarString(decoder);
  return decoding.readVarUint(decoder) === SYNC_STATUS;
}

/** Wraps the connection's `send` once, so that its acknowledgements wait for what they stand for. */
function heldFor(connection: Connection): Held {
  const known = held.get(connection);
  if (known) return known;
  const current: Held = { next: null, chain: Promise.resolve() };
  held.set(connection, current);
  const send = connection.send.bind(connection);
  connection.send = (message: Uint8Array) => {
    if (!isAcknowledgement(message)) return send(message);
    const gate = current.next;
    current.next = null;
    current.chain = current.chain
      .then(() => gate)
      .then(
        () => send(message),
        // The update is in memory and relayed, but not in the log: it must not be called saved. Closing makes the
        // provider reconnect and send it again, and the next store keeps it anyway.
        () => connection.close({ code: 1011, reason: 'The change could not be saved.' }),
      );
  };
  return current;
}

/**
 * Holds the acknowledgement of the update being applied on `connection` until `durable` resolves. Call it from
 * `beforeSync`, which Hocuspocus runs for one message of a connection at a time, right before applying it.
 */
export function holdAcknowledgement(connection: Connection, durable: Promise<void>) {
  const state = heldFor(connection);
  const before = state.next;
  const next = before ? Promise.all([before, durable]).then(() => undefined) : durable;
  // Seen by the acknowledgement's chain; this keeps a failure that no acknowledgement waits for from being unhandled.
  next.catch(() => undefined);
  state.next = next;
}
