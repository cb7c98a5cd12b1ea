// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { getSessionExpiry, SESSION_STORAGE_KEY } from '../../api/session';
import { answer, openPage, settle, type Page, type SentCall } from '../../test/page';
import { LoginScreen } from './LoginScreen';

// Back from a login at the provider (decisions §26): the server set the session cookie and sends the browser to
// /login?sso_done=1&from=…; the login page starts the client's session clock from POST auth/refresh and goes on.

const SSO = { enabled: true, display_name: 'Corp SSO', local_passwords: true, linked: false };
let page: Page;
afterEach(() => {
  page.close();
  localStorage.removeItem(SESSION_STORAGE_KEY);
});

function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

async function show(address: string, refresh: () => Response) {
  page = await openPage((call: SentCall) => {
    if (call.url.endsWith('/api/auth/oidc')) return answer(200, SSO);
    if (call.url.endsWith('/api/auth/refresh')) return refresh();
    return answer(404, {});
  });
  page.queryClient.setDefaultOptions({ queries: { retry: false } });
  page.render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/login" element={<LoginScreen />} />
        <Route path="*" element={null} />
      </Routes>
      <Address />
    </MemoryRouter>,
  );
  for (let turn = 0; turn < 10; turn++) await settle();
}

const address = () => document.querySelector('[data-testid="address"]')?.textContent;

describe('the landing of a login at the provider', () => {
  it('starts the session clock from the server, then goes to the page asked for', async () => {
    const expiresAt = new Date(Date.now() + 600_000).toISOString();
    await show('/login?sso_done=1&from=%2Fprojects', () => answer(200, { success: true, expires_at: expiresAt }));
    expect(page.sent.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/auth/refresh']);
    expect(getSessionExpiry()).toBe(Date.parse(expiresAt));
    expect(address()).toBe('/projects');
  });

  it('stays on the login page and says so when no session came with it', async () => {
    await show('/login?sso_done=1', () => answer(401, { message: 'Unauthenticated.' }));
    expect(getSessionExpiry()).toBeNull();
    expect(address()).toBe('/login');
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('The sign-in could not be completed');
    expect(document.body.textContent).toContain('Sign in with Corp SSO');
  });
});
