import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, readEarly } from './api/client';
import { dropEarlyReads } from './api/earlyReads';
import { dropEarlyResponses, fetchEarly, takeEarlyResponse } from './api/earlyResponses';
import { isSessionActive, startSession } from './api/session';
import { fakeBrowser, json } from './test/fakeBrowser';
import { sendEarlyReads } from './boot';

afterEach(() => {
  dropEarlyReads();
  dropEarlyResponses();
  vi.unstubAllGlobals();
});

const answers = (url: string) =>
  url.endsWith('/showfrompath/team/app') ? json(200, { data: { id: 7 } }) : json(200, { data: url });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const at = (pathname: string) => vi.stubGlobal('window', { location: { pathname } });

describe('the boot reads', () => {
  it("send the map's reads before the app is evaluated, and the app takes their answers without asking again", async () => {
    const { calls } = fakeBrowser((call) => answers(call.url));
    startSession();
    at('/project/team/app/synaeptic');
    sendEarlyReads();
    expect(calls.map((c) => c.url)).toEqual(['/api/user', '/api/projects/showfrompath/team/app']);
    await settle();
    // The project's reads once its id is known: the map's carries the structure.
    expect(calls.slice(2).map((c) => c.url)).toEqual(['/api/projects/settings/7', '/api/projects/map/7']);
    // The app's own first script and screens ask for the same paths: nothing more is sent.
    await expect(readEarly('projects/showfrompath/team/app')).resolves.toEqual({ data: { id: 7 } });
    await expect(api.get('projects/map/7')).resolves.toEqual({ data: '/api/projects/map/7' });
    await expect(api.get('user')).resolves.toEqual({ data: '/api/user' });
    expect(calls).toHaveLength(4);
    // A second read of a path goes to the server.
    await api.get('user');
    expect(calls).toHaveLength(5);
  });

  it("send a document's requirements and classifiers at once, with the language of the page", () => {
    const { calls } = fakeBrowser((call) => answers(call.url));
    startSession();
    localStorage.setItem('reqloom.lang', 'fr');
    at('/project/team/app/detailed/document/5');
    sendEarlyReads();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/user',
      '/api/projects/showfrompath/team/app',
      '/api/documents/requirements/5',
      '/api/documents/classifiers/5',
    ]);
    expect(calls.every((c) => c.headers['Accept-Language'] === 'fr')).toBe(true);
  });

  it('send nothing without a session or outside a project', () => {
    const { calls } = fakeBrowser((call) => answers(call.url));
    at('/project/team/app/synaeptic');
    sendEarlyReads();
    startSession();
    at('/dashboard');
    sendEarlyReads();
    expect(calls).toEqual([]);
  });

  it('hand over a 401 as any answer: taken by the app, it ends the session', async () => {
    fakeBrowser(() => json(401, { message: 'Unauthenticated.' }));
    startSession();
    at('/project/team/app');
    sendEarlyReads();
    await expect(api.get('user')).rejects.toMatchObject({ status: 401 });
    expect(isSessionActive()).toBe(false);
  });
});

describe('early responses', () => {
  it('are taken once, only while fresh; a path the app asked for first is not sent early', () => {
    const { calls } = fakeBrowser((call) => answers(call.url));
    void fetchEarly('user', 'en', 1_000);
    expect(takeEarlyResponse('user', 2_000, 100)).toBeDefined();
    expect(takeEarlyResponse('user', 2_000, 100)).toBeUndefined();
    void fetchEarly('projects/settings/7', 'en', 1_000);
    expect(takeEarlyResponse('projects/settings/7', 20_000, 100)).toBeUndefined();
    // Claimed in the page's first seconds: the boot reads leave it to the app.
    expect(takeEarlyResponse('projects/map/7', 1_000, 100)).toBeUndefined();
    expect(fetchEarly('projects/map/7', 'en')).toBeUndefined();
    // Later in the page's life nothing is claimed.
    expect(takeEarlyResponse('projects/structure/7', 1_000, 60_000)).toBeUndefined();
    expect(fetchEarly('projects/structure/7', 'en')).toBeDefined();
    expect(calls.map((c) => c.url)).toEqual(['/api/user', '/api/projects/settings/7', '/api/projects/structure/7']);
  });
});
