// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ProjectMapPresented } from '@reqloom/domain';
import { answer, openPage, settle, type Page } from '../../test/page';
import type { StructureDocument } from '../working-area/api/workingAreaApi';
import { workingAreaKeys } from '../../api/workingAreaKeys';
import { useMapData } from './useMapData';

let page: Page;
afterEach(() => page.close());

const documentNamed = (id: number, name: string) =>
  ({
    id,
    name,
    acronym: 'D',
    project_id: 7,
    parents: [],
    children: [],
    categories: [],
  }) as unknown as StructureDocument;
const map: ProjectMapPresented = {
  documents: [documentNamed(1, 'From the map')],
  requirements: [[10, 1, null, 'D_001', 'Shall', 0, 0, 1, 1]],
  links: [],
};

function Probe() {
  const data = useMapData(7);
  return (
    <p data-testid="probe">{`${data.documents?.map((d) => d.name).join() ?? 'none'}:${data.requirements.size}`}</p>
  );
}
const shown = () => document.querySelector('[data-testid="probe"]')!.textContent;

describe("the map's data", () => {
  it('comes from its one read, which fills the structure for the other views; the structure is not asked for', async () => {
    page = await openPage((call) => (call.url.endsWith('/map/7') ? answer(200, { data: map }) : answer(500)));
    page.render(<Probe />);
    await settle(50);
    expect(shown()).toBe('From the map:1');
    expect(page.sent.map((c) => c.url)).toEqual(['/api/projects/map/7']);
    expect(page.queryClient.getQueryData(workingAreaKeys.structure(7))).toEqual(map.documents);
  });

  it('shows the documents of a structure already in the cache until the map comes', async () => {
    page = await openPage(() => new Promise<Response>(() => undefined));
    page.queryClient.setQueryData(workingAreaKeys.structure(7), [documentNamed(1, 'Cached')]);
    page.render(<Probe />);
    await settle(50);
    expect(shown()).toBe('Cached:0');
    expect(page.sent.map((c) => c.url)).toEqual(['/api/projects/map/7']);
  });
});
