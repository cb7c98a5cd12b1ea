// `npm run dev`: the server restarting on every change of its sources (tsx watch), and Vite serving the web client
// with hot module replacement, proxying /api, /sanctum, /socket.io and /collab to the server. Open the Vite address.
// PORT (server, default 3000) and VITE_PORT (web, default 5173) move them; DATA_DIR, DATABASE_URL and the rest of
// the server's variables apply as for `npm start`.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverPort = process.env.PORT ?? '3000';
const webPort = process.env.VITE_PORT ?? '5173';
// Mailed links and the CSRF origin check must name the address the browser uses: Vite's, not the server's.
const appUrl = process.env.APP_URL ?? `http://localhost:${webPort}`;

/** Whether something already listens on the port (a running `npm start`, most often). */
function portTaken(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(true));
    probe.listen(Number(port), process.env.HOST ?? '127.0.0.1', () => probe.close(() => resolve(false)));
  });
}

// `tsx watch` keeps waiting for a change when the server stops at start-up, so a server refused by a running
// `npm start` (its data folder's lock, or its port) would leave Vite answering 502 for ever. Check both first and stop
// at once, naming the way out.
const way = 'Stop it, or give this one its own: DATA_DIR=./data-dev PORT=3001 npm run dev';
if (!process.env.DATABASE_URL) {
  const { dataDirOwner } = await tsImport('../apps/server/src/db/data-dir-lock.ts', import.meta.url);
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
  const owner = dataDirOwner(dataDir);
  if (owner !== null) {
    console.error(
      `Another Reqloom server (process ${owner}, \`npm start\` perhaps) uses the data folder ${dataDir}. ${way}`,
    );
    process.exit(1);
  }
}
if (await portTaken(serverPort)) {
  console.error(`Port ${serverPort} is taken (a running \`npm start\` perhaps). ${way}`);
  process.exit(1);
}

/** Runs one of the two with its output prefixed, so that the two logs stay readable in one terminal. */
function run(name, args, options) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
  return child;
}

const children = [
  run(
    'server',
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'apps/server/src/main.ts'],
    {
      // From the root, like `npm start`: the default DATA_DIR ./data is the same folder.
      cwd: root,
      env: { ...process.env, PORT: serverPort, APP_URL: appUrl },
    },
  ),
  run('web', [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', webPort, '--strictPort'], {
    cwd: path.join(root, 'apps/web'),
    env: { ...process.env, PORT: serverPort },
  }),
];
console.log(`Reqloom in development: open ${appUrl} (the server answers on port ${serverPort}).`);

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
// One of the two ending on its own (a port taken, a crash) ends the other: a half-running setup only confuses.
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
