// What every bench entry point (run, browser, collaboration, interchange, search, backup, map) starts with and ends
// with: its arguments, a database and an app with a signed-in user, and its result files in bench/results named by
// scenario, scale and date.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { fileURLToPath } from 'node:url';
import {
  buildApp,
  createConfirmedUser,
  CSRF_COOKIE,
  CSRF_HEADER,
  loadConfig,
  openDatabase,
  openSession,
  SESSION_COOKIE,
  type BuiltApp,
  type Config,
  type Database,
} from '@reqloom/server';
import { postgresDatabase } from './database';
import { percentile } from './load-worker';

export const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');

const commonOptions = {
  // Added to the result files' names: `<scenario>-<scale>-<date>-<label>`.
  label: { type: 'string' },
  // Another folder for the result files than bench/results (a trial run that is not to be kept).
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/**
 * The command line of a bench: its own options and the common ones (`--label`, `--out`, `--help`). `usage` is
 * printed for `--help`, and an unknown option stops the bench before it starts.
 */
export function benchArgs<const T extends ParseArgsOptionsConfig>(usage: string, options: T) {
  const { values } = parseArgs<{ options: typeof commonOptions & T }>({ options: { ...commonOptions, ...options } });
  if ((values as { help?: boolean }).help) {
    console.log(
      `${usage}\n\nEvery bench also takes --label name (added to the result files' names) and --out dir ` +
        `(where to write them; default ${path.relative(process.cwd(), resultsDir) || '.'}).`,
    );
    process.exit(0);
  }
  return values;
}

/** The bench's database of the kind asked: PGlite in memory, or the PostgreSQL database at `url`, emptied. */
export function openBenchDatabase(kind: 'pglite' | 'postgres', url: string): Promise<Database> {
  return kind === 'pglite' ? openDatabase({ dataDir: null }) : postgresDatabase(url);
}

export const BENCH_XSRF = 'benchxsrftoken0123456789abcdef';

export type BenchApp = {
  app: BuiltApp['app'];
  /** Starts what a server starts once listening (the export and quality threads); see BuiltApp. */
  warmUp: BuiltApp['warmUp'];
  database: Database;
  db: Database['db'];
  userId: number;
  /** A new session of that user, as a cookie header with the CSRF cookie. */
  sessionCookie: (userId: number) => Promise<string>;
  session: { token: string; expiresAt: Date };
  cookie: string;
  /** The headers of the bench user's calls: session and CSRF cookies, CSRF header. */
  headers: Record<string, string>;
  /** Stops the app and removes its data folder; the database is the caller's to close. */
  close: () => Promise<void>;
};

/**
 * The app on `database`, in a data folder of its own, with a confirmed user `bench` signed in. `env` adds to the
 * configuration (WEB_DIST for the browser benches); `configure` changes it once loaded.
 */
export async function startBenchApp(
  database: Database,
  options: { name: string; env?: Record<string, string>; configure?: (config: Config) => void },
): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `reqloom-bench-${options.name}-`));
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env }) };
  options.configure?.(config);
  const { app, warmUp } = await buildApp(config, { database });
  const db = database.db;
  const created = await createConfirmedUser(db, {
    name: 'Bench',
    username: 'bench',
    email: 'bench@example.com',
    password: 'bench password',
  });
  if ('errors' in created) throw new Error(JSON.stringify(created.errors));
  const session = await openSession(db, created.id);
  const cookie = `${SESSION_COOKIE}=${session.token}; ${CSRF_COOKIE}=${BENCH_XSRF}`;
  return {
    app,
    warmUp,
    database,
    db,
    userId: created.id,
    sessionCookie: async (userId) =>
      `${SESSION_COOKIE}=${(await openSession(db, userId)).token}; ${CSRF_COOKIE}=${BENCH_XSRF}`,
    session,
    cookie,
    headers: { cookie, [CSRF_HEADER]: BENCH_XSRF },
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `<scenario>-<scale>-<YYYY-MM-DD>[-<label>]`, the date in UTC; only letters, digits, `.`, `_` and `-` are kept. */
export function resultName(scenario: string, scale: string | number, label?: string, date = new Date()): string {
  const name = [scenario, String(scale), date.toISOString().slice(0, 10), ...(label ? [label] : [])].join('-');
  return name.replace(/[^\w.-]/g, '_');
}

/** Writes `<name>.json` and `<name>.md` (see `resultName`) to `--out` or bench/results; returns the name. */
export function writeResults(result: {
  scenario: string;
  scale: string | number;
  args: { label?: string; out?: string };
  date?: Date;
  json: unknown;
  markdown: string;
}): string {
  const dir = path.resolve(result.args.out ?? resultsDir);
  fs.mkdirSync(dir, { recursive: true });
  const name = resultName(result.scenario, result.scale, result.args.label, result.date);
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(result.json, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, `${name}.md`), result.markdown);
  console.log(`\nWritten to ${path.relative(process.cwd(), path.join(dir, name))}.{json,md}`);
  return name;
}

/** The machine as a result file records it: its CPUs and the load average when the run ended. */
export const machineNow = () => ({
  cpus: os.cpus().length,
  load_average: os.loadavg().map((l) => Math.round(l * 100) / 100),
});

/** Repeated timings of one measure: their median, least and most, and each run's. */
export type Timing = { p50: number; min: number; max: number; runs: number[] };

export const timingOf = (values: number[]): Timing => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: values };
};

/** A timing as the result tables write it: `p50 (min–max)`. */
export const timingRange = (t: Timing) => `${t.p50} (${t.min}–${t.max})`;

/** Marks the bench user's tours as seen, so that none covers the page being measured. */
export async function skipTours(bench: BenchApp, more: Record<string, boolean> = {}): Promise<void> {
  await bench.app.inject({
    method: 'PUT',
    url: '/api/user/preferences',
    headers: bench.headers,
    payload: { preferences: { tours: { dashboard: true, project: true, document: true, ...more } } },
  });
}
