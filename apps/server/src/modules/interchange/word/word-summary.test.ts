import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useWorkingArea } from '../../../test/working-area';
import { loadExportData } from './export-data';
import { buildWordExport } from './word-export';

// Issue 31: a requirement made without a category was left out of the file (decisions §13), while the document
// summary still counted it: "Total 5" over 4 printed requirements, and nothing said one was missing.

const env = useWorkingArea();

/** The text of each paragraph of the file's body, table cells included, in order. */
function paragraphs(docx: Uint8Array): string[] {
  const xml = strFromU8(unzipSync(docx)['word/document.xml']!);
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) =>
    [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map(([, text]) => text).join(''),
  );
}

/** The value in the cell after `label` (a row of the summary's tables). */
const after = (texts: string[], label: string) => texts[texts.indexOf(label) + 1];

async function documentWithOneLeftOut() {
  const w = env.w;
  const project = await w.project();
  const srs = await w.document(project.id, 'SRS');
  const general = await w.category(srs.id, 'GEN');
  for (const name of ['Open', 'Close', 'Hold']) await w.requirement(srs.id, name, general.id);
  const reviewed = await w.requirement(srs.id, 'Report', general.id);
  await w.ok('PUT', `/api/requirements/${reviewed.id}`, { status: 2 });
  await w.requirement(srs.id, 'Made without a category');
  return srs.id as number;
}

describe('the Word export summary', () => {
  it('counts the requirements it prints, and says how many it left out and why', async () => {
    const documentId = await documentWithOneLeftOut();
    const link = await env.user.agent.get(`/api/documents/exportmsword/${documentId}`);
    const file = await env.user.agent.get(link.data.url);
    expect(file.statusCode).toBe(200);
    const texts = paragraphs(file.rawPayload);

    const printed = texts.filter((text) => /^SRS_GEN_\d{3} - /.test(text));
    expect(printed).toHaveLength(4);
    expect(texts.join('\n')).not.toContain('Made without a category');
    expect(after(texts, 'Total')).toBe(String(printed.length));
    expect(after(texts, 'Draft')).toBe('3');
    expect(after(texts, 'Reviewed')).toBe('1');
    const coverage = ['Covered and covering', 'Not covering a parent', 'Not covered by a child'];
    expect(coverage.reduce((sum, label) => sum + Number(after(texts, label)), 0)).toBe(4);
    expect(texts).toContain('1 requirement without a category is left out of this export.');
  });

  it('says it in French, and says nothing when every requirement is printed', async () => {
    const documentId = await documentWithOneLeftOut();
    const w = env.w;
    await w.requirement(documentId, 'Another without a category');
    const data = await loadExportData(env.t.ctx.db, documentId);
    const french = paragraphs(await buildWordExport(data, 'fr'));
    expect(after(french, 'Total')).toBe('4');
    expect(french).toContain('2 exigences sans catégorie sont laissées hors de cet export.');

    const complete = { ...data, requirements: data.requirements.filter((r) => r.category_id !== null) };
    const english = paragraphs(await buildWordExport(complete, 'en'));
    expect(after(english, 'Total')).toBe('4');
    expect(english.join('\n')).not.toContain('left out');
  });
});
