import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The commands as a person runs them, on the embedded database while a server owns it: backup and restore go
// through the server's socket (db/pglite-socket.ts), and the server serves what was restored at once.

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// Two servers starting on fresh folders and six commands, each loading the app: minutes on a busy machine.
const PROCESS_TIMEOUT = 480_000;
const children: ChildProcess[] = [];
let root: string;

function run(dataDir: string, script: string, args: string[] = []) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'RATE_LIMIT_API']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: serverRoot, env, stdio: 'pipe' });
  children.push(child);
  return child;
}

function startServer(dataDir: string): Promise<number> {
  const child = run(dataDir, 'src/main.ts');
  let output = '';
  return new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}

async function cli(dataDir: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = run(dataDir, 'src/cli/main.ts', args);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

/** Logs in over HTTP and reads what the demo user sees: projects, documents and each document's requirements. */
async function demoAsServed(port: number, password: string) {
  const base = `http://127.0.0.1:${port}`;
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const cookies = new Map(csrf.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
  const headers = () => ({
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
    'content-type': 'application/json',
  });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ email: 'demo@example.com', password }),
  });
  expect(login.status).toBe(200);
  for (const c of login.headers.getSetCookie()) {
    const [name, value] = c.split(';')[0]!.split('=') as [string, string];
    cookies.set(name, value);
  }
  const get = async (url: string) =>
    ((await (await fetch(`${base}${url}`, { headers: headers() })).json()) as { data: any }).data;
  const projects = (await get('/api/user/projects')) as { id: number; name: string }[];
  const documents = (await get(`/api/projects/documents/${projects[0]!.id}`)) as { id: number }[];
  const requirements = [];
  for (const d of documents) requirements.push(await get(`/api/documents/requirements/${d.id}`));
  return { projects, documents, requirements };
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bk-'));
});
afterAll(async () => {
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  const exits = running.map((c) => new Promise((resolve) => c.once('exit', resolve)));
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(exits);
  fs.rmSync(root, { recursive: true, force: true });
});

describe('backup and restore on the embedded database while servers run', () => {
  it(
    'backs up through the running server and restores into another running server, which serves it at once',
    async () => {
      const first = path.join(root, 'first');
      const second = path.join(root, 'second');
      const file = path.join(root, 'demo.backup');
      const firstPort = await startServer(first);
      const seeded = await cli(first, 'seed:demo', '--password', 'demo password');
      expect(seeded.output).toContain('demo@example.com');
      expect(seeded.code).toBe(0);
      const before = await demoAsServed(firstPort, 'demo password');
      expect(before.documents).toHaveLength(3);

      const backup = await cli(first, 'backup', file);
      expect(backup.output).toMatch(/Backup written to .*demo\.backup: \d+ rows of \d+ tables/);
      expect(backup.code).toBe(0);
      expect(fs.readdirSync(root).filter((f) => f.includes('.partial-'))).toEqual([]);

      // The first database is not empty: refused, through its server.
      const refused = await cli(first, 'restore', file);
      expect(refused.output).toMatch(/The database is not empty .*\nNothing was restored\./);
      expect(refused.code).toBe(1);

      const secondPort = await startServer(second);
      const restored = await cli(second, 'restore', file);
      expect(restored.output).toMatch(/Restored \d+ rows of \d+ tables from .*\(a backup of pglite, made /);
      expect(restored.code).toBe(0);
      expect(await demoAsServed(secondPort, 'demo password')).toEqual(before);
    },
    PROCESS_TIMEOUT,
  );
});
