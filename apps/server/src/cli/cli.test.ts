import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { createConfirmedUser, setAlpha } from '../modules/user/user-admin.service';
import { createTestApp, unique, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('command-line user administration', () => {
  it('creates a confirmed user who can log in, and refuses duplicates and bad input', async () => {
    const username = unique('cli');
    const email = `${username}@example.com`;
    const created = await createConfirmedUser(t.ctx.db, {
      name: 'Cli User',
      username,
      email,
      password: 'cli password',
    });
    expect(created).toHaveProperty('id');
    const login = await t.agent().post('/api/auth/login', { email, password: 'cli password' });
    expect(login.statusCode).toBe(200);

    expect(
      await createConfirmedUser(t.ctx.db, { name: 'X', username, email: 'o@example.com', password: 'cli password' }),
    ).toEqual({
      errors: { username: ['already taken'] },
    });
    const bad = await createConfirmedUser(t.ctx.db, { name: '', username: 'A B', email: 'x', password: '1' });
    expect(Object.keys((bad as { errors: object }).errors).sort()).toEqual(['email', 'name', 'password', 'username']);
  });

  it('turns the alpha flag on and off, which GET user shows', async () => {
    const user = await t.signUp();
    expect(await setAlpha(t.ctx, user.email.toUpperCase(), true)).toBe(true);
    expect((await user.agent.get('/api/user')).data.data.alpha).toBe(true);
    expect(await setAlpha(t.ctx, user.email, false)).toBe(true);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.alpha).toBe(false);
    expect(await setAlpha(t.ctx, 'nobody@example.com', true)).toBe(false);
  });
});
