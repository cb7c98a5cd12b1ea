import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { parse } from 'csv-parse/sync';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_COLORS, type SpreadsheetPlanRow } from '@reqloom/domain';
import { eq } from 'drizzle-orm';
import { documents, spreadsheetPlans } from '../../../db/schema';
import { createTestApp, type SignedUp, type TestApp } from '../../../test/harness';
import { workingArea } from '../../../test/working-area';

// A document's sheet back in (decisions §24): the dry run changes nothing and names each row's action, diffs and
// errors by column; the apply takes the chosen rows in one transaction, or none (409); another tool's sheet makes a
// new document; hostile files are refused with 422 or 413.

let t: TestApp;
let alice: SignedUp;
let bob: SignedUp;
let w: ReturnType<typeof workingArea>;
let project: { id: number };
let doc: { id: number };
let other: { id: number };
let foreignId: number;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
  w = workingArea(alice);
  project = await w.project();
  doc = await w.document(project.id, 'SRS');
  other = await w.document(project.id, 'OTH');
  const cat = await w.category(doc.id, 'BRK');
  await w.ok('POST', '/api/classifiers', {
    document_id: doc.id,
    name: 'Priority',
    tags: [
      { title: 'High', color: TAG_COLORS[0] },
      { title: 'Low', color: TAG_COLORS[1] },
    ],
  });
  const rich = await w.requirement(doc.id, 'Rich', cat.id);
  await w.ok('PUT', `/api/requirements/${rich.id}`, { description: '<p>Keep <strong>bold</strong></p>' });
  const plain = await w.requirement(doc.id, 'Plain');
  const elsewhere = await w.requirement(other.id, 'Elsewhere');
  const foreignProject = await workingArea(bob).project();
  const foreignDoc = await workingArea(bob).document(foreignProject.id, 'FOR');
  foreignId = (await workingArea(bob).requirement(foreignDoc.id, 'Foreign')).id;
  ids = { rich: rich.id, plain: plain.id, elsewhere: elsewhere.id };
}, 300_000);
afterAll(async () => {
  await t.close();
});

const csv = (rows: string[][], delimiter = ',') => Buffer.from('\uFEFF' + stringify(rows, { delimiter }), 'utf8');
const upload = (fields: Record<string, string>, data: Buffer, name = 'sheet.bin', who = alice) =>
  who.agent.upload('/api/documents/importxlsx', [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', filename: name, type: 'application/octet-stream', data },
  ]);
const byRow = (rows: SpreadsheetPlanRow[]) => new Map(rows.map((r) => [r.row, r]));

async function exported(): Promise<string[][]> {
  const link = await alice.agent.get(`/api/documents/exportcsv/${doc.id}`);
  return parse((await alice.agent.get(link.data.url)).rawPayload, { bom: true });
}

