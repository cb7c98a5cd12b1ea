import { collaborationColor } from '@reqloom/domain';
import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { until, useCollaborationApp, type TestEditor } from '../test/collaboration-client';
import { sharedRequirement } from '../test/working-area';
import { AWARENESS_LIMITS } from './awareness-gate';

// Awareness as a script may send it: raw y-protocols awareness messages on an editor's real WebSocket, beside a
// second editor that watches what reaches it.

const suite = useCollaborationApp();
const { edit } = suite;

/** Two members editing one requirement: `a` sends, `b` watches. */
async function twoEditors() {
  const { owner, member, requirement } = await sharedRequirement(suite.t);
  const a = edit(owner, requirement.id);
  const b = edit(member, requirement.id);
  await Promise.all([a.authenticated, b.authenticated]);
  const socketOf = (e: TestEditor) => e.provider.configuration.websocketProvider.webSocket as unknown as WebSocket;
  // What reaches b: every byte, and the largest message.
  const received = { bytes: 0, largest: 0 };
  // The provider reads its socket as ArrayBuffers.
  socketOf(b).on('message', (data: ArrayBuffer) => {
    received.bytes += data.byteLength;
    received.largest = Math.max(received.largest, data.byteLength);
  });
  const aSocket = socketOf(a);
  const closed = new Promise<[number, string]>((resolve) =>
    aSocket.on('close', (code: number, reason: Buffer) => resolve([code, reason.toString()])),
  );
  return { owner, requirement, a, b, received, send: (m: Uint8Array) => aSocket.send(m), aSocket, closed };
}

function varUint(value: number): number[] {
  const out: number[] = [];
  while (value > 0x7f) {
    out.push(0x80 | (value & 0x7f));
    value = Math.floor(value / 128);
  }
  out.push(value);
  return out;
}

/** A Hocuspocus awareness message (type 1) of `document` carrying `[clientId, clock, state]` entries. */
function awarenessMessage(document: string, entries: [number, number, unknown][]): Buffer {
  const update: Buffer[] = [Buffer.from(varUint(entries.length))];
  for (const [clientId, clock, state] of entries) {
    const json = Buffer.from(JSON.stringify(state));
    update.push(Buffer.from([...varUint(clientId), ...varUint(clock), ...varUint(json.length)]), json);
  }
  const body = Buffer.concat(update);
  const name = Buffer.from(document);
  return Buffer.concat([Buffer.from(varUint(name.length)), name, Buffer.from([1, ...varUint(body.length)]), body]);
}

const cursorAt = (clock: number) => ({ anchor: { type: null, tname: 'default', item: null, assoc: clock } });
/** The state b holds for a client id, if any. */
const stateIn = (b: TestEditor, clientId: number) => b.provider.awareness!.getStates().get(clientId);

describe('awareness', () => {
  it("brings a normal editor's caret to the other editor under the name the server knows, and nothing else", async () => {
    const { owner, a, b } = await twoEditors();
    const cursor = { anchor: { type: { client: 1, clock: 2 }, tname: null, item: null, assoc: 0 }, head: null };
    a.provider.setAwarenessField('cursor', cursor);
    a.provider.setAwarenessField('extra', 'x'.repeat(100));
    const seen = await until(() => {
      const state = stateIn(b, a.doc.clientID);
      return state?.cursor && !('extra' in state) ? state : null;
    });
    expect(seen).toEqual({ user: { id: owner.id, name: 'Olive Owner', color: collaborationColor(owner.id) }, cursor });
  });

  it('drops states for another client id than the one the connection speaks for', async () => {
    const { requirement, a, b, send } = await twoEditors();
    const name = `requirement.${requirement.id}`;
    send(
      awarenessMessage(name, [
        [111_111, 1, { cursor: cursorAt(1) }],
        [222_222, 1, { cursor: cursorAt(1) }],
      ]),
    );
    // Sent after them on the same socket: once it arrives, so would have they.
    a.provider.setAwarenessField('cursor', cursorAt(7));
    await until(() => (stateIn(b, a.doc.clientID)?.cursor as { anchor?: { assoc?: number } })?.anchor?.assoc === 7);
    expect(stateIn(b, 111_111)).toBeUndefined();
    expect(stateIn(b, 222_222)).toBeUndefined();
  });

  it('drops a state over 2 KB', async () => {
    const { requirement, a, b, send, received } = await twoEditors();
    const name = `requirement.${requirement.id}`;
    const own = a.doc.clientID;
    send(awarenessMessage(name, [[own, 100, { cursor: { anchor: 'x'.repeat(20_000) } }]]));
    // Apart, so that the server cannot merge the two into the later one as it broadcasts.
    await new Promise((r) => setTimeout(r, 500));
    send(awarenessMessage(name, [[own, 101, { cursor: cursorAt(101) }]]));
    await until(() => (stateIn(b, own)?.cursor as { anchor?: { assoc?: number } })?.anchor?.assoc === 101);
    expect(received.largest).toBeLessThan(2048);
  });

  it('lets no more than 20 states a second through, after a burst of 40, and the last one always', async () => {
    const { requirement, a, b, send, aSocket } = await twoEditors();
    const dropsToClose = AWARENESS_LIMITS.dropsToClose;
    AWARENESS_LIMITS.dropsToClose = 100_000;
    try {
      const name = `requirement.${requirement.id}`;
      const own = a.doc.clientID;
      const seen = new Set<number>();
      b.provider.awareness!.on('change', () => {
        const assoc = (stateIn(b, own)?.cursor as { anchor?: { assoc?: number } })?.anchor?.assoc;
        if (assoc !== undefined && assoc >= 1000) seen.add(assoc);
      });
      const started = performance.now();
      for (let i = 1; i <= 200; i++) {
        send(awarenessMessage(name, [[own, 1000 + i, { cursor: cursorAt(1000 + i) }]]));
        await new Promise((r) => setTimeout(r, 5));
      }
      const seconds = (performance.now() - started) / 1000;
      await until(() => seen.has(1200));
      expect(seen.size).toBeLessThanOrEqual(AWARENESS_LIMITS.burst + AWARENESS_LIMITS.perSecond * seconds + 5);
      expect(aSocket.readyState).toBe(aSocket.OPEN);
    } finally {
      AWARENESS_LIMITS.dropsToClose = dropsToClose;
    }
  });

  it('closes a connection that goes on sending what is dropped: 2,000 states of 20 KB', async () => {
    const { requirement, send, received, closed } = await twoEditors();
    const name = `requirement.${requirement.id}`;
    const big = { cursor: { anchor: 'x'.repeat(20_000) } };
    let clock = 1;
    for (let i = 0; i < 250; i++) {
      const entries = Array.from({ length: 8 }, (_, j): [number, number, unknown] => [5_000 + j, clock, big]);
      clock++;
      send(awarenessMessage(name, entries));
    }
    expect(await closed).toEqual([1008, 'Too many refused awareness updates.']);
    expect(received.bytes).toBeLessThan(64 * 1024);
  });
});
