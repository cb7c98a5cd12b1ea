import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, unique, type SignedUp, type TestApp } from '../../test/harness';
import { setRole } from '../../test/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newProject(user: SignedUp, overrides: Record<string, unknown> = {}) {
  const res = await user.agent.post('/api/projects', {
    name: 'Braking system',
    acronym: 'BRK',
    group_id: null,
    slug: unique('prj'),
    description: '<p>The brakes</p>',
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.data.data;
}

async function newGroup(user: SignedUp) {
  return (await user.agent.post('/api/groups', { name: 'Group', slug: unique('grp') })).data.data;
}

describe('create and list', () => {
  it('creates a project in my namespace with default settings, and lists it', async () => {
    const user = await t.signUp();
    const project = await newProject(user);
    expect(project).toMatchObject({
      owner_type: 'user',
      owner_id: user.id,
      owner: { type: 'user', id: user.id, namespace: user.username },
      namespace: user.username,
      acronym: 'BRK',
      settings: { organizationName: '', acronymMaxSize: 6, autoAcronymIgnoreSmallWords: false },
      members_count: 1,
      documents_count: 0,
      members: [{ id: user.id, name: user.name, username: user.username, initials: 'AL' }],
    });
    const shown = await user.agent.get(`/api/projects/showfrompath/${user.username}/${project.slug}`);
    expect(shown.data.data.id).toBe(project.id);
    expect((await user.agent.get(`/api/projects/${project.id}`)).data.data.name).toBe('Braking system');
  });

  it('lists my projects sorted by name, then owner', async () => {
    const user = await t.signUp();
    const group = await newGroup(user);
    await newProject(user, { name: 'Beta' });
    await newProject(user, { name: 'Alpha', group_id: group.id });
    await newProject(user, { name: 'Alpha' });
    const other = await t.signUp();
    await newProject(other, { name: 'Not mine' });
    const list = (await user.agent.get('/api/user/projects')).data.data;
    expect(list.map((p: { name: string; owner_id: number }) => `${p.name}:${p.owner_id}`)).toEqual([
      `Alpha:${Math.min(group.id, user.id)}`,
      `Alpha:${Math.max(group.id, user.id)}`,
      'Beta:' + user.id,
    ]);
  });

  it('creates in a group I belong to, never in another', async () => {
    const user = await t.signUp();
    const group = await newGroup(user);
    const inGroup = await newProject(user, { group_id: group.id });
    expect(inGroup).toMatchObject({ owner_type: 'group', owner_id: group.id, namespace: group.slug });
    expect((await user.agent.get('/api/user/groups')).data.data[0].owned_projects_count).toBe(1);

    const stranger = await t.signUp();
    const refused = await stranger.agent.post('/api/projects', {
      name: 'X',
      acronym: 'X',
      group_id: group.id,
      slug: unique('prj'),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.data.errors.group_id).toEqual(['You are not a member of this group.']);
    // Group membership does not give access to the group's projects.
    const joined = await stranger.agent.post(`/api/groups/join/${group.slug}`, { token: group.join_token });
    expect(joined.statusCode).toBe(200);
    expect((await stranger.agent.get(`/api/projects/${inGroup.id}`)).statusCode).toBe(403);
  });

  it('validates name, acronym and slug, and keeps slugs unique per namespace', async () => {
    const user = await t.signUp();
    const bad = await user.agent.post('/api/projects', { name: '', acronym: 'toolongx', slug: 'A B', group_id: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.data.errors).sort()).toEqual(['acronym', 'group_id', 'name', 'slug']);
    const lower = await user.agent.post('/api/projects', { name: 'n', acronym: 'ab', slug: unique('p') });
    expect(lower.data.errors.acronym).toEqual(['Only upper-case letters and digits are allowed.']);

    const project = await newProject(user);
    const dup = await user.agent.post('/api/projects', { name: 'n', acronym: 'AB', slug: project.slug });
    expect(dup.statusCode).toBe(422);
    expect(dup.data.errors.slug).toBeDefined();
    // The same slug in another namespace is fine.
    expect((await newProject(await t.signUp(), { slug: project.slug })).slug).toBe(project.slug);
  });
});

describe('update and settings', () => {
  it('updates name, acronym and sanitised description; bounds the acronym by the setting', async () => {
    const user = await t.signUp();
    const project = await newProject(user);
    const res = await user.agent.put(`/api/projects/${project.id}`, {
      id: 999,
      name: 'Renamed',
      acronym: 'RNM',
      description: '<p onclick="x()">d</p>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({ id: project.id, name: 'Renamed', acronym: 'RNM', description: '<p>d</p>' });

    expect((await user.agent.put(`/api/projects/${project.id}`, { acronym: 'ABCDEFG' })).statusCode).toBe(422);
    const settings = await user.agent.put(`/api/projects/settings/${project.id}`, { settings: { acronymMaxSize: 8 } });
    expect(settings.data.data).toEqual({
      organizationName: '',
      acronymMaxSize: 8,
      autoAcronymIgnoreSmallWords: false,
      joinRole: 'editor',
      quality: { disabled: [] },
    });
    expect((await user.agent.put(`/api/projects/${project.id}`, { acronym: 'ABCDEFG' })).statusCode).toBe(200);
    const tooLong = await user.agent.put(`/api/projects/${project.id}`, { acronym: 'ABCDEFGHI' });
    expect(tooLong.data.errors.acronym).toEqual(['The acronym must not be longer than 8 characters.']);
  });

  it('merges settings and keys their errors settings.<name>', async () => {
    const user = await t.signUp();
    const project = await newProject(user);
    expect((await user.agent.get(`/api/projects/settings/${project.id}`)).data.data.acronymMaxSize).toBe(6);
    await user.agent.put(`/api/projects/settings/${project.id}`, { settings: { organizationName: 'ACME' } });
    const merged = await user.agent.put(`/api/projects/settings/${project.id}`, {
      settings: { autoAcronymIgnoreSmallWords: true },
    });
    expect(merged.data.data).toEqual({
      organizationName: 'ACME',
      acronymMaxSize: 6,
      autoAcronymIgnoreSmallWords: true,
      joinRole: 'editor',
      quality: { disabled: [] },
    });
    const bad = await user.agent.put(`/api/projects/settings/${project.id}`, { settings: { acronymMaxSize: 21 } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.data.errors)).toEqual(['settings.acronymMaxSize']);
    expect((await user.agent.get(`/api/projects/settings/${project.id}`)).data.data.acronymMaxSize).toBe(6);
  });
});

describe('transfer, delete and join', () => {
  it('transfers to my groups or myself only; members keep their access', async () => {
    const user = await t.signUp();
    const project = await newProject(user);
    const member = await t.signUp();
    await member.agent.post(`/api/projects/join/${user.username}/${project.slug}`, { token: project.join_token });
    const group = await newGroup(user);
    const moved = await user.agent.put(`/api/projects/owner/${project.id}`, {
      owner_type: 'group',
      owner_id: group.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.data.data).toMatchObject({ owner_type: 'group', namespace: group.slug });
    expect((await member.agent.get(`/api/projects/${project.id}`)).statusCode).toBe(200);

    const foreignGroup = await newGroup(await t.signUp());
    const refused = await user.agent.put(`/api/projects/owner/${project.id}`, {
      owner_type: 'group',
      owner_id: foreignGroup.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.data.errors.owner_id).toBeDefined();
    const toOther = await user.agent.put(`/api/projects/owner/${project.id}`, {
      owner_type: 'user',
      owner_id: member.id,
    });
    expect(toOther.statusCode).toBe(422);
    const back = await user.agent.put(`/api/projects/owner/${project.id}`, { owner_type: 'user', owner_id: user.id });
    expect(back.data.data.namespace).toBe(user.username);
  });

  it('refuses a transfer onto a slug already taken there', async () => {
    const user = await t.signUp();
    const group = await newGroup(user);
    const slug = unique('prj');
    await newProject(user, { slug, group_id: group.id });
    const mine = await newProject(user, { slug });
    const res = await user.agent.put(`/api/projects/owner/${mine.id}`, { owner_type: 'group', owner_id: group.id });
    expect(res.statusCode).toBe(422);
    expect(res.data.errors.owner_id).toBeDefined();
  });

  it('joins with the right token and deletes with everything in it', async () => {
    const user = await t.signUp();
    const project = await newProject(user);
    const other = await t.signUp();
    const wrong = await other.agent.post(`/api/projects/join/${user.username}/${project.slug}`, { token: 'nope' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.data).toEqual({ message: 'The link you used to join this project is not valid.' });
    const joined = await other.agent.post(`/api/projects/join/${user.username}/${project.slug}`, {
      token: project.join_token,
    });
    expect(joined.data.data.members_count).toBe(2);
    expect((await other.agent.get('/api/user/projects')).data.data).toHaveLength(1);

    // The link made an editor; deleting the project is a maintainer's (decisions §20).
    expect((await other.agent.delete(`/api/projects/${project.id}`)).statusCode).toBe(403);
    await setRole(user, project.id, other, 'maintainer');
    expect((await other.agent.delete(`/api/projects/${project.id}`)).statusCode).toBe(204);
    expect((await user.agent.get(`/api/projects/${project.id}`)).statusCode).toBe(404);
    expect((await user.agent.get('/api/user/projects')).data.data).toHaveLength(0);
  });
});
