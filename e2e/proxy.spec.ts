import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { data, seedProject, type SeededProject } from './support/seed';
import { apiCall, logIn, markToursDone, newUser, signUpConfirmed, type TestUser } from './support/users';
import { freePort, serverReady, startServer, type ServerProcess } from './support/server-process';

// Decisions §26: two instances on PostgreSQL and Redis behind Debian's nginx, configured by deploy/nginx.conf itself
// (its ports, certificate and name substituted), driven through the proxy over TLS. One instance is killed: both
// browsers are editing again within 5 s on the other, nothing saved is lost, and each sees the other's later edits.
const NGINX = '/usr/sbin/nginx';
const root = path.resolve(import.meta.dirname, '..');
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Skipped only where nginx is absent (issue 39 asks for that notice); CI installs it through scripts/prerequisites.mjs,
// whose test fails when it is missing, so in CI this always runs.
test.skip(
  !fs.existsSync(NGINX),
  `nginx is not installed (${NGINX}): this test runs Debian's nginx; \`node scripts/prerequisites.mjs\` installs it`,
);
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

type Instance = ServerProcess;

let dir: string;
let databaseName: string;
let proxyUrl: string;
let nginx: ChildProcess | undefined;
let nginxLog: string[] = [];
const instances: Instance[] = [];
const contexts: BrowserContext[] = [];
let previousDataDir: string | undefined;

/** Runs SQL on the PostgreSQL server (its `postgres` database) through psql's library-free sibling: node's pg. */
async function admin(statement: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(): string {
  const url = new URL(postgresUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

function startInstance(port: number): Instance {
  return startServer(port, {
    DATABASE_URL: databaseUrl(),
    REDIS_URL: redisUrl,
    // One DATA_DIR for both, as a shared volume would be: the mail outbox the test reads confirmations from.
    DATA_DIR: path.join(dir, 'data'),
    APP_URL: proxyUrl,
  });
}

/** A gauge of one instance, read on its own port from the loopback (no METRICS_TOKEN: the loopback rule). */
async function gauge(instance: Instance, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${instance.port}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1] ?? NaN);
}

/** deploy/nginx.conf with this run's ports, certificate and paths: each replaced text must be in the file. */
function siteConfig(httpPort: number, httpsPort: number): string {
  let site = fs.readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const replacements: [string, string][] = [
    ['listen 80;', `listen 127.0.0.1:${httpPort};`],
    ['listen 443 ssl;', `listen 127.0.0.1:${httpsPort} ssl;`],
    ['127.0.0.1:3001', `127.0.0.1:${instances[0]!.port}`],
    ['127.0.0.1:3002', `127.0.0.1:${instances[1]!.port}`],
    ['/etc/ssl/reqloom/fullchain.pem', path.join(dir, 'cert.pem')],
    ['/etc/ssl/reqloom/privkey.pem', path.join(dir, 'key.pem')],
  ];
  for (const [from, to] of replacements) {
    expect(site, `deploy/nginx.conf holds "${from}"`).toContain(from);
    site = site.split(from).join(to);
  }
  return site;
}

/** Debian's nginx as a child process with its own prefix: the site file inside the http block, as Debian has it. */
function startNginx(site: string): ChildProcess {
  fs.writeFileSync(path.join(dir, 'reqloom.conf'), site);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, temp));
  const main = [
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 512; }',
    'http {',
    '  access_log off;',
    ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (t) => `  ${t === 'body' ? 'client_body' : t}_temp_path ${dir}/${t};`,
    ),
    `  include ${dir}/reqloom.conf;`,
    '}',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'nginx.conf'), main);
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'], {
    encoding: 'utf8',
  });
  expect(check.status, check.stderr).toBe(0);
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  nginxLog = [];
  child.stderr?.on('data', (chunk: Buffer) => nginxLog.push(chunk.toString()));
  return child;
}

let owner: TestUser;
let member: TestUser;
let seeded: SeededProject;
let a: Page;
let b: Page;
/** When each page's collaborative sockets opened and closed: printed after the kill, to read how long it took. */
const events: string[] = [];
const collabSockets = new Map<Page, { closed: boolean }[]>();

const editor = (page: Page) => page.getByRole('textbox', { name: 'Description' });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /Connecting|saved|Saving|Cannot edit/ });
const requirementPath = () => `${seeded.base}/detailed/requirement/${seeded.requirement}`;

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: proxyUrl,
    ignoreHTTPSErrors: true,
    locale: 'en-US',
    timezoneId: 'Europe/Paris',
  });
  contexts.push(context);
  return context;
}

async function browserPage(browser: Browser, user: TestUser): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  const sockets: { closed: boolean }[] = [];
  collabSockets.set(page, sockets);
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/collab')) return;
    const socket = { closed: false };
    sockets.push(socket);
    events.push(`${Date.now()} ${user.username} open`);
    ws.on('close', () => {
      socket.closed = true;
      events.push(`${Date.now()} ${user.username} close`);
    });
  });
  await logIn(page, user);
  return page;
}

