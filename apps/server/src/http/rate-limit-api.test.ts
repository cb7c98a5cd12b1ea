import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitApi: 3 });
});
afterAll(async () => {
  await t.close();
});

describe('RATE_LIMIT_API', () => {
  it('limits calls per minute per session, with Retry-After, and counts each session apart', async () => {
    const user = await t.signUp();
    // signUp made no authenticated call yet: three calls pass, the fourth is refused.
    for (let i = 0; i < 3; i++) expect((await user.agent.get('/api/user')).statusCode).toBe(200);
    const limited = await user.agent.get('/api/user');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = await t.signUp();
    expect((await other.agent.get('/api/user')).statusCode).toBe(200);
  });
});
