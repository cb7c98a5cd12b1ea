import Fastify from 'fastify';
import type { HttpResult, HttpTask } from './load-worker';
import { runWorker } from './workers';

const THROUGHPUT_ROUNDS = 3;

/** A route of Fastify and pg alone, reading the same row as GET requirements/{id}: what the app is measured against. */
async function bareServer(url: string) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const bare = Fastify({ logger: false });
  bare.get<{ Params: { id: string } }>('/bare/requirements/:id', async (request) => {
    const { rows } = await pool.query<Record<string, unknown>>('select * from requirements where id = $1', [
      Number(request.params.id),
    ]);
    return { data: rows[0] };
  });
  const address = await bare.listen({ host: '127.0.0.1', port: 0 });
  return {
    address,
    async close() {
      await bare.close();
      await pool.end();
    },
  };
}

/**
 * The throughput of an authenticated GET requirements/{id} over loopback HTTP against the bare route, 32 connections
 * (on PostgreSQL, at `databaseUrl`; `base` is the app's address).
 */
export async function throughputScenario(
  databaseUrl: string,
  base: string,
  reqs: number[],
  cookie: string,
  throughputMs: number,
) {
  const readPaths = reqs.slice(0, 500).map((id) => `/api/requirements/${id}`);
  // Bare and authenticated runs alternate, three rounds each, so that a change in the machine's load
  // during the bench weighs on both sides alike; the ratio is that of the summed requests.
  const bare = await bareServer(databaseUrl);
  const common = {
    kind: 'http' as const,
    connections: 32,
    warmupMs: 500,
    durationMs: throughputMs,
    maxRequests: 200_000,
  };
  const bareTask: HttpTask = {
    ...common,
    base: bare.address,
    users: [{ cookie: '' }],
    reads: reqs.slice(0, 500).map((id) => `/bare/requirements/${id}`),
  };
  const appTask: HttpTask = { ...common, base, users: [{ cookie }], reads: readPaths };
  const rounds: { bare: HttpResult; app: HttpResult }[] = [];
  for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
    rounds.push({ bare: await runWorker(bareTask), app: await runWorker(appTask) });
  }
  await bare.close();
  const total = (runs: HttpResult[]) => {
    const requests = runs.reduce((n, r) => n + r.requests, 0);
    const seconds = runs.reduce((n, r) => n + r.seconds, 0);
    const errors = runs.reduce((n, r) => n + r.errors, 0);
    return {
      requests,
      seconds: Math.round(seconds * 100) / 100,
      errors,
      per_second: Math.round(requests / seconds),
    };
  };
  const bareRun = total(rounds.map((r) => r.bare));
  const appRun = total(rounds.map((r) => r.app));
  const ratio = Math.round((appRun.per_second / Math.max(1, bareRun.per_second)) * 1000) / 1000;
  const perRound = rounds.map((r) => Math.round((r.app.per_second / Math.max(1, r.bare.per_second)) * 1000) / 1000);
  console.log(
    `  throughput: bare Fastify + pg ${bareRun.per_second}/s, authenticated GET requirements/{id} ` +
      `${appRun.per_second}/s (${appRun.errors} errors): ratio ${ratio} (rounds ${perRound.join(', ')})`,
  );
  return {
    connections: common.connections,
    rounds: rounds.map((r, i) => ({
      bare_per_second: r.bare.per_second,
      authenticated_per_second: r.app.per_second,
      ratio: perRound[i],
      authenticated_p50_ms: r.app.p50_ms,
      authenticated_p99_ms: r.app.p99_ms,
    })),
    bare: bareRun,
    authenticated_read: appRun,
    ratio,
  };
}
