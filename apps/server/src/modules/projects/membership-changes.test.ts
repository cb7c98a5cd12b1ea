import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { projectUsers } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';
import { cookieOf, createTestApp, type SignedUp, type TestApp } from '../../test/harness';
import { openEditor, until, type TestEditor } from '../../test/collaboration-client';
import { setRole } from '../../test/members';
import { workingArea } from '../../test/working-area';
import { readHtml } from '../working-area/requirements/description/shared-description';

// Migration 0016's and 0019's notifications, heard as facts by this instance: whoever removes a membership or changes
// a role (here an operator's SQL, through the pool and not the listening connection), the server's connections hear
// of it.

let t: TestApp;
let base: string;
const heard: DomainEvent[] = [];
const sockets: Socket[] = [];
const editors: TestEditor[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  t.ctx.events.subscribe((work) => void heard.push(...work.events.filter((e) => e.name.startsWith('Membership'))));
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const e of editors) e.destroy();
  await t.close();
});

async function membership() {
  const owner = await t.signUp();
  const member = await t.signUp();
  const project = await workingArea(owner).project();
  await member.agent.post(`/api/projects/join/${owner.username}/${project.slug}`, { token: project.join_token });
  return { owner, member, project };
}

const row = (projectId: number, userId: number) =>
  and(eq(projectUsers.projectId, projectId), eq(projectUsers.userId, userId));

