import { performance } from 'node:perf_hooks';
import { DEFAULT_PREFERENCES, REALTIME_BATCH_WINDOW_MAX_MS } from '@reqloom/domain';
import { schema, type Database } from '@reqloom/server';
import type { HttpResult, HttpTask, SocketReport } from './load-worker';
import { cpuTimes, printProfile, serverThreadCpu, startProfile } from './profile';
import { runWorker, startSockets } from './workers';

const REALTIME_USERS = 100;
const REALTIME_SOCKETS = 100;

export type RealtimeOptions = {
  /** Each run's length (ms). */
  durationMs: number;
  /** Rounds: each is a run with sockets followed by one without (after a first without). */
  rounds: number;
  /** The longest realtime batch window the app was given, or null for its default. */
  batchWindowMaxMs: number | null;
  /** `--profile-realtime`: where the server's thread spent each run. */
  profile: boolean;
  /** `--nice-sockets`: the nice value of the socket-client thread. */
  niceSockets: number;
};

/**
 * 100 users read and write (every fifth call renames a requirement) in the project, first alone, then
 * with 100 Socket.IO clients subscribed to it; every rename must reach every socket.
 */
export async function realtimeScenario(
  database: Database,
  data: { projectId: number; documentIds: number[]; requirementIds: number[][] },
  base: string,
  sessionCookie: (userId: number) => Promise<string>,
  xsrf: string,
  options: RealtimeOptions,
) {
  const { durationMs, batchWindowMaxMs } = options;
  const db = database.db;
  const people = await db
    .insert(schema.users)
    .values(
      Array.from({ length: REALTIME_USERS + REALTIME_SOCKETS }, (_, i) => ({
        name: `Realtime ${i}`,
        username: `realtime${i}`,
        email: `realtime${i}@example.com`,
        passwordHash: 'not-a-hash',
        preferences: DEFAULT_PREFERENCES,
        confirmedAt: new Date(),
      })),
    )
    .returning({ id: schema.users.id });
  await db
    .insert(schema.projectUsers)
    .values(people.map((p) => ({ projectId: data.projectId, userId: p.id, role: 'editor' as const })));
  const cookies = await Promise.all(people.map((p) => sessionCookie(p.id)));
  const httpUsers = cookies.slice(0, REALTIME_USERS).map((cookie) => ({ cookie, xsrf }));
  const socketCookies = cookies.slice(REALTIME_USERS);
  const doc = data.documentIds.length - 1;
  const reqs = data.requirementIds[doc]!;
  const reads = [
    ...reqs.slice(0, 40).map((id) => `/api/requirements/${id}`),
    `/api/documents/${data.documentIds[doc]}`,
    `/api/documents/categories/${data.documentIds[doc]}`,
  ];
  const task: HttpTask = {
    kind: 'http',
    base,
    connections: REALTIME_USERS,
    warmupMs: 1000,
    durationMs,
    maxRequests: 100_000,
    users: httpUsers,
    reads,
    writes: { ids: Array.from({ length: REALTIME_USERS }, (_, u) => reqs[(50 + u * 3) % reqs.length]!), every: 5 },
  };
  // Extra figures: how busy the server's thread (this one) was during each run, beside the clients' own.
  // And how much of the machine's CPUs stayed idle: none left means the bench's clients and PostgreSQL take their
  // share from the server's thread.
  const busy = async (run: () => Promise<HttpResult>, what: string) => {
    const profiler = options.profile ? await startProfile() : undefined;
    const start = performance.eventLoopUtilization();
    const cpusBefore = cpuTimes();
    const threadBefore = serverThreadCpu();
    const result = await run();
    const threadAfter = serverThreadCpu();
    const cpusAfter = cpuTimes();
    const requests = result.per_second * (durationMs / 1000);
    // The server thread's CPU per HTTP call, in ms: what the sockets cost it, whatever the clients took.
    const cpuPerCall =
      threadBefore === null || threadAfter === null
        ? null
        : Math.round(((threadAfter - threadBefore) * 1000 * 1000) / Math.max(1, requests)) / 1000;
    if (profiler) await printProfile(profiler, what, requests);
    return {
      result,
      cpuPerCall,
      busy: Math.round(performance.eventLoopUtilization(start).utilization * 1000) / 1000,
      idle:
        Math.round(((cpusAfter.idle - cpusBefore.idle) / Math.max(1, cpusAfter.total - cpusBefore.total)) * 1000) /
        1000,
    };
  };
  // A round first that counts for nothing: the first round after the bulk load ran 20–40 % below the one after
  // the sockets', which the mean of the two then charged to the sockets.
  await runWorker(task);
  // Runs without sockets and with them alternate (without, with, without, …, without), so that a drift of the
  // machine's load during the scenario does not pass for the sockets' cost: one pair of 5 s runs moved the ratio
  // by ±0.15 on a quiet machine. Each round connects 100 fresh sockets, and every event must reach each of them.
  const without = [await busy(() => runWorker(task), 'without sockets')];
  const withs: Awaited<ReturnType<typeof busy>>[] = [];
  const deliveries: SocketReport[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    const sockets = startSockets({
      kind: 'sockets',
      base,
      cookies: socketCookies,
      projectId: data.projectId,
      nice: options.niceSockets,
    });
    await sockets.ready;
    const run = await busy(() => runWorker(task), `with sockets, round ${round}`);
    deliveries.push(await sockets.expect(run.result.writes, 30_000));
    await sockets.close();
    withs.push(run);
    without.push(await busy(() => runWorker(task), `without sockets, round ${round}`));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const round3 = (n: number) => Math.round(n * 1000) / 1000;
  const meanOf = (runs: typeof without, pick: (r: (typeof without)[number]) => number | null) => {
    const values = runs.map(pick);
    return values.some((v) => v === null) ? null : round3(mean(values as number[]));
  };
  const withoutPerSecond = Math.round(mean(without.map((r) => r.result.per_second)));
  const withPerSecond = Math.round(mean(withs.map((r) => r.result.per_second)));
  const ratio = round3(withPerSecond / Math.max(1, withoutPerSecond));
  // Each round's "with" against the mean of the runs without sockets on either side of it.
  const roundRatios = withs.map((r, i) =>
    round3(r.result.per_second / Math.max(1, (without[i]!.result.per_second + without[i + 1]!.result.per_second) / 2)),
  );
  const sum = (pick: (d: SocketReport) => number) => deliveries.reduce((n, d) => n + pick(d), 0);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  // Percentiles of several runs cannot be merged exactly: the median round's p50, and the worst round's p99.
  const delivery: SocketReport = {
    sockets: deliveries[0]!.sockets,
    events_expected: sum((d) => d.events_expected),
    deliveries_expected: sum((d) => d.deliveries_expected),
    deliveries: sum((d) => d.deliveries),
    missing: sum((d) => d.missing),
    after_request_p50_ms: median(deliveries.map((d) => d.after_request_p50_ms)),
    after_request_p99_ms: Math.max(...deliveries.map((d) => d.after_request_p99_ms)),
    after_answer_p50_ms: median(deliveries.map((d) => d.after_answer_p50_ms)),
    after_answer_p99_ms: Math.max(...deliveries.map((d) => d.after_answer_p99_ms)),
    max_ms: Math.max(...deliveries.map((d) => d.max_ms)),
    batches_per_socket: Math.round(mean(deliveries.map((d) => d.batches_per_socket))),
    events_per_batch: Math.round(mean(deliveries.map((d) => d.events_per_batch)) * 100) / 100,
    client_event_loop_utilization: round3(mean(deliveries.map((d) => d.client_event_loop_utilization))),
  };
  const withSockets = {
    per_second: withPerSecond,
    errors: withs.reduce((n, r) => n + r.result.errors, 0),
    client_event_loop_utilization: round3(mean(withs.map((r) => r.result.client_event_loop_utilization ?? 0))),
    runs: withs.map((r) => ({ ...r.result, writes: r.result.writes.length })),
  };
  console.log(
    `  realtime: ${REALTIME_USERS} users without sockets ${without.map((r) => r.result.per_second).join(' / ')}/s, ` +
      `with ${REALTIME_SOCKETS} sockets ${withs.map((r) => r.result.per_second).join(' / ')}/s ` +
      `(${withSockets.errors} errors, ${without.reduce((n, r) => n + r.result.errors, 0)} without)`,
  );
  console.log(
    `  realtime: ratio ${ratio} (rounds ${roundRatios.join(', ')}); ${delivery.deliveries}/${delivery.deliveries_expected} ` +
      `deliveries, p50 ${delivery.after_request_p50_ms} ms, p99 ${delivery.after_request_p99_ms} ms after the request; ` +
      `${delivery.batches_per_socket} batches per socket, ${delivery.events_per_batch} events per batch`,
  );
  const busyWithout = meanOf(without, (r) => r.busy)!;
  const busyWith = meanOf(withs, (r) => r.busy)!;
  const idleWithout = meanOf(without, (r) => r.idle)!;
  const idleWith = meanOf(withs, (r) => r.idle)!;
  const cpuWithout = meanOf(without, (r) => r.cpuPerCall);
  const cpuWith = meanOf(withs, (r) => r.cpuPerCall);
  console.log(
    `  realtime (extra): server thread busy ${busyWithout} / ${busyWith} (without / with), ` +
      `socket clients' thread ${delivery.client_event_loop_utilization}, ` +
      `HTTP clients' thread ${withSockets.client_event_loop_utilization} with sockets; ` +
      `machine's CPUs idle ${idleWithout} / ${idleWith}; server thread's CPU per call ${cpuWithout} / ${cpuWith} ms`,
  );
  return {
    users: REALTIME_USERS,
    sockets: REALTIME_SOCKETS,
    socket_clients_nice: options.niceSockets,
    batch_window_max_ms: batchWindowMaxMs ?? REALTIME_BATCH_WINDOW_MAX_MS,
    write_every: task.writes!.every,
    rounds: options.rounds,
    round_ratios: roundRatios,
    without_sockets: {
      per_second: withoutPerSecond,
      errors: without.reduce((n, r) => n + r.result.errors, 0),
      runs: without.map((r) => ({ ...r.result, writes: r.result.writes.length })),
    },
    with_sockets: withSockets,
    ratio,
    busy: {
      server_without_sockets: busyWithout,
      server_with_sockets: busyWith,
      machine_idle_without_sockets: idleWithout,
      machine_idle_with_sockets: idleWith,
      server_cpu_ms_per_call_without_sockets: cpuWithout,
      server_cpu_ms_per_call_with_sockets: cpuWith,
    },
    delivery,
    deliveries_by_round: deliveries,
  };
}
