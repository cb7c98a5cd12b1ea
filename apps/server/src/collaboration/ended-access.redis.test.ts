import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp, type BuiltApp } from '../app';
import { projectUsers, sessions } from '../db/schema';
import { openEditor, until } from '../test/collaboration-client';
import { cookieOf, createTestApp, listen, type TestApp } from '../test/harness';
import { workingArea } from '../test/working-area';
import { readHtml } from '../modules/working-area/requirements/description/shared-description';

// Ended access ends every open connection, on every instance, within 2 s, whatever ends it: a member's sockets
// (on both instances) stop receiving the project's events, and its collaboration connections (on both) can no
// longer change the description. Runs in the `redis` Vitest project (TEST_REDIS_URL).

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CUT_OFF_MS = 2_000;
let a: TestApp;
let b: BuiltApp;
const bases: string[] = [];
const opened: Array<{ destroy(): void }> = [];
/** The cut-off times measured, printed once at the end. */
const measured: string[] = [];

beforeAll(async () => {
  a = await createTestApp({ redisUrl });
  b = await buildApp({ ...a.ctx.config, redisUrl }, { database: a.ctx.database, mailer: a.ctx.mailer });
  bases.push(await listen(a.app), await listen(b.app));
  // Two apps on one embedded database take their time on a busy machine.
}, 180_000);
afterAll(async () => {
  for (const o of opened) o.destroy();
  await b.app.close();
  await a.close();
  console.info(`ended access, cut-off times:\n${measured.join('\n')}`);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Credential = { cookie?: string; token?: string };

/** A member's socket, subscribed to the project, with the project names it receives and when it was cut. */
async function memberSocket(base: string, credential: Credential, projectId: number) {
  const socket: Socket = connect(base, {
    transports: ['websocket'],
    extraHeaders: credential.cookie ? { cookie: credential.cookie } : {},
    auth: credential.token ? { token: credential.token } : {},
    reconnection: false,
    forceNew: true,
  });
  opened.push({ destroy: () => socket.disconnect() });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  expect(await socket.emitWithAck('subscribe', { project_id: projectId })).toMatchObject({ ok: true });
  const names: string[] = [];
  socket.on('ProjectUpdated', (data: { project: { name: string } }) => names.push(data.project.name));
  return { socket, names };
}

/**
 * An owner and a member of a project; the member follows it on both instances with a socket and edits one
 * requirement's description on both, with its session cookie or an access token; the owner edits it on A.
 */
async function scene(use: 'session' | 'token' = 'session') {
  const owner = await a.signUp();
  const member = await a.signUp();
  const w = workingArea(owner);
  const project = await w.project();
  const joined = await member.agent.post(`/api/projects/join/${owner.username}/${project.slug}`, {
    token: project.join_token,
  });
  expect(joined.statusCode).toBe(200);
  const document = await w.document(project.id, 'SRS');
  const requirement = await w.requirement(document.id, 'Shared');
  const credential: Credential =
    use === 'token'
      ? { token: (await member.agent.post('/api/auth/generatetoken', { name: 'add-in' })).data.data.token }
      : { cookie: cookieOf(member) };
  const sockets = await Promise.all(bases.map((base) => memberSocket(base, credential, project.id)));
  const watcher = openEditor(bases[0]!, requirement.id, { cookie: cookieOf(owner) });
  const editors = bases.map((base) => openEditor(base, requirement.id, credential));
  opened.push(watcher, ...editors);
  for (const editor of [watcher, ...editors]) {
    await editor.authenticated;
    await until(() => readHtml(editor.doc).includes('Shared'));
  }
  // The way in works: an update pushed by each member editor reaches the owner's live document.
  editors.forEach((editor, i) => editor.push(`before${i} `));
  await until(() => readHtml(watcher.doc).includes('before0') && readHtml(watcher.doc).includes('before1'));
  return { owner, member, project, requirement, sockets, editors, watcher };
}

type Scene = Awaited<ReturnType<typeof scene>>;

/**
 * Ends access with `end`, then checks and measures: the owner renames the project every 100 ms, and each socket's
 * last rename received says when it was cut off; each editor's close is timed. From 2 s on, no rename reaches a
 * socket, and what the member's editors push is stored nowhere.
 */
async function expectCutOff(label: string, s: Scene, end: () => Promise<unknown>, { projectGone = false } = {}) {
  const closedAt = s.editors.map(() => Number.NaN);
  s.editors.forEach((editor, i) => void editor.closed.then(() => (closedAt[i] = performance.now())));
  // Times count from the answer of what ended access (it answers once committed; a password change spends seconds
  // in scrypt before): a close that came before it counts as 0.
  await end();
  const started = performance.now();
  const sentAt: number[] = [];
  for (let i = 0; performance.now() - started < CUT_OFF_MS; i += 1) {
    sentAt.push(performance.now() - started);
    if (!projectGone) await s.owner.agent.put(`/api/projects/${s.project.id}`, { name: `after ${i}` });
    await sleep(100);
  }
  // From here on, access has ended everywhere.
  s.editors.forEach((editor, i) => editor.push(`late${i} `));
  if (!projectGone) await s.owner.agent.put(`/api/projects/${s.project.id}`, { name: 'too late' });
  // A store comes at most 2 s after a change.
  await sleep(2_800);
  const closedAfter = closedAt.map((at) => Math.max(0, at - started));
  const socketsCut = s.sockets.map(({ names }) => {
    const last = Math.max(-1, ...names.map((name) => Number(/^after (\d+)$/.exec(name)?.[1] ?? -1)));
    return last + 1 < sentAt.length ? Math.round(sentAt[last + 1]!) : Number.NaN;
  });
  measured.push(
    `${label}: sockets A/B cut before the rename sent at ${socketsCut.join(' / ')} ms; ` +
      `collaboration A/B closed at ${closedAfter.map((t) => Math.round(t)).join(' / ')} ms`,
  );
  for (const { names } of s.sockets) expect(names).not.toContain('too late');
  for (const at of closedAfter) expect(at).toBeLessThan(CUT_OFF_MS);
  expect(readHtml(s.watcher.doc)).not.toContain('late');
  if (!projectGone) {
    const stored = (await s.owner.agent.get(`/api/requirements/${s.requirement.id}`)).data.data.description;
    expect(stored).toContain('before0');
    expect(stored).not.toContain('late');
  }
}

describe('ended access, on two instances', () => {
  it('cuts off a membership deleted by SQL, which no route announced', async () => {
    const s = await scene();
    await expectCutOff('membership deleted by SQL', s, () =>
      a.ctx.db
        .delete(projectUsers)
        .where(and(eq(projectUsers.projectId, s.project.id), eq(projectUsers.userId, s.member.id))),
    );
  });

  it('cuts off the members of a project deleted through its route', async () => {
    const s = await scene();
    await expectCutOff(
      'project deleted (DELETE projects/{id})',
      s,
      async () => expect((await s.owner.agent.delete(`/api/projects/${s.project.id}`)).statusCode).toBe(204),
      { projectGone: true },
    );
  });

  it('cuts off a session that logs out', async () => {
    const s = await scene();
    await expectCutOff('session ended (POST auth/logout)', s, async () =>
      expect((await s.member.agent.post('/api/auth/logout', {})).statusCode).toBe(204),
    );
  });

  it('cuts off a revoked access token', async () => {
    const s = await scene('token');
    const [row] = (await s.member.agent.get('/api/user/tokens')).data.data as Array<{ id: number }>;
    await expectCutOff('token revoked (DELETE user/tokens/{id})', s, async () =>
      expect((await s.member.agent.delete(`/api/user/tokens/${row!.id}`)).statusCode).toBe(204),
    );
  });

  it('cuts off the other sessions of a password change, and refuses what they send right after', async () => {
    const s = await scene();
    const elsewhere = a.agent();
    await elsewhere.post('/api/auth/login', { email: s.member.email, password: s.member.password });
    await expectCutOff('other sessions ended (POST user/changepassword)', s, async () => {
      const changed = await elsewhere.post('/api/user/changepassword', {
        current_password: s.member.password,
        new_password: 'brand new secret',
        new_password_confirmation: 'brand new secret',
      });
      expect(changed.statusCode).toBe(204);
      // Sent before the close can have reached the client: refused where it arrives, not stored.
      s.editors.forEach((editor, i) => editor.push(`right-after${i} `));
    });
    expect(readHtml(s.watcher.doc)).not.toContain('right-after');
  });

  it('refuses an update sent right after a session ended outside the server, before any close', async () => {
    const s = await scene();
    // Deleted by SQL: no fact, no close on its way; only the apply-time check stands between the update and the
    // description.
    await a.ctx.db.delete(sessions).where(eq(sessions.userId, s.member.id));
    s.editors.forEach((editor, i) => editor.push(`right-after${i} `));
    const closed = await Promise.all(
      s.editors.map((editor) => Promise.race([editor.closed, sleep(CUT_OFF_MS).then(() => 'still open')])),
    );
    expect(closed).toEqual(['Access ended.', 'Access ended.']);
    await sleep(2_800);
    expect(readHtml(s.watcher.doc)).not.toContain('right-after');
    const stored = (await s.owner.agent.get(`/api/requirements/${s.requirement.id}`)).data.data.description;
    expect(stored).toContain('before0');
    expect(stored).not.toContain('right-after');
  });
});
