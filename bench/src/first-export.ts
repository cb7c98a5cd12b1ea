import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildApp,
  createConfirmedUser,
  CSRF_COOKIE,
  CSRF_HEADER,
  loadConfig,
  openSession,
  SESSION_COOKIE,
} from '@reqloom/server';
import { generateProject } from './generate';

// `npx tsx bench/src/first-export.ts [--warm] [--idle 10]`: the first and the second Word export of a server, as
// `npm start` runs it (tsx, PGlite). The first export starts the export thread, which loads its modules (docx, TipTap,
// happy-dom) under tsx: seconds, against a fraction of one for the next export. With `--warm` the thread is started
// ahead, as WARM_THREADS=true does when the server listens (main.ts); either way `--idle` seconds pass before the first.

const { values: args } = parseArgs({
  options: { idle: { type: 'string', default: '10' }, warm: { type: 'boolean', default: false } },
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-first-export-'));
const built = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
const { app, ctx } = built;
try {
  const user = await createConfirmedUser(ctx.db, {
    name: 'Bench',
    username: 'bench',
    email: 'bench@example.com',
    password: 'correct horse battery staple',
  });
  if (!('id' in user)) throw new Error(JSON.stringify(user.errors));
  const xsrf = 'benchxsrftoken0123456789abcdef';
  const headers = {
    cookie: `${SESSION_COOKIE}=${(await openSession(ctx.db, user.id)).token}; ${CSRF_COOKIE}=${xsrf}`,
    [CSRF_HEADER]: xsrf,
  };
  const shape = { documents: 1, requirementsPerDocument: 100, categoriesPerDocument: 5, links: 0 };
  const { documentIds } = await generateProject(ctx.db, user.id, shape);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  if (args.warm) {
    const warming = performance.now();
    await built.warmUp();
    console.log(
      `warm-up (the export thread loaded, in the background of a listening server): ${((performance.now() - warming) / 1000).toFixed(2)} s`,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, Number(args.idle) * 1000));
  const get = async (url: string) => {
    const res = await fetch(`${base}${url}`, { headers });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    return res;
  };
  for (const label of ['first', 'second', 'third']) {
    const began = performance.now();
    const { url } = (await (await get(`/api/documents/exportmsword/${documentIds[0]}`)).json()) as { url: string };
    const bytes = (await (await get(url)).arrayBuffer()).byteLength;
    console.log(`${label} Word export: ${((performance.now() - began) / 1000).toFixed(2)} s (${bytes} bytes)`);
  }
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