describe('documents/importxlsx (dry run) and its apply', () => {
  it('plans creates, updates and errors by column, changes nothing, then applies the chosen rows', async () => {
    const [header, ...lines] = await exported();
    const rich = lines.find((l) => l[0] === String(ids.rich))!;
    const plain = lines.find((l) => l[0] === String(ids.plain))!;
    const col = (name: string) => header!.indexOf(name);
    const edited = [...plain];
    edited[col('name')] = 'Plain, renamed';
    edited[col('status')] = '« Validée »'.slice(2, -2);
    edited[col('Priority')] = 'high; Low';
    const created = header!.map(() => '');
    created[col('name')] = '=1+1';
    created[col('description')] = 'Line one\nLine two';
    const errors = header!.map(() => '');
    errors[col('id')] = String(ids.elsewhere);
    errors[col('name')] = 'x';
    errors[col('status')] = 'Someday';
    errors[col('Priority')] = 'Urgent';
    errors[col('category')] = 'NOPE';
    const foreign = header!.map(() => '');
    foreign[col('id')] = String(foreignId);
    foreign[col('name')] = 'y';
    // Rows 2..7: unchanged, update, create, errors, another project's id, two rows of one id.
    const sheet = csv([header!, rich, edited, created, errors, foreign], ';');
    const before = await w.ok('GET', `/api/documents/requirements/${doc.id}`);
    const res = await upload({ document_id: String(doc.id) }, sheet);
    expect(res.statusCode).toBe(200);
    const rows = byRow(res.data.data.rows);
    expect(rows.get(2)).toMatchObject({ action: 'unchanged', requirement_id: ids.rich });
    expect(rows.get(3)).toMatchObject({
      action: 'update',
      requirement_id: ids.plain,
      changes: {
        name: { old: 'Plain', new: 'Plain, renamed' },
        status: { old: 'Draft', new: 'Validated' },
        Priority: { old: '', new: 'High; Low' },
      },
    });
    expect(rows.get(4)).toMatchObject({ action: 'create', changes: { name: { new: '=1+1' } } });
    expect(rows.get(5)!.action).toBe('error');
    expect(
      rows
        .get(5)!
        .errors!.map((e) => `${e.column}:${e.code}`)
        .sort(),
    ).toEqual(
      ['Priority:unknown_tag', 'category:unknown_category', 'id:other_document', 'status:unknown_status'].sort(),
    );
    expect(rows.get(6)!.errors!.map((e) => e.code)).toEqual(['unknown_id']);
    expect(await w.ok('GET', `/api/documents/requirements/${doc.id}`)).toEqual(before);

    // Another caller cannot apply it; a row in error cannot be applied.
    const plan = res.data.data.plan_id as string;
    expect((await alice.agent.post('/api/documents/importxlsx/apply', { plan_id: plan, rows: [5] })).statusCode).toBe(
      422,
    );
    const applied = await alice.agent.post('/api/documents/importxlsx/apply', { plan_id: plan, rows: [3, 4] });
    expect(applied.statusCode).toBe(200);
    expect(applied.data.data).toEqual({ created: 1, updated: 1, unchanged: 0, document_id: doc.id });
    const after: { id: number; name: string; description: string; status: number; tags: unknown[] }[] = await w.ok(
      'GET',
      `/api/documents/requirements/${doc.id}`,
    );
    expect(after.find((r) => r.id === ids.plain)).toMatchObject({ name: 'Plain, renamed', status: 3 });
    expect(after.find((r) => r.id === ids.plain)!.tags).toHaveLength(2);
    expect(after.find((r) => r.name === '=1+1')!.description).toBe('<p>Line one</p><p>Line two</p>');
    // The unchanged description kept its rich text.
    expect(after.find((r) => r.id === ids.rich)!.description).toBe('<p>Keep <strong>bold</strong></p>');
    // A plan is used once.
    expect((await alice.agent.post('/api/documents/importxlsx/apply', { plan_id: plan, rows: [3] })).statusCode).toBe(
      404,
    );
  }, 300_000);

  it('flags duplicate ids, and answers 409 with nothing applied when the document changed since the plan', async () => {
    const [header, ...lines] = await exported();
    const plain = lines.find((l) => l[0] === String(ids.plain))!;
    const rich = [...lines.find((l) => l[0] === String(ids.rich))!];
    rich[header!.indexOf('name')] = 'Rich, renamed';
    const res = await upload({ document_id: String(doc.id) }, csv([header!, plain, plain, rich]));
    const rows = byRow(res.data.data.rows);
    expect(rows.get(2)!.errors![0]!.code).toBe('duplicate_id');
    expect(rows.get(3)!.errors![0]!.code).toBe('duplicate_id');
    expect(rows.get(4)!.action).toBe('update');
    // Edited in the browser meanwhile.
    await w.ok('PUT', `/api/requirements/${ids.plain}`, { name: 'Edited meanwhile' });
    const applied = await alice.agent.post('/api/documents/importxlsx/apply', {
      plan_id: res.data.data.plan_id,
      rows: [4],
    });
    expect(applied.statusCode).toBe(409);
    const after: { id: number; name: string }[] = await w.ok('GET', `/api/documents/requirements/${doc.id}`);
    expect(after.find((r) => r.id === ids.rich)!.name).toBe('Rich');
  }, 300_000);

  it('reads an .xlsx back by content, formulas as their text', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('S');
    sheet.addRow(['name', 'description', 'statut']);
    sheet.addRow(['From xlsx', 'A\nB', 'relue']);
    sheet.getCell('A3').value = { formula: 'SUM(1,2)', result: 3 };
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload({ document_id: String(doc.id) }, data, 'named.csv');
    expect(res.statusCode).toBe(200);
    const rows = byRow(res.data.data.rows);
    expect(rows.get(2)).toMatchObject({ action: 'create', changes: { status: { new: 'Reviewed' } } });
    expect(rows.get(3)).toMatchObject({ action: 'create', changes: { name: { new: '=SUM(1,2)' } } });
  }, 300_000);

  it('refuses a non-member (403), a zip bomb, a million empty rows and a non-sheet (422), 20 MB (413)', async () => {
    expect((await upload({ document_id: String(doc.id) }, csv([['name'], ['x']]), 'a.csv', bob)).statusCode).toBe(403);
    const book = new ExcelJS.Workbook();
    book.addWorksheet('S').addRow(['name']);
    const files = unzipSync(new Uint8Array(await book.xlsx.writeBuffer()));
    const sheetPath = Object.keys(files).find((p) => p.startsWith('xl/worksheets/sheet'))!;
    const xml = new TextDecoder().decode(files[sheetPath]);
    const empty = '<row/>'.repeat(1_000_000);
    const million = zipSync({ ...files, [sheetPath]: strToU8(xml.replace('</sheetData>', `${empty}</sheetData>`)) });
    const bomb = zipSync({ ...files, [sheetPath]: new Uint8Array(200 * 1024 * 1024) }, { level: 1 });
    for (const data of [million, bomb, Buffer.from([0, 1, 2, 3, 0xff, 0xfe])]) {
      const res = await upload({ document_id: String(doc.id) }, Buffer.from(data));
      expect(res.statusCode).toBe(422);
      expect(res.data.errors.file).toBeDefined();
    }
    const big = await upload({ document_id: String(doc.id) }, Buffer.alloc(21 * 1024 * 1024, 0x61));
    expect(big.statusCode).toBe(413);
  }, 300_000);
});

