import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_PREFERENCES, PREFERENCES_MAX_BYTES } from '@reqloom/domain';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function stored(id: number): Promise<Record<string, unknown>> {
  const [row] = await t.ctx.db.select({ preferences: users.preferences }).from(users).where(eq(users.id, id));
  return row!.preferences;
}

describe('PUT /api/user/preferences takes only known keys, validated and bounded', () => {
  it('drops unknown keys and unknown nested keys: they are neither stored nor answered', async () => {
    const user = await t.signUp();
    const res = await user.agent.put('/api/user/preferences', {
      preferences: { lang: 'fr', junk: 'x'.repeat(5000), nested: { a: 1 }, synaeptic: { zoom: 70, colour: 'red' } },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.data.data).sort()).toEqual(Object.keys(DEFAULT_PREFERENCES).sort());
    const row = await stored(user.id);
    expect(row).not.toHaveProperty('junk');
    expect(row).not.toHaveProperty('nested');
    expect(row.synaeptic).toEqual({ ...DEFAULT_PREFERENCES.synaeptic, zoom: 70 });
    expect(JSON.stringify(row).length).toBeLessThan(1024);
  });

  it('validates the synaeptic settings and the tour names (422, nothing changes)', async () => {
    const user = await t.signUp();
    for (const preferences of [
      { synaeptic: { zoom: 5 } },
      { synaeptic: { zoom: 100.5 } },
      { synaeptic: { hideInactive: 'yes' } },
      { synaeptic: { overlappingOffset: -1 } },
      { tours: { 'made-up-tour': true } },
      { tours: { dashboard: 'done' } },
      { synaeptic: 'big' },
    ]) {
      const res = await user.agent.put('/api/user/preferences', { preferences });
      expect(res.statusCode, JSON.stringify(preferences)).toBe(422);
      expect(res.data.message).toBeTruthy();
    }
    expect((await user.agent.get('/api/user')).data.data.preferences).toEqual(DEFAULT_PREFERENCES);
  });

  it('deep-merges the synaeptic settings and completes them with the defaults', async () => {
    const user = await t.signUp();
    await user.agent.put('/api/user/preferences', { preferences: { synaeptic: { zoom: 80 } } });
    const res = await user.agent.put('/api/user/preferences', { preferences: { synaeptic: { hideInactive: true } } });
    expect(res.data.data.synaeptic).toEqual({ ...DEFAULT_PREFERENCES.synaeptic, zoom: 80, hideInactive: true });
  });

  it("keeps the side bar's document order (name or traceability) and refuses another with 422 on it", async () => {
    const user = await t.signUp();
    expect((await user.agent.get('/api/user')).data.data.preferences.documentOrder).toBe('name');
    const res = await user.agent.put('/api/user/preferences', { preferences: { documentOrder: 'traceability' } });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.documentOrder).toBe('traceability');
    const bad = await user.agent.put('/api/user/preferences', { preferences: { documentOrder: 'random' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.data.errors)).toEqual(['preferences.documentOrder']);
    expect((await user.agent.get('/api/user')).data.data.preferences.documentOrder).toBe('traceability');
  });

  it('refuses an update over 16 KB serialised with 422, and accepts one just under', async () => {
    const user = await t.signUp();
    const over = await user.agent.put('/api/user/preferences', {
      preferences: { lang: 'fr', padding: 'x'.repeat(PREFERENCES_MAX_BYTES) },
    });
    expect(over.statusCode).toBe(422);
    expect(Object.keys(over.data.errors)).toEqual(['preferences']);
    expect((await user.agent.get('/api/user')).data.data.preferences.lang).toBe('en');
    const under = await user.agent.put('/api/user/preferences', {
      preferences: { lang: 'fr', padding: 'x'.repeat(PREFERENCES_MAX_BYTES - 100) },
    });
    expect(under.statusCode).toBe(200);
    expect(JSON.stringify(await stored(user.id)).length).toBeLessThan(1024);
  });

  it('sheds what an older version stored (a 129 KB object) on the next update, keeping the valid keys', async () => {
    const user = await t.signUp();
    const bloated = {
      ...DEFAULT_PREFERENCES,
      lang: 'fr',
      tours: { dashboard: true, ...Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`tour${i}`, true])) },
      junk: 'x'.repeat(100_000),
    };
    await t.ctx.db
      .update(users)
      .set({ preferences: bloated as never })
      .where(eq(users.id, user.id));
    await t.ctx.authChanges!.sync();
    expect(JSON.stringify(await stored(user.id)).length).toBeGreaterThan(120_000);
    // Reading never fails on it, and answers only known keys.
    const before = await user.agent.get('/api/user');
    expect(before.data.data.preferences.tours).toEqual({ dashboard: true });
    expect(before.data.data.preferences.lang).toBe('fr');

    const res = await user.agent.put('/api/user/preferences', { preferences: { autoNaming: false } });
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({ lang: 'fr', autoNaming: false, tours: { dashboard: true } });
    const row = await stored(user.id);
    expect(JSON.stringify(row).length).toBeLessThan(1024);
    expect(row.tours).toEqual({ dashboard: true });
  });

  it('merges in the database: concurrent updates of different keys all land', async () => {
    const user = await t.signUp();
    const patches = [
      { lang: 'fr' },
      { autoNaming: false },
      { categoryNumbering: false },
      { loadedOnce: true },
      { tours: { dashboard: true } },
      { tours: { project: true } },
      { tours: { document: true } },
      { synaeptic: { zoom: 30 } },
      { synaeptic: { fontSize: 14 } },
      { timezone: { autoTimezone: false } },
      { timezone: { timezone: 'Europe/Paris' } },
      { documentOrder: 'traceability' },
    ];
    await user.agent.ensureCsrf();
    const answers = await Promise.all(
      patches.map((preferences) => user.agent.put('/api/user/preferences', { preferences })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(patches.map(() => 200));
    const after = (await user.agent.get('/api/user')).data.data.preferences;
    expect(after).toEqual({
      lang: 'fr',
      autoNaming: false,
      categoryNumbering: false,
      loadedOnce: true,
      tours: { dashboard: true, project: true, document: true },
      synaeptic: { ...DEFAULT_PREFERENCES.synaeptic, zoom: 30, fontSize: 14 },
      timezone: { autoTimezone: false, timezone: 'Europe/Paris' },
      documentOrder: 'traceability',
    });
  });
});