async function subscribed(user: SignedUp, projectId: number) {
  const cookie = cookieOf(user);
  const socket = connect(base, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  expect(await socket.emitWithAck('subscribe', { project_id: projectId })).toMatchObject({ ok: true });
  const names: string[] = [];
  socket.on('ProjectUpdated', (data: { project: { name: string } }) => names.push(data.project.name));
  return names;
}

describe('memberships ended outside the routes', () => {
  it('hears a membership deleted by SQL as MembershipEnded, and one deleted and put back as nothing', async () => {
    // Two memberships: had the put-back been the same member's, the re-read of its notification could run after the
    // later DELETE and rightly find the row gone too (heard twice on a busy PostgreSQL).
    const kept = await membership();
    const gone = await membership();
    await t.ctx.db.transaction(async (tx) => {
      await tx.delete(projectUsers).where(row(kept.project.id, kept.member.id));
      await tx.insert(projectUsers).values({ projectId: kept.project.id, userId: kept.member.id, role: 'editor' });
    });
    await t.ctx.db.delete(projectUsers).where(row(gone.project.id, gone.member.id));
    // Every notification committed before is handed to the server once this returns; its re-read follows.
    await t.ctx.authChanges?.sync();
    await vi.waitFor(
      () =>
        expect(heard).toContainEqual({ name: 'MembershipEnded', projectId: gone.project.id, userId: gone.member.id }),
      { timeout: 10_000 },
    );
    // The row put back was read again and found there: its notification, heard before the other, ended nothing.
    await new Promise((r) => setTimeout(r, 500));
    expect(heard.filter((e) => e.name === 'MembershipEnded' && e.userId === kept.member.id)).toEqual([]);
    expect(heard.filter((e) => e.name === 'MembershipEnded' && e.userId === gone.member.id)).toHaveLength(1);
  });

  it('looks at every subscription again after a TRUNCATE, and unsubscribes those gone', async () => {
    const { owner, member, project } = await membership();
    const names = await subscribed(member, project.id);
    await owner.agent.put(`/api/projects/${project.id}`, { name: 'before' });
    await vi.waitFor(() => expect(names).toEqual(['before']), { timeout: 10_000 });
    // Kept: the owner's membership, put back in the same statement's transaction.
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`truncate project_users`);
      await tx.insert(projectUsers).values({ projectId: project.id, userId: owner.id, role: 'maintainer' });
    });
    await t.ctx.authChanges?.sync();
    await vi.waitFor(() => expect(heard).toContainEqual({ name: 'MembershipsChanged' }), { timeout: 10_000 });
    // The sweep reads the memberships of the subscriptions again: one statement (given 3 s on a busy machine).
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await owner.agent.put(`/api/projects/${project.id}`, { name: 'after' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(names).toEqual(['before']);
  });
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stored = async (user: SignedUp, id: number) =>
  ((await user.agent.get(`/api/requirements/${id}`)).data.data as { description: string }).description;

/** A socket of `user` following the project, with the ProjectMembersUpdated it hears. */
async function membersUpdates(user: SignedUp, projectId: number) {
  const socket = connect(base, { transports: ['websocket'], extraHeaders: { cookie: cookieOf(user) } });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  expect(await socket.emitWithAck('subscribe', { project_id: projectId })).toMatchObject({ ok: true });
  const updates: unknown[] = [];
  socket.on('ProjectMembersUpdated', (payload: unknown) => updates.push(payload));
  return updates;
}

function edit(user: SignedUp, requirementId: number) {
  const editor = openEditor(base, requirementId, { cookie: cookieOf(user) });
  editors.push(editor);
  return editor;
}

describe('roles changed outside the routes', () => {
  it('hears a role lowered by SQL: the collaboration connection turns read-only and the browsers are told', async () => {
    const { owner, member, project } = await membership();
    const w = workingArea(owner);
    const requirement = await w.requirement((await w.document(project.id, 'SRS')).id, 'Braking');
    const updates = await membersUpdates(member, project.id);
    const o = edit(owner, requirement.id);
    const m = edit(member, requirement.id);
    await Promise.all([o.authenticated, m.authenticated]);
    m.type('while editor ');
    await until(() => readHtml(o.doc).includes('while editor'));

    await t.ctx.db.update(projectUsers).set({ role: 'viewer' }).where(row(project.id, member.id));
    await t.ctx.authChanges?.sync();
    await vi.waitFor(
      () =>
        expect(heard).toContainEqual({
          name: 'MembershipRoleChanged',
          projectId: project.id,
          userId: member.id,
          role: 'viewer',
        }),
      { timeout: 10_000 },
    );
    await vi.waitFor(() => expect(updates).toEqual([{ project_id: project.id }]), { timeout: 10_000 });
    // The connection followed the fact when it was heard: the member's next update is not applied.
    m.push('after the drop ');
    o.type('owner goes on ');
    await until(async () => (await stored(owner, requirement.id)).includes('owner goes on'));
    await until(() => readHtml(m.doc).includes('owner goes on'));
    // A store comes at most 2 s after a change.
    await pause(2_500);
    expect(readHtml(o.doc)).not.toContain('after the drop');
    expect(await stored(owner, requirement.id)).not.toContain('after the drop');
  });

  it("stays quiet for a route's change, which its own work announces, and hears the next SQL change", async () => {
    const { owner, member, project } = await membership();
    const updates = await membersUpdates(member, project.id);
    const changes = () => heard.filter((e) => e.name === 'MembershipRoleChanged' && e.userId === member.id);

    await setRole(owner, project.id, member, 'reviewer');
    await vi.waitFor(() => expect(updates).toHaveLength(1), { timeout: 10_000 });
    await t.ctx.authChanges?.sync();
    await pause(500);
    // Once: the route's fact. The trigger sent nothing, or the browsers would read the members twice.
    expect(changes()).toEqual([
      { name: 'MembershipRoleChanged', projectId: project.id, userId: member.id, role: 'reviewer' },
    ]);
    expect(updates).toHaveLength(1);

    // The route's mark lasted its transaction only (PGlite is one session, a pool reuses its connections).
    await t.ctx.db.update(projectUsers).set({ role: 'editor' }).where(row(project.id, member.id));
    await t.ctx.authChanges?.sync();
    await vi.waitFor(
      () => expect(changes().map((e) => e.name === 'MembershipRoleChanged' && e.role)).toEqual(['reviewer', 'editor']),
      {
        timeout: 10_000,
      },
    );
    await vi.waitFor(() => expect(updates).toHaveLength(2), { timeout: 10_000 });
  });
});
