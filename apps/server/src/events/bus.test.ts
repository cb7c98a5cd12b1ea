import { describe, expect, it } from 'vitest';
import { EventBus, type CommittedWork } from './bus';

// The bus's ordering rules, on a channel of this test's own (realtime.redis.test.ts runs them over Redis).

const work = (name: string) => ({
  events: [],
  wire: [{ name: 'ProjectUpdated', projectId: 1, data: { name } }] as unknown as CommittedWork['wire'],
});
const names = (got: CommittedWork[]) => got.map((w) => (w.wire[0]!.data as unknown as { name: string }).name);

/** A bus on a channel that keeps what is published until the test sends it back, as Redis would. */
function busOnChannel(ready: boolean, refuse = false) {
  const bus = new EventBus();
  const sent: string[] = [];
  bus.attach({
    publish: (message) => (refuse ? Promise.reject(new Error('refused')) : (sent.push(message), Promise.resolve(1))),
    ready: () => ready,
    close: () => Promise.resolve(),
  });
  const ordered: CommittedWork[] = [];
  const atOnce: CommittedWork[] = [];
  bus.subscribe((w) => void ordered.push(w), { ordered: true });
  bus.subscribe((w) => void atOnce.push(w));
  return { bus, sent, ordered, atOnce };
}

describe('event bus', () => {
  it('gives ordered listeners this instance’s work as the channel brings it back, between the others’', () => {
    const { bus, sent, ordered, atOnce } = busOnChannel(true);
    bus.publish(work('mine'));
    expect(names(atOnce)).toEqual(['mine']);
    expect(ordered).toEqual([]);
    // Another instance's work came through the channel before this one's echo: the ordered listeners keep that order.
    bus.receive(JSON.stringify({ from: 'another', ...work('theirs'), echo: true }));
    bus.receive(sent[0]!);
    expect(names(ordered)).toEqual(['theirs', 'mine']);
    expect(ordered.map((w) => w.remote)).toEqual([true, false]);
    expect(names(atOnce)).toEqual(['mine', 'theirs']);
  });

  it('delivers at once when the channel cannot bring the work back, and then ignores the echo', async () => {
    const down = busOnChannel(false);
    down.bus.publish(work('while down'));
    expect(names(down.ordered)).toEqual(['while down']);
    // Published all the same for the other instances; should it come back here, it is not delivered twice.
    down.bus.receive(down.sent[0]!);
    expect(names(down.ordered)).toEqual(['while down']);

    const refused = busOnChannel(true, true);
    refused.bus.publish(work('refused'));
    await new Promise((r) => setTimeout(r, 0));
    expect(names(refused.ordered)).toEqual(['refused']);
  });
});
