import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyReads } from '../api/earlyReads';
import { endSession, startSession } from '../api/session';
import { fakeBrowser, json } from '../test/fakeBrowser';
import { documentIdOf, projectAddressOf } from '../features/projects/projectAddress';
import { projectScreens } from './project/projectScreens';
import { startEarly } from './earlyStart';
import { topBarParts } from './topBarParts';

// The screens' chunks are not loaded here: each preload is a spy.
vi.mock('./project/projectScreens', () => {
  const screen = () => ({ preload: vi.fn(() => Promise.resolve()) });
  const projectScreens = {
    shell: screen(),
    overview: screen(),
    detailed: screen(),
    settings: screen(),
    playtest: screen(),
    synaeptic: screen(),
  };
  return {
    projectScreens,
    preloadProjectScreen: (subPath: string) =>
      subPath.startsWith('detailed') ? projectScreens.detailed.preload() : undefined,
  };
});
vi.mock('./topBarParts', () => ({
  topBarParts: {
    userMenu: { preload: vi.fn(() => Promise.resolve()) },
    projectTopBar: { preload: vi.fn(() => Promise.resolve()) },
  },
}));

afterEach(() => {
  dropEarlyReads();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const answers = (url: string) =>
  url.startsWith('/api/projects/showfrompath/') ? json(200, { data: { id: 7 } }) : json(200, { data: [] });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('projectAddressOf', () => {
  it('reads a project address, decoded, and nothing else', () => {
    expect(projectAddressOf('/project/team/my%20app/detailed/document/5')).toEqual({
      namespace: 'team',
      slug: 'my app',
      subPath: 'detailed/document/5',
    });
    expect(projectAddressOf('/project/team/app')).toEqual({ namespace: 'team', slug: 'app', subPath: '' });
    expect(projectAddressOf('/dashboard')).toBeNull();
    expect(projectAddressOf('/project/team')).toBeNull();
    expect(projectAddressOf('/project/%E0%A4%A/app')).toBeNull();
    expect(documentIdOf('detailed/document/5')).toBe(5);
    expect(documentIdOf('detailed/category/5')).toBeUndefined();
    expect(documentIdOf('detailed/document/0')).toBeUndefined();
  });
});

describe('startEarly', () => {
  it("asks for a document's code and reads at once, and for the structure once the project is known", async () => {
    const { calls } = fakeBrowser((call) => answers(call.url));
    // The reads leave before the code is asked for: they get the browser's first connections.
    let readsBeforeCode = -1;
    vi.mocked(topBarParts.userMenu.preload).mockImplementationOnce(() => {
      readsBeforeCode = calls.length;
      return Promise.resolve();
    });
    startSession();
    const code = startEarly('/project/team/my%20app/detailed/document/5');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/user',
      '/api/projects/showfrompath/team/my%20app',
      '/api/documents/requirements/5',
      '/api/documents/classifiers/5',
    ]);
    expect(readsBeforeCode).toBe(4);
    await settle();
    expect(calls.slice(4).map((c) => c.url)).toEqual(['/api/projects/settings/7', '/api/projects/structure/7']);
    expect(projectScreens.shell.preload).toHaveBeenCalled();
    expect(projectScreens.detailed.preload).toHaveBeenCalled();
    expect(topBarParts.projectTopBar.preload).toHaveBeenCalled();
    expect(topBarParts.userMenu.preload).toHaveBeenCalled();
    await expect(code).resolves.toBeUndefined();
  });

  it("asks for the map's read instead of the structure on the map's address, and only there", async () => {
    const { calls } = fakeBrowser((call) => answers(call.url));
    startSession();
    void startEarly('/project/team/app/synaeptic/requirement/9');
    await settle();
    // The map's read carries the structure.
    expect(calls.map((c) => c.url)).toEqual([
      '/api/user',
      '/api/projects/showfrompath/team/app',
      '/api/projects/settings/7',
      '/api/projects/map/7',
    ]);
    dropEarlyReads();
    calls.length = 0;
    void startEarly('/project/team/app/synaeptical');
    await settle();
    expect(calls.map((c) => c.url)).not.toContain('/api/projects/map/7');
  });

  it('reads nothing without a session, only fetches code', () => {
    const { calls } = fakeBrowser((call) => answers(call.url));
    endSession();
    void startEarly('/project/team/app/detailed/document/5');
    expect(calls).toEqual([]);
    expect(projectScreens.shell.preload).toHaveBeenCalled();
    expect(topBarParts.userMenu.preload).not.toHaveBeenCalled();
  });

  it('does not ask for the structure once the session has ended meanwhile', async () => {
    const { calls } = fakeBrowser((call) => answers(call.url));
    startSession();
    void startEarly('/project/team/app');
    endSession();
    await settle();
    expect(calls.map((c) => c.url)).toEqual(['/api/user', '/api/projects/showfrompath/team/app']);
  });

  it('does nothing for the project outside a project', () => {
    const { calls } = fakeBrowser((call) => answers(call.url));
    startSession();
    void startEarly('/dashboard');
    expect(calls).toEqual([]);
    expect(projectScreens.shell.preload).not.toHaveBeenCalled();
  });
});