async function type(page: Page, text: string): Promise<void> {
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

async function savedDescription(page: Page): Promise<string> {
  return (await data<{ description: string }>(page.context().request.get(`/api/requirements/${seeded.requirement}`)))
    .description;
}

test.beforeAll(async ({ browser }) => {
  // Two servers to start on a new database, one after the other: minutes on a loaded machine.
  test.setTimeout(480_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-proxy-'));
  fs.mkdirSync(path.join(dir, 'data'));
  databaseName = `reqloom_proxy_${process.pid}_${Date.now().toString(36)}`;
  await admin(`CREATE DATABASE ${databaseName}`);
  const openssl = spawnSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
    ],
    { encoding: 'utf8' },
  );
  expect(openssl.status, openssl.stderr).toBe(0);
  const [httpPort, httpsPort, port1, port2] = [await freePort(), await freePort(), await freePort(), await freePort()];
  proxyUrl = `https://127.0.0.1:${httpsPort}`;
  // One after the other: the first migrates the new database, the second finds it migrated.
  instances.push(startInstance(port1));
  await serverReady(instances[0]!);
  instances.push(startInstance(port2));
  await serverReady(instances[1]!);
  nginx = startNginx(siteConfig(httpPort, httpsPort));
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${httpPort}/`, { redirect: 'manual' }).then(
          (r) => r.status,
          () => 0,
        ),
      {
        timeout: 10_000,
      },
    )
    .toBe(301);

  // The outbox the confirmation mails go to is this test's (support/outbox.ts reads it from the environment).
  previousDataDir = process.env.REQLOOM_E2E_DATA_DIR;
  process.env.REQLOOM_E2E_DATA_DIR = path.join(dir, 'data');
  const setup = await newContext(browser);
  owner = newUser('ada', 'Ada Lovelace');
  member = newUser('emmy', 'Emmy Noether');
  await signUpConfirmed(setup, owner);
  await markToursDone(setup);
  seeded = await seedProject(setup, owner.username);
  const memberSetup = await newContext(browser);
  await signUpConfirmed(memberSetup, member);
  await markToursDone(memberSetup);
  const { namespace, slug, join_token } = seeded.project;
  await apiCall(memberSetup, 'POST', `projects/join/${namespace}/${slug}`, { token: join_token });
  a = await browserPage(browser, owner);
  b = await browserPage(browser, member);
});

test.afterAll(async () => {
  // How long each browser took to connect again: in the report whether the test passed or not.
  console.log(`collaborative sockets (ms since the epoch):\n${events.join('\n')}`);
  if (previousDataDir === undefined) delete process.env.REQLOOM_E2E_DATA_DIR;
  else process.env.REQLOOM_E2E_DATA_DIR = previousDataDir;
  for (const context of contexts) await context.close();
  nginx?.kill('SIGQUIT');
  for (const instance of instances) instance.process.kill('SIGKILL');
  if (databaseName) await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('through nginx: one instance killed, both browsers edit again on the other within 5 s, nothing saved lost', async () => {
  await a.goto(requirementPath());
  await b.goto(requirementPath());
  // The first connection loads the document on a loaded machine: not what this test times.
  for (const page of [a, b]) await expect(status(page)).toHaveText('All changes saved', { timeout: 60_000 });
  // Every call went through the proxy: its answers carry the app's headers, and /metrics stays closed there.
  expect((await a.context().request.get('/metrics')).status()).toBe(404);

  await type(a, ' Before the stop, by Ada.');
  await expect(editor(b)).toContainText('Before the stop, by Ada.');
  await type(b, ' Before the stop, by Emmy.');
  await expect(editor(a)).toContainText('Before the stop, by Emmy.');
  for (const page of [a, b]) await expect(status(page)).toHaveText('All changes saved');

  // The instance that holds collaborative connections is the one killed (SIGKILL: no goodbye, no last write).
  const held = await Promise.all(instances.map((i) => gauge(i, 'reqloom_collab_connections')));
  expect(held.reduce((x, y) => x + y, 0)).toBe(2);
  const victim = held[0]! > 0 ? 0 : 1;
  const survivor = instances[1 - victim]!;
  const killed = Date.now();
  instances[victim]!.process.kill('SIGKILL');
  events.push(`${killed} instance ${victim} killed`);

  // Both browsers' editing connections are on the survivor, and both say so, within 5 s of the kill.
  const left = () => Math.max(1, 5000 - (Date.now() - killed));
  await expect.poll(() => gauge(survivor, 'reqloom_collab_connections'), { timeout: left(), intervals: [100] }).toBe(2);
  for (const page of [a, b]) {
    await expect(status(page)).toHaveText('All changes saved', { timeout: left() });
    await expect(editor(page)).toHaveAttribute('contenteditable', 'true', { timeout: left() });
    expect(collabSockets.get(page)!.at(-1)!.closed).toBe(false);
  }
  expect(Date.now() - killed).toBeLessThan(5000);
  // At least one browser was on the killed instance, and opened a new connection.
  expect(Math.max(...[a, b].map((page) => collabSockets.get(page)!.length))).toBeGreaterThan(1);

  for (const page of [a, b]) {
    await expect(editor(page)).toContainText('Before the stop, by Ada.');
    await expect(editor(page)).toContainText('Before the stop, by Emmy.');
  }

  // Each sees the other's later edits, through the one instance left.
  await type(a, ' After the stop, by Ada.');
  await expect(editor(b)).toContainText('After the stop, by Ada.');
  await type(b, ' After the stop, by Emmy.');
  await expect(editor(a)).toContainText('After the stop, by Emmy.');
  await expect(status(a)).toHaveText('All changes saved');
  await expect(status(b)).toHaveText('All changes saved');
  // And the database holds all of it (written back within 2 s; read through the proxy, from the survivor).
  await expect
    .poll(() => savedDescription(a))
    .toMatch(
      /Before the stop, by Ada\.(.|\n)*Before the stop, by Emmy\.(.|\n)*After the stop, by Ada\.(.|\n)*After the stop, by Emmy\./,
    );
});
