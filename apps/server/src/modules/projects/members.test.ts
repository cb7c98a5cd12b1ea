import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, unique, type SignedUp, type TestApp } from '../../test/harness';
import { joinAs } from '../../test/members';

// Members and roles (decisions §20): the list, role changes, removal and leaving, the last maintainer, the join link.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Project = { id: number; slug: string; join_token: string; my_role: string; settings: Record<string, unknown> };

async function newProject(user: SignedUp): Promise<Project> {
  const res = await user.agent.post('/api/projects', {
    name: 'Roles',
    acronym: 'ROL',
    slug: unique('prj'),
    group_id: null,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.data.data;
}

const roleOf = async (viewer: SignedUp, projectId: number, userId: number) =>
  (
    (await viewer.agent.get(`/api/projects/members/${projectId}`)).data.data as { user: { id: number }; role: string }[]
  ).find((m) => m.user.id === userId)?.role;

describe('members', () => {
  it('makes the creator maintainer, lists members by name with their role, and tells each caller my_role', async () => {
    const owner = await t.signUp({ name: 'Zoe Maintainer' });
    const project = await newProject(owner);
    expect(project.my_role).toBe('maintainer');
    const member = await t.signUp({ name: 'Abel Viewer' });
    await joinAs(t, owner, project, member, 'viewer');
    const list = await member.agent.get(`/api/projects/members/${project.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.data.data).toEqual([
      {
        user: { id: member.id, name: 'Abel Viewer', username: member.username, initials: 'AV' },
        role: 'viewer',
        joined_at: expect.any(String),
      },
      {
        user: { id: owner.id, name: 'Zoe Maintainer', username: owner.username, initials: 'ZM' },
        role: 'maintainer',
        joined_at: expect.any(String),
      },
    ]);
    expect((await member.agent.get(`/api/projects/${project.id}`)).data.data.my_role).toBe('viewer');
    expect((await owner.agent.get(`/api/projects/${project.id}`)).data.data.my_role).toBe('maintainer');
    const mine = (await member.agent.get('/api/user/projects')).data.data as { id: number; my_role: string }[];
    expect(mine.find((p) => p.id === project.id)?.my_role).toBe('viewer');
    const path = `/api/projects/showfrompath/${owner.username}/${project.slug}`;
    expect((await member.agent.get(path)).data.data.my_role).toBe('viewer');
    const stranger = await t.signUp();
    expect((await stranger.agent.get(`/api/projects/members/${project.id}`)).statusCode).toBe(403);
  });

  it('changes a role (maintainer only), answers the member, and 404 for a user who is not a member', async () => {
    const owner = await t.signUp();
    const project = await newProject(owner);
    const member = await t.signUp();
    await joinAs(t, owner, project, member);
    const changed = await owner.agent.put(`/api/projects/members/${project.id}/${member.id}`, { role: 'reviewer' });
    expect(changed.statusCode).toBe(200);
    expect(changed.data.data).toMatchObject({ user: { id: member.id }, role: 'reviewer' });
    expect(await roleOf(owner, project.id, member.id)).toBe('reviewer');
    // A reviewer may not change roles, not even their own, and the refusal comes before the body is read.
    const self = await member.agent.put(`/api/projects/members/${project.id}/${member.id}`, { role: 'maintainer' });
    expect(self.statusCode).toBe(403);
    expect((await member.agent.put(`/api/projects/members/${project.id}/${owner.id}`, { role: 'x' })).statusCode).toBe(
      403,
    );
    expect(await roleOf(owner, project.id, member.id)).toBe('reviewer');
    const stranger = await t.signUp();
    const res = await owner.agent.put(`/api/projects/members/${project.id}/${stranger.id}`, { role: 'viewer' });
    expect(res.statusCode).toBe(404);
    expect((await owner.agent.delete(`/api/projects/members/${project.id}/${stranger.id}`)).statusCode).toBe(404);
    expect(
      (await owner.agent.put(`/api/projects/members/${project.id}/${member.id}`, { role: 'king' })).statusCode,
    ).toBe(422);
  });

  it('keeps at least one maintainer: demoting, removing or the leaving of the last one is 422', async () => {
    const owner = await t.signUp();
    const project = await newProject(owner);
    const demote = await owner.agent.put(`/api/projects/members/${project.id}/${owner.id}`, { role: 'editor' });
    expect(demote.statusCode).toBe(422);
    expect(Object.keys(demote.data.errors)).toEqual(['role']);
    const leave = await owner.agent.delete(`/api/projects/members/${project.id}/${owner.id}`);
    expect(leave.statusCode).toBe(422);
    expect(Object.keys(leave.data.errors)).toEqual(['user_id']);
    // With a second maintainer, the first may step down, then leave.
    const second = await t.signUp();
    await joinAs(t, owner, project, second, 'maintainer');
    expect(
      (await owner.agent.put(`/api/projects/members/${project.id}/${owner.id}`, { role: 'viewer' })).statusCode,
    ).toBe(200);
    expect((await owner.agent.get(`/api/projects/${project.id}`)).data.data.my_role).toBe('viewer');
    expect((await second.agent.delete(`/api/projects/members/${project.id}/${second.id}`)).statusCode).toBe(422);
    expect((await owner.agent.delete(`/api/projects/members/${project.id}/${owner.id}`)).statusCode).toBe(204);
    expect((await owner.agent.get(`/api/projects/${project.id}`)).statusCode).toBe(403);
    expect(await roleOf(second, project.id, owner.id)).toBeUndefined();
  });

  it('lets a maintainer remove a member and a member leave, but not remove another', async () => {
    const owner = await t.signUp();
    const project = await newProject(owner);
    const [a, b] = [await t.signUp(), await t.signUp()];
    await joinAs(t, owner, project, a);
    await joinAs(t, owner, project, b, 'viewer');
    expect((await a.agent.delete(`/api/projects/members/${project.id}/${b.id}`)).statusCode).toBe(403);
    expect((await b.agent.delete(`/api/projects/members/${project.id}/${b.id}`)).statusCode).toBe(204);
    expect((await owner.agent.delete(`/api/projects/members/${project.id}/${a.id}`)).statusCode).toBe(204);
    const left = (await owner.agent.get(`/api/projects/members/${project.id}`)).data.data as { user: { id: number } }[];
    expect(left.map((m) => m.user.id)).toEqual([owner.id]);
    expect((await a.agent.get(`/api/projects/${project.id}`)).statusCode).toBe(403);
  });

  it('leaves one maintainer when two demote each other at the same instant', async () => {
    for (let round = 0; round < 8; round += 1) {
      const a = await t.signUp();
      const project = await newProject(a);
      const b = await t.signUp();
      await joinAs(t, a, project, b, 'maintainer');
      const answers = await Promise.all([
        a.agent.put(`/api/projects/members/${project.id}/${b.id}`, { role: 'editor' }),
        b.agent.put(`/api/projects/members/${project.id}/${a.id}`, { role: 'editor' }),
      ]);
      const codes = answers.map((r) => r.statusCode).sort();
      // The second to commit finds its caller no longer maintainer (403), or the other the last one (422).
      expect([
        [200, 403],
        [200, 422],
      ]).toContainEqual(codes);
      const roles = [await roleOf(a, project.id, a.id), await roleOf(a, project.id, b.id)].sort();
      expect(roles).toEqual(['editor', 'maintainer']);
    }
  });
});

describe('the join link', () => {
  it("grants the project's joinRole, editor by default", async () => {
    const owner = await t.signUp();
    const project = await newProject(owner);
    expect(project.settings.joinRole).toBe('editor');
    const first = await t.signUp();
    const joined = await first.agent.post(`/api/projects/join/${owner.username}/${project.slug}`, {
      token: project.join_token,
    });
    expect(joined.data.data.my_role).toBe('editor');
    const set = await owner.agent.put(`/api/projects/settings/${project.id}`, { settings: { joinRole: 'viewer' } });
    expect(set.data.data.joinRole).toBe('viewer');
    const second = await t.signUp();
    await second.agent.post(`/api/projects/join/${owner.username}/${project.slug}`, { token: project.join_token });
    expect(await roleOf(owner, project.id, second.id)).toBe('viewer');
    // A join link never grants maintainer.
    const bad = await owner.agent.put(`/api/projects/settings/${project.id}`, { settings: { joinRole: 'maintainer' } });
    expect(bad.statusCode).toBe(422);
  });

  it('is renewed by a maintainer only; the old token stops working', async () => {
    const owner = await t.signUp();
    const project = await newProject(owner);
    const editor = await t.signUp();
    await joinAs(t, owner, project, editor);
    expect((await editor.agent.post(`/api/projects/jointoken/${project.id}`)).statusCode).toBe(403);
    const renewed = await owner.agent.post(`/api/projects/jointoken/${project.id}`);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.data.data).toMatchObject({ id: project.id, my_role: 'maintainer' });
    expect(renewed.data.data.join_token).not.toBe(project.join_token);
    const late = await t.signUp();
    const refused = await late.agent.post(`/api/projects/join/${owner.username}/${project.slug}`, {
      token: project.join_token,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.data.message).toBe('The link you used to join this project is not valid.');
    const accepted = await late.agent.post(`/api/projects/join/${owner.username}/${project.slug}`, {
      token: renewed.data.data.join_token,
    });
    expect(accepted.statusCode).toBe(200);
  });
});
