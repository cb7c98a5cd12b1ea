import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_SYNAEPTIC_SETTINGS } from '@reqloom/domain';
import { sessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET and PUT user', () => {
  it('answers the user with initials, default preferences and the alpha flag', async () => {
    const user = await t.signUp({ name: 'ada king lovelace' });
    const res = await user.agent.get('/api/user');
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({
      data: {
        id: user.id,
        name: 'ada king lovelace',
        username: user.username,
        email: user.email,
        initials: 'AKL',
        alpha: false,
        preferences: {
          lang: 'en',
          timezone: { autoTimezone: true, timezone: null },
          categoryNumbering: true,
          autoNaming: true,
          tours: {},
          loadedOnce: false,
          synaeptic: DEFAULT_SYNAEPTIC_SETTINGS,
          documentOrder: 'name',
        },
      },
    });
  });

  it('changes the name and e-mail, keeps e-mails unique, and ignores fields it does not know', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const res = await user.agent.put('/api/user', {
      name: 'New Name',
      email: 'New.Address@Example.com',
      alpha: true,
      id: 999,
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({
      id: user.id,
      name: 'New Name',
      email: 'new.address@example.com',
      alpha: false,
    });

    const clash = await user.agent.put('/api/user', { email: other.email.toUpperCase() });
    expect(clash.statusCode).toBe(422);
    expect(clash.data.errors.email).toEqual(['This email address is already registered.']);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe('new.address@example.com');

    const partial = await user.agent.put('/api/user', { name: 'Only Name' });
    expect(partial.data.data).toMatchObject({ name: 'Only Name', email: 'new.address@example.com' });
  });

  it('requires authentication', async () => {
    expect((await t.agent().get('/api/user')).statusCode).toBe(401);
    expect((await t.agent().put('/api/user', { name: 'x' })).statusCode).toBe(401);
  });
});

describe('preferences', () => {
  it('deep-merges a partial update and answers the whole object', async () => {
    const user = await t.signUp();
    const first = await user.agent.put('/api/user/preferences', {
      preferences: { lang: 'fr', timezone: { autoTimezone: false }, tours: { dashboard: true } },
    });
    expect(first.statusCode).toBe(200);
    expect(first.data.data).toEqual({
      lang: 'fr',
      timezone: { autoTimezone: false, timezone: null },
      categoryNumbering: true,
      autoNaming: true,
      tours: { dashboard: true },
      loadedOnce: false,
      synaeptic: DEFAULT_SYNAEPTIC_SETTINGS,
      documentOrder: 'name',
    });
    const second = await user.agent.put('/api/user/preferences', {
      preferences: { timezone: { timezone: 'Europe/Paris' }, tours: { project: true } },
    });
    expect(second.data.data.timezone).toEqual({ autoTimezone: false, timezone: 'Europe/Paris' });
    expect(second.data.data.tours).toEqual({ dashboard: true, project: true });
    expect(second.data.data.lang).toBe('fr');

    // Resetting the tours sends an empty map.
    const reset = await user.agent.put('/api/user/preferences', { preferences: { tours: {} } });
    expect(reset.data.data.tours).toEqual({});
    expect((await user.agent.get('/api/user')).data.data.preferences.timezone.timezone).toBe('Europe/Paris');
  });

  it('refuses unknown languages, time zones and wrong types, and changes nothing', async () => {
    const user = await t.signUp();
    const res = await user.agent.put('/api/user/preferences', {
      preferences: { lang: 'de', timezone: { timezone: 'Mars/Olympus' }, categoryNumbering: 'yes' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.data.errors).sort()).toEqual([
      'preferences.categoryNumbering',
      'preferences.lang',
      'preferences.timezone.timezone',
    ]);
    expect((await user.agent.get('/api/user')).data.data.preferences.lang).toBe('en');
  });
});

describe('change password', () => {
  it('checks the current password, ends the other sessions, keeps this one', async () => {
    const user = await t.signUp();
    const elsewhere = t.agent();
    await elsewhere.post('/api/auth/login', { email: user.email, password: user.password });
    expect((await elsewhere.get('/api/user')).statusCode).toBe(200);

    const wrong = await user.agent.post('/api/user/changepassword', {
      current_password: 'not it at all',
      new_password: 'brand new secret',
      new_password_confirmation: 'brand new secret',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.data.errors.current_password).toEqual(['The current password is incorrect.']);

    const short = await user.agent.post('/api/user/changepassword', {
      current_password: user.password,
      new_password: 'short',
      new_password_confirmation: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(short.data.errors.new_password).toBeDefined();

    const ok = await user.agent.post('/api/user/changepassword', {
      current_password: user.password,
      new_password: 'brand new secret',
      new_password_confirmation: 'brand new secret',
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');
    expect((await user.agent.get('/api/user')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    const login = await t.agent().post('/api/auth/login', { email: user.email, password: 'brand new secret' });
    expect(login.statusCode).toBe(200);
  });
});
