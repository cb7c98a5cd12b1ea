import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { useWorkingArea } from '../../test/working-area';

// The traceability matrix (decisions §24): rows in reading order, suspect links marked, coverage, filters, and its
// export as .xlsx (opened by LibreOffice Calc) and .csv.

const suite = useWorkingArea();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matrix-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Row = {
  requirement: { id: number; reference: string; name: string };
  links: { requirement: { reference: string }; suspect: boolean }[];
};

/**
 * SYS (parent) with, in reading order: SYS_001 at the root, then category GEN's SYS_GEN_002 and SYS_GEN_003, the last
 * made first in GEN's order; SRS (child) with three requirements. SYS_001 → SRS_002, SRS_001; SYS_GEN_003 → SRS_003.
 */
async function twoDocuments() {
  const { w } = suite;
  const project = await w.project();
  const sys = await w.document(project.id, 'SYS');
  const srs = await w.document(project.id, 'SRS', [sys.id]);
  const gen = await w.category(sys.id, 'GEN');
  const root = await w.requirement(sys.id, 'Root requirement');
  const second = await w.requirement(sys.id, '=HYPERLINK("http://evil")', gen.id);
  const third = await w.requirement(sys.id, 'Third', gen.id);
  const c1 = await w.requirement(srs.id, 'Child one');
  const c2 = await w.requirement(srs.id, 'Child two');
  const c3 = await w.requirement(srs.id, 'Child three');
  await w.ok('PUT', `/api/requirements/${root.id}`, { children_id: [c2.id, c1.id] });
  await w.ok('PUT', `/api/requirements/${third.id}`, { children_id: [c3.id] });
  return { project, sys, srs, root, second, third, children: [c1, c2, c3] };
}

