import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, accept: (status: number, body: string) => boolean, ms: number): Promise<string> {
  const until = Date.now() + ms;
  let last = '';
  while (Date.now() < until) {
    try {
      const response = await fetch(url);
      const body = await response.text();
      if (accept(response.status, body)) return body;
      last = `${response.status} ${body.slice(0, 200)}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer as expected within ${ms} ms; last: ${last}`);
}

describe('npm run dev', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-dev-'));
  let child: ReturnType<typeof spawn> | undefined;
  let output = '';

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the web client with hot module replacement and proxies the API to a reloading server', async () => {
    const [serverPort, webPort] = [await freePort(), await freePort()];
    child = spawn(process.execPath, [path.join(root, 'scripts/dev.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(serverPort),
        VITE_PORT: String(webPort),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));

    const base = `http://127.0.0.1:${webPort}`;
    // Vite's development page loads its HMR client; a built page would not.
    const page = await waitFor(base, (status, body) => status === 200 && body.includes('/@vite/client'), 90_000);
    expect(page).toContain('<div id="root">');
    // The API answers through Vite's proxy, from the server started in watch mode.
    const health = await waitFor(`${base}/api/health`, (status) => status === 200, 90_000);
    expect(JSON.parse(health)).toMatchObject({ status: 'ok' });
    expect(output).toContain(`open http://localhost:${webPort}`);
  }, 200_000);
});

describe('npm run dev beside a running server', () => {
  /** Runs the script until it exits on its own (or 30 s pass), and gives its exit code and output. */
  function runDev(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const dev = spawn(process.execPath, [path.join(root, 'scripts/dev.mjs')], {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      dev.stdout.on('data', (c) => (output += c));
      dev.stderr.on('data', (c) => (output += c));
      const timer = setTimeout(() => dev.kill('SIGTERM'), 30_000);
      dev.once('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  }

  it('stops at once, naming the way out, when a live server holds the data folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-dev-locked-'));
    // This test's own process stands for the running `npm start`: a live pid in the folder's lock.
    fs.writeFileSync(path.join(dataDir, 'reqloom.lock'), JSON.stringify({ pid: process.pid, startTime: null }));
    try {
      const [serverPort, webPort] = [await freePort(), await freePort()];
      const { code, output } = await runDev({
        DATA_DIR: dataDir,
        PORT: String(serverPort),
        VITE_PORT: String(webPort),
      });
      expect(code).toBe(1);
      expect(output).toContain(`process ${process.pid}`);
      expect(output).toContain('DATA_DIR=./data-dev PORT=3001 npm run dev');
      expect(output).not.toContain('open http://localhost');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('stops at once when the server’s port is taken', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-dev-port-'));
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    try {
      const port = (taken.address() as net.AddressInfo).port;
      const { code, output } = await runDev({
        DATA_DIR: dataDir,
        PORT: String(port),
        VITE_PORT: String(await freePort()),
      });
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} is taken`);
    } finally {
      taken.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