describe('documents/importxlsx with project_id: another tool’s sheet', () => {
  const made = async (data: Buffer, name: string) => {
    const res = await upload({ project_id: String(project.id) }, data, name);
    expect(res.statusCode).toBe(200);
    const document = res.data.data.documents[0];
    const requirements: {
      name: string;
      description: string;
      status: number;
      attributes: Record<string, string>;
      parents: { id: number }[];
    }[] = await w.ok('GET', `/api/documents/requirements/${document.id}`);
    return { document, requirements };
  };

  it('ReqView (CSV: ID, Heading, Text, Status, Parent, and its own columns)', async () => {
    const { requirements } = await made(
      csv([
        ['ID', 'Heading', 'Text', 'Status', 'Priority', 'Parent'],
        ['SRS-1', 'Braking', 'The car shall stop.\nQuickly.', 'Approved', 'High', ''],
        ['SRS-2', 'ABS', 'Wheels "shall" not lock', 'Draft', 'Low', 'SRS-1'],
      ]),
      'ReqView export.csv',
    );
    expect(requirements.map((r) => r.name)).toEqual(['Braking', 'ABS']);
    expect(requirements[0]!.attributes).toMatchObject({ Priority: 'High', Status: 'Approved', ID: 'SRS-1' });
    expect(requirements[1]!.status).toBe(0);
    // The product links only requirements of different documents: the sheet's own Parent is kept as read.
    expect(requirements[1]!.attributes).toMatchObject({ Parent: 'SRS-1' });
  }, 300_000);

  it('Jama (xlsx: ID, Global ID, Name, Description, Status, Item Type)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Jama');
    sheet.addRow(['ID', 'Global ID', 'Name', 'Description', 'Status', 'Item Type']);
    sheet.addRow(['SYS-1', 'GID-77', 'Range', 'At least 300 km', 'Validated', 'System Requirement']);
    const { requirements } = await made(Buffer.from(await book.xlsx.writeBuffer()), 'jama.xlsx');
    expect(requirements[0]).toMatchObject({ name: 'Range', status: 3 });
    expect(requirements[0]!.attributes).toMatchObject({ 'Global ID': 'GID-77', 'Item Type': 'System Requirement' });
  }, 300_000);

  it('Polarion (xlsx: ID, Title, Description, Status, Severity), and French headers', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Polarion');
    sheet.addRow(['ID', 'Title', 'Description', 'Status', 'Severity']);
    sheet.addRow(['DRV-12', 'Lane keeping', 'Keeps the lane', 'draft', 'must_have']);
    const { requirements } = await made(Buffer.from(await book.xlsx.writeBuffer()), 'polarion.xlsx');
    expect(requirements[0]).toMatchObject({ name: 'Lane keeping', status: 0 });
    expect(requirements[0]!.attributes).toMatchObject({ Severity: 'must_have' });
    const fr = await made(
      csv(
        [
          ['Identifiant', 'Titre', 'Texte', 'Statut'],
          ['E-1', 'Freinage', 'Le véhicule doit freiner', 'Validée'],
        ],
        ';',
      ),
      'exigences.csv',
    );
    expect(fr.requirements[0]).toMatchObject({ name: 'Freinage', status: 3 });
  }, 300_000);
});

