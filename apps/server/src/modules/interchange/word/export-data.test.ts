import { beforeAll, describe, expect, it } from 'vitest';
import { readZip, utf8 } from '../zip';
import { useWorkingArea } from '../../../test/working-area';
import { setAlpha } from '../../user/user-admin.service';
import { loadExportData, type ExportContent } from './export-data';
import { buildWordExport } from './word-export';

// The Word export's seam for a baseline (decisions §22): the document's content can be supplied instead of read, and
// the rest of what the export shows is read as now. Supplied as read, it gives the very data the live export reads.

const suite = useWorkingArea();
// The export settings are an alpha user's (as in word-export.test.ts).
beforeAll(() => setAlpha(suite.t.ctx, suite.user.email, true));

async function documentWithLinks() {
  const { w } = suite;
  const project = await w.project();
  const sys = await w.document(project.id, 'SYS');
  const srs = await w.document(project.id, 'SRS', [sys.id]);
  await w.ok('PUT', `/api/documents/settings/${srs.id}`, { settings: { 'export.tableOfEvolutions': true } });
  const top = await w.category(srs.id, 'A');
  const sub = await w.category(srs.id, 'B', top.id);
  const other = await w.category(srs.id, 'C');
  const parent = await w.requirement(sys.id, 'The plant shall treat water');
  const first = await w.requirement(srs.id, 'The pump shall start', sub.id);
  await w.requirement(srs.id, 'The valve shall close', top.id);
  await w.requirement(srs.id, 'The alarm shall sound', other.id);
  await w.requirement(srs.id, 'The panel shall light', top.id);
  await w.ok('PUT', `/api/requirements/${first.id}`, { parents_id: [parent.id] });
  return { srs, first };
}

const documentXml = (docx: Buffer) =>
  utf8(readZip(docx, (name) => name === 'word/document.xml').get('word/document.xml')!);

describe('the Word export of supplied content', () => {
  it('gives the live export’s very data when given the live content, in whatever order', async () => {
    const { srs } = await documentWithLinks();
    const live = await loadExportData(suite.t.ctx.db, srs.id);
    expect(live.requirements).toHaveLength(4);
    expect(live.linked.size).toBe(1);
    const supplied: ExportContent = {
      categories: [...live.categories].reverse(),
      requirements: [...live.requirements].reverse(),
      linked: [...live.linked.values()],
    };
    const again = await loadExportData(suite.t.ctx.db, srs.id, supplied);
    expect(again).toEqual(live);
    expect(again.requirements.map((r) => r.name)).toEqual(live.requirements.map((r) => r.name));
  });

  it('writes the document as it was: its requirements then, and only the evolutions up to then', async () => {
    const { srs, first } = await documentWithLinks();
    const before = await loadExportData(suite.t.ctx.db, srs.id);
    const then: ExportContent = {
      categories: before.categories,
      requirements: before.requirements,
      linked: [...before.linked.values()],
      asOf: new Date(),
    };
    await new Promise((r) => setTimeout(r, 20));
    await suite.w.ok('PUT', `/api/requirements/${first.id}`, { name: 'The pump shall stop' });

    const now = await loadExportData(suite.t.ctx.db, srs.id);
    expect(now.evolutions.map((e) => e.changed)).toContainEqual(['name']);
    const was = await loadExportData(suite.t.ctx.db, srs.id, then);
    expect(was.evolutions).toEqual([]);
    const xml = documentXml(await buildWordExport(was, 'en', new Date('2026-03-01T00:00:00Z')));
    expect(xml).toContain('The pump shall start');
    expect(xml).not.toContain('The pump shall stop');
    expect(documentXml(await buildWordExport(now, 'en'))).toContain('The pump shall stop');
  });
});
