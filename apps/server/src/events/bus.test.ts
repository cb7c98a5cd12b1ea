import { afterEach, describe, expect, it, vi } from 'vitest';
import { ECHO_TIMEOUT_MS, EventBus, type CommittedWork } from './bus';

// The bus's ordering rules, on a channel of this test's own (realtime.redis.test.ts runs them over Redis).

const wire = (name: string) =>
  ({ name: 'ProjectUpdated', projectId: 1, data: { name } }) as unknown as CommittedWork['wire'][number];
const work = (...names: string[]) => ({ events: [], wire: names.map(wire) });
const names = (got: CommittedWork[]) =>
  got.flatMap((w) => w.wire.map((m) => (m.data as unknown as { name: string }).name));

/** A bus on a channel that keeps what is published until the test sends it back, as Redis would. */
function busOnChannel(ready: boolean, refuse = false) {
  const bus = new EventBus();
  const sent: string[] = [];
  bus.attach({
    publish: (message) => {
      // Refused or not, the message may have reached Redis (a reply lost with its connection).
      sent.push(message);
      return refuse ? Promise.reject(new Error('refused')) : Promise.resolve(1);
    },
    ready: () => ready,
    close: () => Promise.resolve(),
  });
  const ordered: CommittedWork[] = [];
  const atOnce: CommittedWork[] = [];
  bus.subscribe((w) => void ordered.push(w), { ordered: true });
  bus.subscribe((w) => void atOnce.push(w));
  return { bus, sent, ordered, atOnce };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('event bus', () => {
  it('gives facts heard by this instance to its own listeners only, to the ordered ones after what came before', () => {
    const { bus, sent, ordered, atOnce } = busOnChannel(true);
    const ended = { name: 'MembershipEnded', projectId: 1, userId: 2 } as const;
    bus.hear([ended]);
    expect(atOnce).toEqual([{ events: [ended], wire: [], remote: true }]);
    expect(ordered).toEqual([]);
    // Work published before the fact was heard comes back first; the fact follows it.
    bus.receive(JSON.stringify({ id: 1, from: 'another', echo: true, ...work('before') }));
    bus.receive(sent[0]!);
    expect(names(ordered)).toEqual(['before']);
    expect(ordered.map((w) => w.events)).toEqual([[], [ended]]);
    expect(ordered[1]!.remote).toBe(true);
    // Another instance, which heard the database itself, ignores it.
    const other = busOnChannel(true);
    other.bus.receive(sent[0]!);
    expect([...other.ordered, ...other.atOnce]).toEqual([]);
  });

  it('gives ordered listeners this instance’s work as the channel brings it back, between the others’', () => {
    const { bus, sent, ordered, atOnce } = busOnChannel(true);
    bus.publish(work('mine'));
    expect(names(atOnce)).toEqual(['mine']);
    expect(ordered).toEqual([]);
    // Another instance's work came through the channel before this one's echo: the ordered listeners keep that order.
    bus.receive(JSON.stringify({ id: 1, from: 'another', echo: true, ...work('theirs') }));
    bus.receive(sent[0]!);
    expect(names(ordered)).toEqual(['theirs', 'mine']);
    expect(ordered.map((w) => w.remote)).toEqual([true, false]);
    expect(names(atOnce)).toEqual(['mine', 'theirs']);
    // An echo that comes twice is delivered once.
    bus.receive(sent[0]!);
    expect(names(ordered)).toEqual(['theirs', 'mine']);
  });

  it('delivers at once when the channel is not ready, and then ignores the echo', () => {
    const { bus, sent, ordered } = busOnChannel(false);
    bus.publish(work('while down'));
    expect(names(ordered)).toEqual(['while down']);
    // Published all the same for the other instances; should it come back here, it is not delivered twice.
    bus.receive(sent[0]!);
    expect(names(ordered)).toEqual(['while down']);
  });

  it('delivers once when a publish is refused, whether or not the echo comes after all', async () => {
    const { bus, sent, ordered } = busOnChannel(true, true);
    bus.publish(work('refused'));
    await new Promise((r) => setTimeout(r, 0));
    expect(names(ordered)).toEqual(['refused']);
    bus.receive(sent[0]!);
    expect(names(ordered)).toEqual(['refused']);
  });

  it('delivers after a while an echo that never comes (a connection dead without a word), and once', () => {
    vi.useFakeTimers();
    const { bus, sent, ordered } = busOnChannel(true);
    bus.publish(work('lost echo'));
    vi.advanceTimersByTime(ECHO_TIMEOUT_MS - 1);
    expect(ordered).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(names(ordered)).toEqual(['lost echo']);
    bus.receive(sent[0]!);
    expect(names(ordered)).toEqual(['lost echo']);
  });

  it('sends a large work in several messages, in order, its facts in the first', () => {
    const { bus, sent, ordered } = busOnChannel(true);
    const many = Array.from({ length: 450 }, (_, i) => `r${i}`);
    bus.publish({ ...work(...many), events: [{ name: 'ProjectDeleted', projectId: 1 }] as CommittedWork['events'] });
    expect(sent).toHaveLength(3);
    for (const message of sent) bus.receive(message);
    expect(names(ordered)).toEqual(many);
    expect(ordered.map((w) => w.events.length)).toEqual([1, 0, 0]);
  });
});
