import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig, type Config } from '../config';
import { users } from '../db/schema';
import type { ThreadLimits } from '../modules/interchange/bounded-thread';
import type { QualityCheckerOptions } from '../modules/quality/quality-checker';
import { createMailer, type Mail, type Mailer } from '../mail/mailer';
import { Agent } from './agent';
import { sharedTestDatabase, truncateAll } from './database';

export type TestApp = BuiltApp & {
  mails: Mail[];
  outboxDir: string;
  agent(): Agent;
  /** Registers, confirms through the mailed link and answers a logged-in agent. */
  signUp(overrides?: Partial<{ name: string; username: string; email: string; password: string }>): Promise<SignedUp>;
  close(): Promise<void>;
};

export type SignedUp = { agent: Agent; id: number; name: string; username: string; email: string; password: string };

/** A user's session as the Cookie header of a WebSocket or Socket.IO connection ('' without one). */
export const cookieOf = (user: { agent: Agent }): string => user.agent.cookie;

/** Starts an app on a free port of the loopback and answers its address, `http://127.0.0.1:<port>`. */
export async function listen(app: BuiltApp['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

let counter = 0;
export function unique(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${process.pid}x${counter}x${Math.floor(Math.random() * 1e6)}`;
}

/** Builds the real app on the worker's shared database, emptied first, with a real outbox in a temp folder. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { logStream?: NodeJS.WritableStream; exportLimits?: ThreadLimits; quality?: QualityCheckerOptions } = {},
): Promise<TestApp> {
  const database = await sharedTestDatabase();
  await truncateAll(database);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-test-'));
  const outboxDir = path.join(dataDir, 'outbox');
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://reqloom.test' }),
    ...overrides,
  };
  const mails: Mail[] = [];
  const base = createMailer({ smtpUrl: undefined, outboxDir, from: config.mailFrom, log: silentLog });
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
      await base.send(mail);
    },
    close: () => base.close(),
  };
  const built = await buildApp(config, { database, mailer, ...options });
  await built.app.ready();

  const testApp: TestApp = {
    ...built,
    mails,
    outboxDir,
    agent: () => new Agent(built.app),
    async signUp(o = {}) {
      const username = o.username ?? unique('user');
      const details = {
        name: o.name ?? 'Ada Lovelace',
        username,
        email: o.email ?? `${username}@example.com`,
        password: o.password ?? 'correct horse battery',
      };
      const agent = new Agent(built.app);
      const reg = await agent.post('/api/auth/register', { ...details, password_confirmation: details.password });
      if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
      const link = mails.findLast((m) => m.to === details.email)?.links[0];
      if (!link) throw new Error('no confirmation mail');
      const confirm = await agent.get(`/api${new URL(link).pathname.replace('/confirm/', '/auth/confirm/')}`);
      if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
      const [row] = await built.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
      return { agent, id: row!.id, ...details };
    },
    async close() {
      await built.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

const noop = () => undefined;
const silentLog = {
  info: noop,
  warn: noop,
  error: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  silent: noop,
  level: 'silent',
  child: () => silentLog,
} as unknown as Parameters<typeof createMailer>[0]['log'];
