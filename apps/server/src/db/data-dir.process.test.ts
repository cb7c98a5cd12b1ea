import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from './data-dir-lock';

// Real processes on one DATA_DIR (decisions §19): one server owns the embedded database, a second one
// refuses to start and names the folder, the command line works while the server runs and its changes are
// seen at once, and a lock left by kill -9 blocks neither the command line nor a restart.

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Node with tsx's loader, in one process (the tsx command forks a child, which kill -9 would leave running).
const run = (script: string, args: string[] = []) =>
  spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: serverRoot, env: environment(), stdio: 'pipe' });
const PROCESS_TIMEOUT = 180_000;

let dataDir: string;
const children: ChildProcess[] = [];

function environment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'RATE_LIMIT_API']) delete env[name];
  return env;
}

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null>; port: Promise<number> };

function startServer(): Server {
  const child = run('src/main.ts');
  children.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  port.catch(() => undefined);
  return { child, output: () => output, exited, port };
}

async function runCli(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = run('src/cli/main.ts', args);
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

/** A browser stand-in over fetch: cookie jar and CSRF header. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly port: number) {}

  async call(method: string, url: string, body?: unknown): Promise<{ status: number; data: any }> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.call('GET', '/sanctum/csrf-cookie');
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`http://127.0.0.1:${this.port}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    return { status: res.status, data: text ? (JSON.parse(text) as unknown) : undefined };
  }

  login = (email: string, password: string) => this.call('POST', '/api/auth/login', { email, password });
}

const alice = { name: 'Alice Cli', username: 'alicecli', email: 'alice@example.com', password: 'alice password' };
const bob = { name: 'Bob Cli', username: 'bobcli', email: 'bob@example.com', password: 'bob password' };
const createArgs = (u: typeof alice) => [
  'user:create',
  `--name=${u.name}`,
  `--username=${u.username}`,
  `--email=${u.email}`,
  `--password=${u.password}`,
];

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-dd-'));
});
afterAll(async () => {
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  const exits = running.map((c) => new Promise((resolve) => c.once('exit', resolve)));
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(exits);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('one server per DATA_DIR on the embedded database', () => {
  let first: Server;
  let firstPort: number;
  let projectId: number;

  it(
    'refuses a second server on the same folder, naming it; the first keeps serving and loses nothing',
    async () => {
      first = startServer();
      firstPort = await first.port;

      // Something written through the first server before the second one tries.
      expect((await runCli(...createArgs(alice))).code).toBe(0);
      const browser = new Browser(firstPort);
      expect((await browser.login(alice.email, alice.password)).status).toBe(200);
      const project = await browser.call('POST', '/api/projects', { name: 'Kept', acronym: 'KPT', slug: 'kept' });
      expect(project.status).toBe(201);
      projectId = project.data.data.id as number;

      const second = startServer();
      const code = await second.exited;
      expect(code).not.toBe(0);
      expect(second.output()).toContain(dataDir);
      expect(second.output()).toMatch(/another Reqloom server/i);

      expect((await browser.call('GET', '/api/health')).status).toBe(200);
      const again = await browser.call('GET', `/api/projects/${projectId}`);
      expect(again.status).toBe(200);
      expect(again.data.data.name).toBe('Kept');
    },
    PROCESS_TIMEOUT,
  );

  it(
    'runs the command line while the server runs, and the server sees its changes at once',
    async () => {
      const browser = new Browser(firstPort);
      expect((await browser.login(alice.email, alice.password)).status).toBe(200);
      expect((await browser.call('GET', '/api/user')).data.data.alpha).toBe(false);
      const alpha = await runCli('user:alpha', alice.email, 'on');
      expect(alpha.output).toContain('Alpha features on');
      expect(alpha.code).toBe(0);
      expect((await browser.call('GET', '/api/user')).data.data.alpha).toBe(true);
      // Refusals come back through the socket too.
      const duplicate = await runCli(...createArgs(alice));
      expect(duplicate.code).toBe(1);
      expect(duplicate.output).toMatch(/already registered/);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'does not let a lock left by kill -9 block the command line or a restart',
    async () => {
      first.child.kill('SIGKILL');
      await first.exited;
      expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);

      // No server runs: the command line takes the stale lock and opens the database itself.
      expect((await runCli(...createArgs(bob))).code).toBe(0);
      expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

      const restarted = startServer();
      const browser = new Browser(await restarted.port);
      expect((await browser.login(alice.email, alice.password)).status).toBe(200);
      expect((await browser.call('GET', `/api/projects/${projectId}`)).data.data.name).toBe('Kept');
      expect((await browser.call('GET', '/api/user')).data.data.alpha).toBe(true);
      expect((await new Browser(await restarted.port).login(bob.email, bob.password)).status).toBe(200);

      // A clean stop releases the folder.
      restarted.child.kill('SIGTERM');
      expect(await restarted.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    },
    PROCESS_TIMEOUT,
  );
});
