import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_COLORS } from '@reqloom/domain';
import { createTestApp, type SignedUp, type TestApp } from '../../../test/harness';
import { workingArea } from '../../../test/working-area';

// The document's spreadsheets (decisions §24): columns, reading order, formula injection; the .xlsx is opened by
// LibreOffice Calc, converted to CSV there and read back.

let t: TestApp;
let alice: SignedUp;
let stranger: SignedUp;
let w: ReturnType<typeof workingArea>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-sheet-'));
let doc: { id: number };
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  stranger = await t.signUp();
  w = workingArea(alice);
  const project = await w.project();
  const sys = await w.document(project.id, 'SYS');
  doc = await w.document(project.id, 'SRS', [sys.id]);
  const cat = await w.category(doc.id, 'BRK');
  const parent = await w.requirement(sys.id, 'Stop the car');
  const classifier = await w.ok('POST', '/api/classifiers', {
    document_id: doc.id,
    name: 'Priority',
    tags: [
      { title: 'High', color: TAG_COLORS[0] },
      { title: 'Safety', color: TAG_COLORS[1] },
    ],
  });
  // Made in this order, read in reading order: the uncategorised one first, then the category's.
  const braking = await w.requirement(doc.id, 'Braking', cat.id);
  const formula = await w.requirement(doc.id, '=HYPERLINK("http://evil")');
  await w.ok('PUT', `/api/requirements/${braking.id}`, {
    description: '<p>First line</p><p>Second <strong>line</strong></p>',
    status: 3,
    parents_id: [parent.id],
    tags_id: classifier.tags.map((x: { id: number }) => x.id),
  });
  await w.ok('PUT', `/api/requirements/${formula.id}`, { description: '<p>-1+2</p>' });
  ids = { braking: braking.id, formula: formula.id, parent: parent.id };
  // A fresh database and the set-up take long on a busy machine; the default hook limit is a minute.
}, 300_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function download(kind: 'xlsx' | 'csv', documentId = doc.id) {
  const link = await alice.agent.get(`/api/documents/export${kind}/${documentId}`);
  expect(link.statusCode).toBe(200);
  const file = await alice.agent.get(link.data.url);
  expect(file.statusCode).toBe(200);
  return { url: link.data.url as string, file };
}

const HEADER = ['id', 'reference', 'category', 'name', 'description', 'status', 'Priority', 'parents', 'children'];

describe('documents/exportxlsx', () => {
  it('writes one row per requirement in reading order, formulas as text, and Calc reads it back', async () => {
    const { file } = await download('xlsx');
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(5).width).toBeGreaterThan(sheet.getColumn(1).width!);
    // Never a formula: the cell holds the text.
    const cell = sheet.getRow(2).getCell(4);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://evil")');

    const xlsx = path.join(dir, 'doc.xlsx');
    fs.writeFileSync(xlsx, file.rawPayload);
    execFileSync(
      'soffice',
      ['--headless', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', dir, xlsx],
      {
        stdio: 'pipe',
        timeout: 120_000,
        env: { ...process.env, HOME: dir },
      },
    );
    const rows: string[][] = parse(fs.readFileSync(path.join(dir, 'doc.csv')), { bom: true });
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['=HYPERLINK("http://evil")', 'Braking']);
    const braking = rows[2]!;
    expect(braking[0]).toBe(String(ids.braking));
    expect(braking[2]).toBe('SRS_BRK');
    expect(braking[4]).toBe('First line\nSecond line');
    expect(braking[5]).toBe('Validated');
    expect(braking[6]).toBe('High; Safety');
    expect(braking[7]).toMatch(/^SYS-/);
    expect(rows[1]![4]).toBe('-1+2');
    // LibreOffice starts in seconds, more on a busy machine.
  }, 300_000);
});

describe('documents/exportcsv', () => {
  it('writes UTF-8 with a BOM, formulas with an apostrophe, line breaks kept', async () => {
    const { file } = await download('csv');
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows: string[][] = parse(file.rawPayload, { bom: true });
    expect(rows[0]).toEqual(HEADER);
    expect(rows[1]![3]).toBe(`'=HYPERLINK("http://evil")`);
    expect(rows[1]![4]).toBe(`'-1+2`);
    expect(rows[2]![4]).toBe('First line\nSecond line');
  });

  it('writes the statuses in the caller language', async () => {
    alice.agent.lang = 'fr';
    try {
      const { file } = await download('csv');
      const rows: string[][] = parse(file.rawPayload, { bom: true });
      expect(rows[2]![5]).toBe('Validée');
    } finally {
      alice.agent.lang = 'en';
    }
  });

  it('a link works once, for its user only, and a non-member gets no link', async () => {
    const { url } = await download('csv');
    expect((await alice.agent.get(url)).statusCode).toBe(404);
    expect((await stranger.agent.get(`/api/documents/exportcsv/${doc.id}`)).statusCode).toBe(403);
    expect((await stranger.agent.get(`/api/documents/exportxlsx/${doc.id}`)).statusCode).toBe(403);
  });
});
