// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, openPage, settle, type Page } from '../../test/page';
import { workingAreaKeys } from '../working-area/api/workingAreaKeys';
import { projectScreens } from './projectScreens';
import { useProjectPrefetch } from './useProjectPrefetch';

// The screens' chunks are not loaded here: each preload is a spy.
vi.mock('./projectScreens', () => {
  const screen = () => ({ preload: vi.fn(() => Promise.resolve()) });
  return { projectScreens: { detailed: screen() }, preloadProjectScreen: () => undefined };
});

let page: Page;
afterEach(() => {
  page.close();
  vi.clearAllMocks();
});

const map = { documents: [{ id: 1, name: 'D', categories: [] }], requirements: [], links: [] };
function Probe({ subPath }: { subPath: string }) {
  useProjectPrefetch(7, subPath);
  return null;
}

describe('useProjectPrefetch', () => {
  it("asks for the map's read alone on the map's address, and its structure fills the structure's cache", async () => {
    page = await openPage((call) => answer(200, { data: call.url.endsWith('/map/7') ? map : [] }));
    page.render(<Probe subPath="synaeptic" />);
    await settle(50);
    expect(page.sent.map((c) => c.url)).toEqual(['/api/projects/map/7']);
    expect(page.queryClient.getQueryData(workingAreaKeys.structure(7))).toEqual(map.documents);
  });

  it("asks for the structure and a document's reads elsewhere", async () => {
    page = await openPage(() => answer(200, { data: [] }));
    page.render(<Probe subPath="detailed/document/5" />);
    await settle(50);
    expect(page.sent.map((c) => c.url).sort()).toEqual([
      '/api/documents/classifiers/5',
      '/api/documents/requirements/5',
      '/api/projects/structure/7',
    ]);
  });

  it("asks for the detailed screen's code once the browser is idle, not during the first render", async () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (work: () => void) => ((idle = work), 1));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    page = await openPage(() => answer(200, { data: map }));
    page.render(<Probe subPath="synaeptic" />);
    await settle(50);
    expect(projectScreens.detailed.preload).not.toHaveBeenCalled();
    idle!();
    expect(projectScreens.detailed.preload).toHaveBeenCalledTimes(1);
  });
});
