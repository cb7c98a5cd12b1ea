import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

// Every secret that crosses the API in a full account flow is looked for in the log lines.

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'trace' }, { logStream: sink });
});
afterAll(async () => {
  await t.close();
});

describe('logs', () => {
  it('carry request id, user id and duration, and never a password, token or cookie', async () => {
    const user = await t.signUp({ password: 'very-secret-password-1' });
    const session = user.agent.cookies.get('reqloom_session')!;
    const csrf = user.agent.cookies.get('XSRF-TOKEN')!;
    const confirmToken = t.mails.at(-1)!.links[0]!.split('/').pop()!;
    const accessToken: string = (await user.agent.post('/api/auth/generatetoken', { name: 'logs' })).data.data.token;
    const client = t.agent();
    client.bearer = accessToken;
    await client.get('/api/user');
    await t.agent().post('/api/auth/forgotpassword', { email: user.email });
    const resetToken = t.mails.at(-1)!.links[0]!.split('/').pop()!;
    await t.agent().post('/api/auth/resetpassword', {
      email: user.email,
      password: 'another-secret-pass-2',
      password_confirmation: 'another-secret-pass-2',
      token: resetToken,
    });
    await t.agent().post('/api/auth/login', { email: user.email, password: 'wrong-secret-pass-3' });
    // The browser opens the mailed links as pages of the web client: their paths carry the tokens too.
    await t.app.inject({ method: 'GET', url: `/confirm/${user.username}/${confirmToken}` });
    await t.app.inject({ method: 'GET', url: `/resetpassword/${resetToken}` });
    // An unexpected database error must not log its query parameters (here a NUL refused before the database).
    await t.agent().post('/api/auth/register', {
      name: 'n',
      username: 'nul-user',
      email: 'nul@example.com',
      password: 'yet-another-secret-4\u0000',
      password_confirmation: 'yet-another-secret-4\u0000',
    });

    const log = lines.join('\n');
    const completed = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request completed');
    expect(completed.length).toBeGreaterThan(5);
    expect(
      completed.some((l) => l.userId === user.id && typeof l.durationMs === 'number' && typeof l.reqId === 'string'),
    ).toBe(true);
    for (const secret of [
      'very-secret-password-1',
      'another-secret-pass-2',
      'wrong-secret-pass-3',
      'yet-another-secret-4',
      session,
      csrf,
      confirmToken,
      accessToken,
      resetToken,
    ]) {
      expect(log.includes(secret), `a secret appears in the logs: ${secret.slice(0, 6)}…`).toBe(false);
    }
  });
});