describe('documents/importxlsx with project_id and dry_run: a new document, planned then applied', () => {
  const structure = () =>
    t.ctx.db.select({ id: documents.id }).from(documents).where(eq(documents.projectId, project.id));
  const dryRun = (data: Buffer, name: string, who = alice) =>
    upload({ project_id: String(project.id), dry_run: 'true' }, data, name, who);
  const apply = (plan: string, rows: number[], who = alice) =>
    who.agent.post('/api/documents/importxlsx/apply', { plan_id: plan, rows });

  it('answers the rows as they would be created, with errors by row and column, and changes nothing', async () => {
    const before = await structure();
    const res = await dryRun(
      csv([
        ['ID', 'Heading', 'Text', 'Status', 'Priority', 'Parent'],
        ['SRS-1', 'Braking', 'The car shall stop.', 'Validated', 'High', ''],
        ['SRS-2', 'ABS', 'Wheels shall not lock', 'Draft', 'Low', 'SRS-1'],
        ['SRS-3', 'Odd', '', 'Nearly done', '', ''],
        ['SRS-4', '', 'No name', '', '', ''],
        ['SRS-5', 'Dup A', '', '', '', ''],
        ['SRS-5', 'Dup B', '', '', '', ''],
        ['SRS-6', 'Orphan', '', '', '', 'SRS-99'],
      ]),
      'Plan export.csv',
    );
    expect(res.statusCode).toBe(200);
    const data = res.data.data as {
      plan_id: string;
      document_id: null;
      document_name: string;
      rows: SpreadsheetPlanRow[];
    };
    expect(data).toMatchObject({ document_id: null, document_name: 'Plan export' });
    const rows = byRow(data.rows);
    expect(rows.get(2)).toMatchObject({ action: 'create', changes: { name: { old: '', new: 'Braking' } } });
    expect(rows.get(2)!.changes).toMatchObject({ Priority: { new: 'High' }, ID: { new: 'SRS-1' } });
    expect(rows.get(3)).toMatchObject({ action: 'create', changes: { Parent: { new: 'SRS-1' } } });
    const errs = (row: number) => rows.get(row)!.errors!.map((e) => `${e.column}:${e.code}:${e.value}`);
    expect(errs(4)).toEqual(['Status:unknown_status:Nearly done']);
    expect(errs(5)).toEqual(['Heading:required:']);
    expect(errs(6)).toEqual(['ID:duplicate_id:SRS-5']);
    expect(errs(7)).toEqual(['ID:duplicate_id:SRS-5']);
    expect(errs(8)).toEqual(['Parent:unknown_reference:SRS-99']);
    expect(await structure()).toEqual(before);

    // A row in error cannot be applied; another caller cannot apply the plan; then the chosen rows, once.
    expect((await apply(data.plan_id, [4])).statusCode).toBe(422);
    expect((await apply(data.plan_id, [2], bob)).statusCode).toBeGreaterThanOrEqual(403);
    // The parent row left out: its child is created, its Parent kept as the text read.
    const applied = await apply(data.plan_id, [3]);
    expect(applied.statusCode).toBe(200);
    expect(applied.data.data).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    const made: { name: string; attributes: Record<string, string> }[] = await w.ok(
      'GET',
      `/api/documents/requirements/${applied.data.data.document_id}`,
    );
    expect(made.map((r) => r.name)).toEqual(['ABS']);
    expect(made[0]!.attributes).toMatchObject({ Parent: 'SRS-1', Priority: 'Low', ID: 'SRS-2' });
    expect((await apply(data.plan_id, [2])).statusCode).toBe(404);
  }, 300_000);

  it('another member’s plan and an expired plan are 404', async () => {
    const carol = await t.signUp();
    const full = project as unknown as { slug: string; join_token: string };
    const joined = await carol.agent.post(`/api/projects/join/${alice.username}/${full.slug}`, {
      token: full.join_token,
    });
    expect(joined.statusCode).toBeLessThan(300);
    const sheet = csv([['Name'], ['One']]);
    const mine = (await dryRun(sheet, 'one.csv')).data.data.plan_id as string;
    expect((await apply(mine, [2], carol)).statusCode).toBe(404);
    await t.ctx.db
      .update(spreadsheetPlans)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(spreadsheetPlans.id, mine));
    expect((await apply(mine, [2])).statusCode).toBe(404);
  }, 300_000);

  it('French headers and « Validée »', async () => {
    const res = await dryRun(
      csv(
        [
          ['Identifiant', 'Titre', 'Texte', 'Statut'],
          ['E-1', 'Freinage', 'Le véhicule doit freiner', 'Validée'],
        ],
        ';',
      ),
      'exigences.csv',
    );
    expect(res.statusCode).toBe(200);
    expect(res.data.data.rows[0]).toMatchObject({ row: 2, action: 'create' });
    const applied = await apply(res.data.data.plan_id, [2]);
    expect(applied.statusCode).toBe(200);
    const made: { name: string; status: number; description: string }[] = await w.ok(
      'GET',
      `/api/documents/requirements/${applied.data.data.document_id}`,
    );
    expect(made).toMatchObject([{ name: 'Freinage', status: 3, description: '<p>Le véhicule doit freiner</p>' }]);
  }, 300_000);
});