const matrix = async (projectId: number, query: string) => {
  const res = await suite.user.agent.get(`/api/projects/matrix/${projectId}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.data.data as { rows: Row[]; coverage: { covered: number; total: number } };
};
const summary = (rows: Row[]) =>
  rows.map((r) => [r.requirement.reference, r.links.map((l) => `${l.requirement.reference}${l.suspect ? '!' : ''}`)]);

describe('traceability matrix', () => {
  it('lists the parent document in reading order with its children, suspect links marked, and the coverage', async () => {
    const { project, sys, srs, third } = await twoDocuments();
    const q = `parent_document_id=${sys.id}&child_document_id=${srs.id}`;
    const all = await matrix(project.id, q);
    expect(summary(all.rows)).toEqual([
      ['SYS_001', ['SRS_001', 'SRS_002']],
      ['SYS_GEN_002', []],
      ['SYS_GEN_003', ['SRS_003']],
    ]);
    expect(all.rows[0]!.requirement).toMatchObject({ name: 'Root requirement', status: 0 });
    expect(all.coverage).toEqual({ covered: 2, total: 3 });

    // The parent changes after the link: suspect (decisions §22); the child's change answers it.
    await suite.w.ok('PUT', `/api/requirements/${third.id}`, { name: 'Third, revised' });
    const after = await matrix(project.id, `${q}&filter=all`);
    expect(summary(after.rows)[2]).toEqual(['SYS_GEN_003', ['SRS_003!']]);

    // The filters narrow the rows; the coverage stays the whole document's.
    const uncovered = await matrix(project.id, `${q}&filter=uncovered`);
    expect(summary(uncovered.rows)).toEqual([['SYS_GEN_002', []]]);
    expect(uncovered.coverage).toEqual({ covered: 2, total: 3 });
    const suspect = await matrix(project.id, `${q}&filter=suspect`);
    expect(summary(suspect.rows)).toEqual([['SYS_GEN_003', ['SRS_003!']]]);
    expect(suspect.coverage).toEqual({ covered: 2, total: 3 });

    // The other way round, nothing is linked: every row uncovered.
    const reverse = await matrix(project.id, `parent_document_id=${srs.id}&child_document_id=${sys.id}`);
    expect(reverse.rows.map((r) => r.links.length)).toEqual([0, 0, 0]);
    expect(reverse.coverage).toEqual({ covered: 0, total: 3 });

    const pairs = await suite.user.agent.get(`/api/projects/matrixpairs/${project.id}`);
    expect(pairs.data.data).toEqual([{ parent_document_id: sys.id, child_document_id: srs.id, links: 3 }]);
  });

  it('refuses a document of another project (422) and a bad filter or format (422), and changes nothing', async () => {
    const { project, sys, srs } = await twoDocuments();
    const other = await suite.w.project('Other');
    const foreign = await suite.w.document(other.id, 'FOR');
    const agent = suite.user.agent;
    const res = await agent.get(
      `/api/projects/matrix/${project.id}?parent_document_id=${foreign.id}&child_document_id=${srs.id}`,
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.data.errors)).toEqual(['parent_document_id']);
    const both = await agent.get(
      `/api/projects/matrix/${project.id}?parent_document_id=99999999&child_document_id=${foreign.id}`,
    );
    expect(Object.keys(both.data.errors).sort()).toEqual(['child_document_id', 'parent_document_id']);
    const q = `parent_document_id=${sys.id}&child_document_id=${srs.id}`;
    expect((await agent.get(`/api/projects/matrix/${project.id}?${q}&filter=some`)).statusCode).toBe(422);
    expect((await agent.get(`/api/projects/matrix/${project.id}?parent_document_id=x`)).statusCode).toBe(422);
    expect((await agent.get(`/api/projects/matrixexport/${project.id}?${q}&format=ods`)).statusCode).toBe(422);
    const link = await agent.get(
      `/api/projects/matrixexport/${project.id}?parent_document_id=${sys.id}&child_document_id=${foreign.id}&format=csv`,
    );
    expect(link.statusCode).toBe(422);
  });

  it('exports the matrix as filtered to .csv: BOM, header, suspect marked, formulas as text, coverage last', async () => {
    const { project, sys, srs, third } = await twoDocuments();
    await suite.w.ok('PUT', `/api/requirements/${third.id}`, { name: 'Third, revised' });
    const q = `parent_document_id=${sys.id}&child_document_id=${srs.id}`;
    const link = await suite.user.agent.get(`/api/projects/matrixexport/${project.id}?${q}&format=csv`);
    expect(link.statusCode, link.body).toBe(200);
    const file = await suite.user.agent.get(link.data.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(file.rawPayload, { bom: true, relax_column_count: true });
    expect(rows).toEqual([
      ['Requirement', 'Name', 'Children in Doc SRS'],
      ['SYS_001', 'Root requirement', 'SRS_001; SRS_002'],
      ['SYS_GEN_002', `'=HYPERLINK("http://evil")`, ''],
      ['SYS_GEN_003', 'Third, revised', 'SRS_003 (suspect)'],
      ['Coverage: 2 of 3 requirements have a child in Doc SRS (67 %)'],
    ]);
    // One time only.
    expect((await suite.user.agent.get(link.data.url)).statusCode).toBe(404);

    const filtered = await suite.user.agent.get(
      `/api/projects/matrixexport/${project.id}?${q}&format=csv&filter=uncovered`,
    );
    const narrow = parse((await suite.user.agent.get(filtered.data.url)).rawPayload, {
      bom: true,
      relax_column_count: true,
    });
    expect(narrow.map((r: string[]) => r[0])).toEqual([
      'Requirement',
      'SYS_GEN_002',
      'Coverage: 2 of 3 requirements have a child in Doc SRS (67 %)',
    ]);
    // The export is in the audit trail.
    const trail = await suite.user.agent.get(`/api/projects/audit/${project.id}?action=exported`);
    expect(trail.data.data[0]).toMatchObject({ action: 'exported', entity_type: 'document', entity_id: sys.id });
  });

  it('exports .xlsx that LibreOffice Calc opens: frozen header, widths, suspect cells filled, no formula', async () => {
    const { project, sys, srs, third } = await twoDocuments();
    await suite.w.ok('PUT', `/api/requirements/${third.id}`, { status: 1 });
    const q = `parent_document_id=${sys.id}&child_document_id=${srs.id}`;
    const link = await suite.user.agent.get(`/api/projects/matrixexport/${project.id}?${q}&format=xlsx`);
    const file = await suite.user.agent.get(link.data.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(2).width).toBeGreaterThan(20);
    const injected = sheet.getRow(3).getCell(2);
    expect(injected.value).toBe('=HYPERLINK("http://evil")');
    expect(injected.formula).toBeUndefined();
    const suspect = sheet.getRow(4).getCell(3);
    expect(suspect.value).toBe('SRS_003 (suspect)');
    expect(suspect.fill).toMatchObject({ type: 'pattern', pattern: 'solid' });
    expect(sheet.getRow(2).getCell(3).fill).toBeUndefined();

    const xlsx = path.join(dir, 'matrix.xlsx');
    fs.writeFileSync(xlsx, file.rawPayload);
    try {
      execFileSync('soffice', ['--headless', '--convert-to', 'csv', '--outdir', dir, xlsx], {
        stdio: 'pipe',
        timeout: 120_000,
        env: { ...process.env, HOME: dir },
      });
    } catch (error) {
      throw new Error(`LibreOffice Calc (soffice) must be installed to check the export: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const read = parse(fs.readFileSync(path.join(dir, 'matrix.csv')), { relax_column_count: true });
    expect(read.map((r) => r.filter(Boolean))).toEqual([
      ['Requirement', 'Name', 'Children in Doc SRS'],
      ['SYS_001', 'Root requirement', 'SRS_001; SRS_002'],
      ['SYS_GEN_002', '=HYPERLINK("http://evil")'],
      ['SYS_GEN_003', 'Third', 'SRS_003 (suspect)'],
      ['Coverage: 2 of 3 requirements have a child in Doc SRS (67 %)'],
    ]);
  }, 180_000);
});
