import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

// A server of a spec's own (the proxy's two instances, the single sign-on spec's server with OIDC_* set), started as
// `npm start` starts one, beside the suite's shared server (playwright.config.ts).

const root = path.resolve(import.meta.dirname, '../..');

/** A server process: its port, the process, and what it wrote to stderr (shown when it fails). */
export type ServerProcess = { port: number; process: ChildProcess; log: string[] };

/** A port free on the loopback now (the OS's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server on `port` with the given environment (over the process's own, and the suite's client build). */
export function startServer(port: number, env: NodeJS.ProcessEnv): ServerProcess {
  const log: string[] = [];
  // One process, tsx as a loader: its command line would run the server in a child that a SIGKILL leaves running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: path.resolve(process.env.E2E_WEB_DIST) } : {}),
      ...env,
    },
  });
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  return { port, process: child, log };
}

/** Waits for the server's own readiness (decisions §26): database, migrations, and the listeners of several. */
export async function serverReady(server: ServerProcess, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.process.exitCode !== null) throw new Error(`the server exited:\n${server.log.join('')}`);
    const status = await fetch(`http://127.0.0.1:${server.port}/api/health/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`the server is not ready (${status}):\n${server.log.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
