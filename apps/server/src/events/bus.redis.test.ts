import net from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { EventBus, type CommittedWork } from './bus';

// The bus over real Redis, reached through a proxy of this test that can cut its connections as a network would.
// Runs in the `redis` Vitest project (TEST_REDIS_URL).

const target = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const open = new Set<net.Socket>();
const proxy = net.createServer((client) => {
  const server = net.connect(Number(target.port || 6379), target.hostname);
  for (const socket of [client, server]) {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => undefined);
  }
  client.pipe(server).pipe(client);
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const port = (proxy.address() as net.AddressInfo).port;
afterAll(() => proxy.close());

const work = (name: string) => ({
  events: [],
  wire: [{ name: 'ProjectUpdated', projectId: 1, data: { name } }] as unknown as CommittedWork['wire'],
});

describe('event bus over Redis', () => {
  it('lives through lost connections: it warns, reconnects, and delivers again', async () => {
    const warnings: string[] = [];
    const bus = new EventBus();
    await bus.connect(`redis://127.0.0.1:${port}`, { warn: (message) => warnings.push(message) });
    const got: string[] = [];
    bus.subscribe((w) => void got.push((w.wire[0]!.data as unknown as { name: string }).name), { ordered: true });
    bus.publish(work('before'));
    await vi.waitFor(() => expect(got).toEqual(['before']));
    // Both connections cut: without a listener for their errors, the process would end here.
    for (const socket of open) socket.destroy();
    await vi.waitFor(() => expect(warnings.length).toBeGreaterThan(0));
    bus.publish(work('meanwhile'));
    await vi.waitFor(() => expect(got).toEqual(['before', 'meanwhile']), { timeout: 5_000 });
    // Reconnected: the channel brings its work back again.
    await vi.waitFor(() => expect(open.size).toBeGreaterThanOrEqual(4), { timeout: 5_000 });
    await new Promise((r) => setTimeout(r, 200));
    bus.publish(work('after'));
    await vi.waitFor(() => expect(got).toEqual(['before', 'meanwhile', 'after']), { timeout: 5_000 });
    await bus.close();
  });
});
