import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';

// The bench's clients, in a worker thread so that making the load does not share the server's event
// loop. Two kinds of task: an HTTP load (closed loop, N connections, bounded in time and in count) and
// a set of Socket.IO clients that subscribe to a project and time the events they receive.

export type HttpUser = { cookie: string; xsrf?: string };
export type HttpTask = {
  kind: 'http';
  base: string;
  connections: number;
  warmupMs: number;
  durationMs: number;
  maxRequests: number;
  users: HttpUser[];
  reads: string[];
  /** Every `every`-th call of a connection renames requirement `ids[connection % ids.length]`. */
  writes?: { ids: number[]; every: number };
};
export type WriteMark = { marker: string; sentAt: number; answeredAt: number };
export type HttpResult = {
  requests: number;
  errors: number;
  seconds: number;
  per_second: number;
  p50_ms: number;
  p99_ms: number;
  statuses: Record<string, number>;
  writes: WriteMark[];
  /** Extra figure: how busy this load worker's own thread was while measuring (0–1). */
  client_event_loop_utilization: number;
};
export type SocketTask = {
  kind: 'sockets';
  base: string;
  cookies: string[];
  projectId: number;
  /** A nice value for this thread alone (Linux): the clients then take only what the server leaves of the CPUs. */
  nice?: number;
};
export type SocketReport = {
  sockets: number;
  events_expected: number;
  deliveries_expected: number;
  deliveries: number;
  missing: number;
  after_request_p50_ms: number;
  after_request_p99_ms: number;
  after_answer_p50_ms: number;
  after_answer_p99_ms: number;
  max_ms: number;
  /** Frames (batches) a socket received in the run with sockets, and the events a batch carried on average. */
  batches_per_socket: number;
  events_per_batch: number;
  /**
   * Extra figure: how busy the thread of the Socket.IO clients was (0–1) from their subscription to this
   * report: the CPU the bench's own clients take on the machine the server shares.
   */
  client_event_loop_utilization: number;
};
export type WorkerMessage =
  | { type: 'result'; result: HttpResult }
  | { type: 'ready' }
  | { type: 'report'; report: SocketReport }
  | { type: 'error'; message: string };

const now = () => performance.timeOrigin + performance.now();

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  // Tenths of a millisecond, hundredths under 10 ms: the single-element reads are fractions of one.
  const value = sorted[index]!;
  return value < 10 ? Math.round(value * 100) / 100 : Math.round(value * 10) / 10;
}

function send(message: WorkerMessage) {
  parentPort!.postMessage(message);
}

function call(
  agent: http.Agent,
  base: URL,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: base.hostname, port: base.port, method, path, headers },
      (res: http.IncomingMessage) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function runHttp(task: HttpTask): Promise<HttpResult> {
  const base = new URL(task.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: task.connections });
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const writes: WriteMark[] = [];
  let errors = 0;
  let count = 0;
  let measuring = false;
  let stopAt = Infinity;
  const headersOf = (u: HttpUser, write: boolean): Record<string, string> => {
    const h: Record<string, string> = { cookie: u.cookie, connection: 'keep-alive' };
    if (write) {
      h['content-type'] = 'application/json';
      if (u.xsrf) h['x-xsrf-token'] = u.xsrf;
    }
    return h;
  };
  const loop = async (c: number) => {
    const user = task.users[c % task.users.length]!;
    for (let i = 0; now() < stopAt && (!measuring || count < task.maxRequests); i++) {
      const write = measuring && task.writes !== undefined && (i + c) % task.writes.every === task.writes.every - 1;
      const started = now();
      let status: number;
      if (write) {
        const marker = `${c}-${i}`;
        const id = task.writes!.ids[c % task.writes!.ids.length]!;
        const body = JSON.stringify({ name: `rt ${marker}` });
        status = await call(agent, base, 'PUT', `/api/requirements/${id}`, headersOf(user, true), body).catch(() => 0);
        if (status === 200) writes.push({ marker, sentAt: started, answeredAt: now() });
      } else {
        const path = task.reads[(c * 7 + i) % task.reads.length]!;
        status = await call(agent, base, 'GET', path, headersOf(user, false)).catch(() => 0);
      }
      if (!measuring) continue;
      count++;
      times.push(now() - started);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status < 200 || status >= 300) errors++;
    }
  };
  stopAt = now() + task.warmupMs;
  await Promise.all(Array.from({ length: task.connections }, (_, c) => loop(c)));
  measuring = true;
  const elu = performance.eventLoopUtilization();
  const started = now();
  stopAt = started + task.durationMs;
  await Promise.all(Array.from({ length: task.connections }, (_, c) => loop(c)));
  const seconds = (now() - started) / 1000;
  const busy = performance.eventLoopUtilization(elu).utilization;
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    requests: count,
    errors,
    seconds: Math.round(seconds * 100) / 100,
    per_second: Math.round(count / seconds),
    p50_ms: percentile(times, 50),
    p99_ms: percentile(times, 99),
    statuses,
    writes,
    client_event_loop_utilization: Math.round(busy * 1000) / 1000,
  };
}

