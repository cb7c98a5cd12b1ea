// `npm start`: build the web client when it is missing or older than its sources, then run the
// server (which applies the migrations) on one port: web app, API, realtime and collaboration.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'packages/domain/src', 'packages/rich-text/src'].map((p) =>
  path.join(root, p),
);
const sourceTime = Math.max(
  ...sources.map((p) => (fs.existsSync(p) && fs.statSync(p).isFile() ? fs.statSync(p).mtimeMs : newestMtime(p))),
);
const builtTime = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;

if (builtTime < sourceTime) {
  console.log('Building the web client…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// tsx as a loader in the server's own process: its command line would add a process of its own (about 60 MB
// resident) that only relays signals to the server it starts as a child.
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
