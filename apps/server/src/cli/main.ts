import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { Metrics } from '../core/metrics';
import { AuthCache } from '../core/auth-cache';
import { toWire } from '../read/wire';
import { EventBus } from '../events/bus';
import { RateLimiter } from '../core/rate-limiter';
import { createConfirmedUser, setAlpha } from '../modules/user/user-admin.service';
import type { AppContext } from '../core/context';
import { writeBackup } from './backup/backup';
import { BackupFileError, RestoreRefusedError } from './backup/format';
import { readBackup, restoreBackup } from './backup/restore';
import { seedDemo } from './demo/seed-demo';

// `npm run reqloom -- <command>`: administration from the shell, on the configured database.

const USAGE = `Usage: npm run reqloom -- <command>

Commands:
  migrate                                   apply the database migrations
  user:create [--name N] [--username U] [--email E] [--password P]
                                            create a confirmed account (asks for what is missing)
  user:alpha <email> on|off                 turn the alpha features on or off for a user
  seed:demo [email] [--password P]          a demo user (printed with its password) and a sample project
  backup <file>                             a consistent, compressed copy of the whole database (while it runs)
  restore <file>                            load a backup into an empty database (PGlite or PostgreSQL)
`;

async function ask(question: string, value: string | undefined): Promise<string> {
  if (value !== undefined) return value;
  if (!process.stdin.isTTY) throw new Error(`missing --${question}`);
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(`${question}: `)).trim();
  } finally {
    rl.close();
  }
}

async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  return withApp((app) => fn(app.database));
}

/** What services need, for the command line: the configured database; no mail goes out, no listener waits. */
async function withApp<T>(fn: (app: AppContext) => Promise<T>): Promise<T> {
  const config = loadConfig();
  // While a server runs on the embedded database, its changes go through that server's PGlite (its socket).
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    shareWithOwner: true,
  });
  const app: AppContext = {
    config,
    database,
    db: database.db,
    mailer: { send: () => Promise.reject(new Error('the command line sends no mail')), close: () => undefined },
    rateLimiter: new RateLimiter(),
    events: new EventBus(),
    toWire,
    // Never served from: nothing here listens for changes (the server's own cache hears the command line's).
    authCache: new AuthCache(),
    // Never scraped: the command line serves no /metrics.
    metrics: new Metrics(),
  };
  try {
    return await fn(app);
  } finally {
    await database.close();
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The refusals of backup and restore are for the person at the shell: their message alone, exit code 1. */
async function refusals(fn: () => Promise<number>): Promise<number> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof BackupFileError || error instanceof RestoreRefusedError) {
      console.error(`${error.message}\nNothing was restored.`);
      return 1;
    }
    throw error;
  }
}

export async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'migrate':
      await withDatabase(async () => undefined);
      console.log('Migrations applied.');
      return 0;
    case 'user:create': {
      const { values } = parseArgs({
        args: rest,
        options: {
          name: { type: 'string' },
          username: { type: 'string' },
          email: { type: 'string' },
          password: { type: 'string' },
        },
      });
      const input = {
        name: await ask('name', values.name),
        username: await ask('username', values.username),
        email: await ask('email', values.email),
        password: await ask('password', values.password),
      };
      const result = await withDatabase((d) => createConfirmedUser(d.db, input));
      if ('errors' in result) {
        for (const [field, messages] of Object.entries(result.errors))
          console.error(`${field}: ${messages.join(', ')}`);
        return 1;
      }
      console.log(`User ${input.username} created (id ${result.id}), confirmed.`);
      return 0;
    }
    case 'user:alpha': {
      const [email, state] = rest;
      if (!email || (state !== 'on' && state !== 'off')) {
        console.error(USAGE);
        return 2;
      }
      const found = await withApp((app) => setAlpha(app, email, state === 'on'));
      if (!found) {
        console.error(`No user with the e-mail ${email}.`);
        return 1;
      }
      console.log(`Alpha features ${state} for ${email}.`);
      return 0;
    }
    case 'seed:demo': {
      const { values, positionals } = parseArgs({
        args: rest,
        options: { password: { type: 'string' } },
        allowPositionals: true,
      });
      const result = await withApp((app) => seedDemo(app, { email: positionals[0], password: values.password }));
      if (!result.ok) {
        console.error(result.message);
        return 1;
      }
      console.log(
        `Demo project made: ${result.requirements} requirements in 3 documents.\n` +
          `Log in with\n  e-mail:   ${result.email}\n  password: ${result.password}\n` +
          `It holds a test with steps, an alpha feature: npm run reqloom -- user:alpha ${result.email} shows it.`,
      );
      return 0;
    }
    case 'backup': {
      const [file] = rest;
      if (!file || rest.length !== 1) {
        console.error(USAGE);
        return 2;
      }
      const summary = await withDatabase((d) => writeBackup(d, file));
      console.log(
        `Backup written to ${summary.file}: ${summary.rows} rows of ${summary.tables} tables, ${megabytes(summary.bytes)} ` +
          `(schema ${summary.header.schema.last ?? summary.header.schema.migrations}).`,
      );
      return 0;
    }
    case 'restore': {
      const [file] = rest;
      if (!file || rest.length !== 1) {
        console.error(USAGE);
        return 2;
      }
      return refusals(async () => {
        // Checked before the database is opened: on the embedded one a connection holds the running server.
        const checked = await readBackup(file);
        const summary = await withDatabase((d) => restoreBackup(d, file, { checked }));
        console.log(
          `Restored ${summary.rows} rows of ${summary.tables} tables from ${summary.file} ` +
            `(a backup of ${summary.header.source}, made ${summary.header.createdAt}).`,
        );
        return 0;
      });
    }
    default:
      console.error(USAGE);
      return command ? 2 : 0;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