/** Lowers this thread's priority (Linux: a thread is a task of its own, with its own nice value). */
function niceThisThread(nice: number): void {
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  os.setPriority(tid, nice);
}

async function runSockets(task: SocketTask) {
  if (task.nice) niceThisThread(task.nice);
  // marker → arrival time at each socket
  const arrivals = new Map<string, number[]>();
  let batches = 0;
  let batchedEvents = 0;
  const sockets: Socket[] = [];
  await Promise.all(
    task.cookies.map(async (cookie) => {
      const socket = io(task.base, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie },
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      // Subscribed in batches, as the web client is (RealtimeBatch).
      socket.on('batch', (batch: { events: Array<{ name: string; payload: { requirement?: { name?: string } } }> }) => {
        const at = now();
        batches += 1;
        batchedEvents += batch.events.length;
        for (const event of batch.events) {
          if (event.name !== 'RequirementUpdated') continue;
          const name = event.payload.requirement?.name ?? '';
          if (!name.startsWith('rt ')) continue;
          const marker = name.slice(3);
          const list = arrivals.get(marker) ?? [];
          list.push(at);
          arrivals.set(marker, list);
        }
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error) => reject(error));
      });
      const ack = (await socket
        .timeout(10_000)
        .emitWithAck('subscribe', { project_id: task.projectId, batch: true })) as {
        ok: boolean;
        message?: string;
      };
      if (!ack.ok) throw new Error(`subscribe refused: ${ack.message}`);
    }),
  );
  send({ type: 'ready' });
  const subscribed = performance.eventLoopUtilization();
  parentPort!.on('message', (message: { type: string; writes?: WriteMark[]; timeoutMs?: number }) => {
    if (message.type === 'close') {
      for (const s of sockets) s.close();
      parentPort!.close();
      return;
    }
    if (message.type !== 'expect') return;
    const writes = message.writes ?? [];
    const deadline = now() + (message.timeoutMs ?? 30_000);
    const expected = writes.length * sockets.length;
    const delivered = () =>
      writes.reduce((n, w) => n + Math.min(sockets.length, arrivals.get(w.marker)?.length ?? 0), 0);
    const finish = () => {
      const afterRequest: number[] = [];
      const afterAnswer: number[] = [];
      for (const w of writes) {
        for (const at of arrivals.get(w.marker) ?? []) {
          afterRequest.push(at - w.sentAt);
          afterAnswer.push(at - w.answeredAt);
        }
      }
      afterRequest.sort((a, b) => a - b);
      afterAnswer.sort((a, b) => a - b);
      const deliveries = delivered();
      send({
        type: 'report',
        report: {
          sockets: sockets.length,
          events_expected: writes.length,
          deliveries_expected: expected,
          deliveries,
          missing: expected - deliveries,
          after_request_p50_ms: percentile(afterRequest, 50),
          after_request_p99_ms: percentile(afterRequest, 99),
          after_answer_p50_ms: percentile(afterAnswer, 50),
          after_answer_p99_ms: percentile(afterAnswer, 99),
          max_ms: percentile(afterRequest, 100),
          // The sockets are open for the run with sockets only: everything they received belongs to it.
          batches_per_socket: Math.round(batches / Math.max(1, sockets.length)),
          events_per_batch: Math.round((batchedEvents / Math.max(1, batches)) * 100) / 100,
          client_event_loop_utilization:
            Math.round(performance.eventLoopUtilization(subscribed).utilization * 1000) / 1000,
        },
      });
    };
    const poll = () => {
      if (delivered() >= expected || now() > deadline) finish();
      else setTimeout(poll, 50);
    };
    poll();
  });
}

parentPort?.once('message', (task: HttpTask | SocketTask) => {
  const run =
    task.kind === 'http' ? runHttp(task).then((result) => send({ type: 'result', result })) : runSockets(task);
  run.catch((error: unknown) => send({ type: 'error', message: String((error as Error)?.stack ?? error) }));
});
