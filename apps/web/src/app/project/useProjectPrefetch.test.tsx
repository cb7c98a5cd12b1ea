// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, openPage, settle, type Page } from '../../test/page';
import { workingAreaKeys } from '../../api/workingAreaKeys';
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

  it("asks for the matrix's pairs, then the first pair's matrix, beside the structure, on the matrix's address", async () => {
    const pairs = [{ parent_document_id: 3, child_document_id: 4, links: 2 }];
    page = await openPage((call) => answer(200, { data: call.url.includes('matrixpairs') ? pairs : [] }));
    page.render(<Probe subPath="matrix" />);
    await settle(50);
    expect(page.sent.map((c) => c.url).sort()).toEqual([
      '/api/projects/matrix/7?parent_document_id=3&child_document_id=4&filter=all',
      '/api/projects/matrixpairs/7',
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

  describe('a press on a link inside the project', () => {
    const links: HTMLAnchorElement[] = [];
    afterEach(() => links.splice(0).forEach((link) => link.remove()));
    function link(href: string, target?: string): HTMLAnchorElement {
      const a = document.createElement('a');
      a.href = href;
      if (target) a.target = target;
      a.append(document.createElement('span'));
      document.body.append(a);
      links.push(a);
      return a;
    }
    async function pressed(element: Element, init: MouseEventInit = {}, type = 'pointerdown'): Promise<string[]> {
      const before = page.sent.length;
      element.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, ...init }));
      await settle(50);
      return page.sent
        .slice(before)
        .map((c) => c.url)
        .sort();
    }

    /** The project's overview of `acme/rocket`, its own reads done. */
    async function onProjectPage(): Promise<void> {
      window.history.pushState({}, '', '/project/acme/rocket');
      page = await openPage(() => answer(200, { data: [] }));
      // As in the app (app/queryClient.ts): what came stays fresh for 30 s.
      page.queryClient.setDefaultOptions({ queries: { staleTime: 30_000 } });
      page.render(<Probe subPath="" />);
      await settle(50);
    }

    it("starts the document's reads at the press, before the router shows its screen", async () => {
      await onProjectPage();
      const a = link('/project/acme/rocket/detailed/document/9');
      // From an element inside the link, as a pointer on its text gives it.
      expect(await pressed(a.firstElementChild!)).toEqual([
        '/api/documents/classifiers/9',
        '/api/documents/requirements/9',
      ]);
      // A click that follows (or a keyboard's Enter) asks for nothing more: what came is fresh.
      expect(await pressed(a, {}, 'click')).toEqual([]);
    });

    it('starts nothing for another project, a new tab or a modified press', async () => {
      await onProjectPage();
      expect(await pressed(link('/project/acme/other/detailed/document/9'))).toEqual([]);
      expect(await pressed(link('/project/acme/rocket/detailed/document/9', '_blank'))).toEqual([]);
      expect(await pressed(link('/project/acme/rocket/detailed/document/9'), { ctrlKey: true })).toEqual([]);
      expect(await pressed(link('/project/acme/rocket/detailed/document/9'), { button: 1 })).toEqual([]);
      // The same press without a modifier does: the link itself was fine.
      expect(await pressed(link('/project/acme/rocket/detailed/document/9'))).toHaveLength(2);
    });
  });
});
