import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, unique, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('groups', () => {
  it('creates a group whose creator is a member, listed with counts and its join token', async () => {
    const user = await t.signUp();
    const slug = unique('grp');
    const res = await user.agent.post('/api/groups', {
      name: 'Zeta team',
      slug,
      description: '<p>We <script>x</script>build</p>',
    });
    expect(res.statusCode).toBe(201);
    expect(res.data.data).toMatchObject({
      name: 'Zeta team',
      slug,
      namespace: null,
      parent_id: null,
      members_count: 1,
    });
    expect(res.data.data.description).toBe('<p>We build</p>');
    await user.agent.post('/api/groups', { name: 'Alpha team', slug: unique('grp') });

    const list = await user.agent.get('/api/user/groups');
    expect(list.data.data.map((g: { name: string }) => g.name)).toEqual(['Alpha team', 'Zeta team']);
    expect(list.data.data[1]).toMatchObject({
      members_count: 1,
      owned_projects_count: 0,
      join_token: expect.any(String),
    });
    const outsider = await t.signUp();
    expect((await outsider.agent.get('/api/user/groups')).data.data).toEqual([]);
  });

  it('shares one namespace between group slugs and usernames', async () => {
    const user = await t.signUp();
    const clash = await user.agent.post('/api/groups', { name: 'Mine', slug: user.username });
    expect(clash.statusCode).toBe(422);
    expect(clash.data.errors.slug).toEqual(['This URL is already taken.']);

    const slug = unique('grp');
    await user.agent.post('/api/groups', { name: 'G', slug });
    expect((await user.agent.post('/api/groups', { name: 'G2', slug })).statusCode).toBe(422);
    const reg = await t.agent().post('/api/auth/register', {
      name: 'N',
      username: slug,
      email: `${slug}@example.com`,
      password: 'long enough pw',
      password_confirmation: 'long enough pw',
    });
    expect(reg.statusCode).toBe(422);
    expect(reg.data.errors.username).toBeDefined();
  });

  it('requires name and a valid slug', async () => {
    const user = await t.signUp();
    const res = await user.agent.post('/api/groups', { name: '', slug: 'Not Valid' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.data.errors).sort()).toEqual(['name', 'slug']);
  });

  it('joins with the right token only', async () => {
    const owner = await t.signUp();
    const slug = unique('grp');
    const group = (await owner.agent.post('/api/groups', { name: 'Joinable', slug })).data.data;
    const other = await t.signUp();
    const bad = await other.agent.post(`/api/groups/join/${slug}`, { token: 'wrong' });
    expect(bad.statusCode).toBe(422);
    expect(bad.data).toEqual({ message: 'The link you used to join this group is not valid.' });
    const ok = await other.agent.post(`/api/groups/join/${slug}`, { token: group.join_token });
    expect(ok.statusCode).toBe(200);
    expect(ok.data.data.members_count).toBe(2);
    // Joining twice is harmless; the path with a namespace segment works too.
    const twice = await other.agent.post(`/api/groups/join/ignored/${slug}`, { token: group.join_token });
    expect(twice.data.data.members_count).toBe(2);
    expect((await other.agent.get('/api/user/groups')).data.data).toHaveLength(1);
  });
});
