import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A real OpenID Connect provider for the tests of single sign-on (decisions §26): panva's oidc-provider on a free port
// of the loopback, with its development login pages (any login name, any password), two confidential clients (ours
// and another app's) and accounts the test writes. A few switches make it misbehave the way the tests need. It is a
// package of its own because both the server's tests and the browser suite (e2e/sso.spec.ts) start it, and neither
// may reach into the other's folders.

export type Person = { email?: string; email_verified?: boolean; name?: string };

export type TestProvider = {
  issuer: string;
  /** Our client, as OIDC_CLIENT_ID and OIDC_CLIENT_SECRET name it. */
  client: { client_id: string; client_secret: string };
  /** The accounts by login name (the subject): what the provider says of each. */
  people: Map<string, Person>;
  /**
   * Switches, each for the next requests: `expired` issues tokens two hours in the past; `otherClient` exchanges the
   * code as the other app (whose code it then must be); `staleLogin` records the next login ten minutes ago.
   */
  mode: { expired: boolean; otherClient: boolean; staleLogin: boolean };
  close(): Promise<void>;
};

export const OTHER_CLIENT = { client_id: 'other-app', client_secret: 'other-secret' };

/** Runs `work` with the clock of this process moved by `shiftMs`; the provider reads Date.now() for its times. */
async function withClockShift<T>(shiftMs: number, work: () => Promise<T>): Promise<T> {
  const real = Date.now;
  Date.now = () => real() + shiftMs;
  try {
    return await work();
  } finally {
    Date.now = real;
  }
}

/** Starts the provider; `redirectUri` is the app's callback (`${APP_URL}/api/auth/oidc/callback`). */
export async function startTestProvider({ redirectUri }: { redirectUri: string }): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const people = new Map<string, Person>();
  const mode = { expired: false, otherClient: false, staleLogin: false };
  const client = { client_id: 'reqloom', client_secret: 'reqloom-secret' };

  const provider = new Provider(issuer, {
    clients: [client, OTHER_CLIENT].map((c) => ({
      ...c,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    async findAccount(_ctx, sub) {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...person, preferred_username: sub }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    // The e-mail comes in the ID token, as Keycloak, Entra ID and Google put it.
    conformIdTokenClaims: false,
    cookies: { keys: ['test-cookie-key-of-the-provider'] },
    features: { devInteractions: { enabled: true } },
  });
  // The devInteractions warn on the console at every start; they are what a test wants.
  provider.on('server_error', () => undefined);

  provider.use(async (ctx, next) => {
    if (ctx.path === '/token' && mode.otherClient) {
      const basic = Buffer.from(`${OTHER_CLIENT.client_id}:${OTHER_CLIENT.client_secret}`).toString('base64');
      ctx.req.headers.authorization = `Basic ${basic}`;
    }
    if (ctx.path === '/token' && mode.expired) await withClockShift(-2 * 3600_000, next);
    else await next();
  });
  // A stale login: the development login page records the person as logged in ten minutes ago (the `ts` of a login
  // result, which becomes the ID token's auth_time).
  const finished = provider.interactionFinished.bind(provider);
  provider.interactionFinished = (req, res, result, options) => {
    if (mode.staleLogin && result.login) result.login.ts = Math.floor(Date.now() / 1000) - 600;
    return finished(req, res, result, options);
  };
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));

  return {
    issuer,
    client,
    people,
    mode,
    close: () =>
      new Promise<void>((resolve) => {
        // A browser keeps its connections open; they must not hold the close back.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser at the provider, without a browser: follows its redirects with its own cookie jar and fills the
 * development login and consent forms, until the provider sends the browser back to `appUrl`. Answers that address
 * (the callback with its query).
 */
export class ProviderBrowser {
  private readonly jar = new Map<string, string>();

  constructor(
    private readonly appUrl: string,
    private readonly login: string,
  ) {}

  private absorb(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  private async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    this.absorb(response);
    return response;
  }

  async visit(start: string): Promise<URL> {
    let url = start;
    let init: RequestInit = {};
    for (let step = 0; step < 20; step += 1) {
      if (url.startsWith(this.appUrl)) return new URL(url);
      const response = await this.fetch(url, init);
      init = {};
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url).href;
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`the provider answered ${response.status}: ${html.slice(0, 300)}`);
      url = new URL(action, url).href;
      const form = new URLSearchParams({ prompt, login: this.login, password: 'any' });
      init = { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    }
    throw new Error('too many steps at the provider');
  }
}
