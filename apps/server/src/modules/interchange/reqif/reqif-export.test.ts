import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { asc, eq } from 'drizzle-orm';
import { documents } from '../../../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_COLORS, type ImportAnswer } from '@reqloom/domain';
import { expectedCounts, fixture, FIXTURES_DIR, hasFixtures } from '../../../test/fixtures';
import { createTestApp, type SignedUp, type TestApp } from '../../../test/harness';
import { png } from '../../../test/images';
import type { FormPart } from '../../../test/multipart';
import { workingArea } from '../../../test/working-area';

// The ReqIF export validated by the official schema (xmllint, offline through the catalog beside it; CI installs
// libxml2-utils), and read back by the import: the same documents, categories, names, descriptions, statuses,
// tags, attributes and links.

let t: TestApp;
let alice: SignedUp;
let stranger: SignedUp;
let w: ReturnType<typeof workingArea>;
// EXPORT_PREVIEW_DIR keeps the exported files there, to look into.
const keep = process.env.EXPORT_PREVIEW_DIR;
const dir = keep
  ? (fs.mkdirSync(keep, { recursive: true }), keep)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'reqloom-reqif-'));

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  stranger = await t.signUp();
  w = workingArea(alice);
});
afterAll(async () => {
  await t.close();
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
});

const SCHEMA = path.join(FIXTURES_DIR, 'reqif-schema');

/** xmllint's verdict on a .reqif; throws with its complaints when it does not validate. */
function validate(xml: Buffer, name: string): void {
  const file = path.join(dir, `${name}.reqif`);
  fs.writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--nonet', '--noout', '--schema', path.join(SCHEMA, 'reqif.xsd'), file], {
      env: { ...process.env, XML_CATALOG_FILES: path.join(SCHEMA, 'catalog.xml') },
      stdio: 'pipe',
    });
  } catch (error) {
    const e = error as { stderr?: Buffer; message: string };
    const complaints = (e.stderr?.toString() ?? e.message)
      .split('\n')
      .filter((line) => line.trim() && !line.includes('parser warning') && !line.includes('Skipping import'));
    throw new Error(`${name} does not validate:\n${complaints.slice(0, 20).join('\n')}`, { cause: error });
  }
}

const importReqif = (projectId: number, data: Buffer, name = 'file.reqif') => {
  const parts: FormPart[] = [
    { name: 'project_id', value: String(projectId) },
    { name: 'file', filename: name, type: 'application/octet-stream', data },
  ];
  return alice.agent.upload('/api/documents/importreqif', parts);
};

async function exportReqif(documentId: number) {
  const link = await alice.agent.get(`/api/documents/exportreqif/${documentId}`);
  expect(link.statusCode).toBe(200);
  const file = await alice.agent.get(link.data.url);
  expect(file.statusCode).toBe(200);
  return { link: link.data.url as string, file };
}

type Req = {
  id: number;
  name: string;
  description: string;
  status: number;
  category_id: number | null;
  tags: { title: string; classifier_id: number }[];
  attributes: Record<string, string>;
  parents: { id: number }[];
};
type Cat = { id: number; name: string; parent_id: number | null; description: string };

/** What a project holds, by names and paths rather than ids, to compare two imports. */
async function snapshot(projectId: number) {
  const ids = await t.ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.projectId, projectId))
    .orderBy(asc(documents.name));
  const docs: { id: number; name: string; parents: number[] }[] = [];
  for (const { id } of ids) docs.push(await w.ok('GET', `/api/documents/${id}`));
  const out: Record<string, unknown> = {};
  const referenceOf = new Map<number, string>();
  const images = (html: string) => html.replace(/\/api\/attachments\/[A-Za-z0-9_-]+\.(png|jpg|gif|webp)/g, 'IMAGE.$1');
  const all: { doc: string; requirements: Req[] }[] = [];
  for (const doc of docs) {
    const categories: Cat[] = await w.ok('GET', `/api/documents/categories/${doc.id}`);
    const requirements: Req[] = await w.ok('GET', `/api/documents/requirements/${doc.id}`);
    const classifiers: { id: number; name: string; multiselect: boolean; tags: { title: string }[] }[] = await w.ok(
      'GET',
      `/api/documents/classifiers/${doc.id}`,
    );
    const classifierName = new Map(classifiers.map((c) => [c.id, c.name]));
    const pathOf = (id: number | null): string => {
      if (id === null) return '';
      const c = categories.find((x) => x.id === id)!;
      return `${pathOf(c.parent_id)}/${c.name}`;
    };
    requirements.forEach((r, i) => referenceOf.set(r.id, `${doc.name}#${i}`));
    all.push({ doc: doc.name, requirements });
    out[doc.name] = {
      parents: doc.parents.map((id) => docs.find((d) => d.id === id)?.name),
      categories: categories.map((c) => ({ path: pathOf(c.id), description: images(c.description) })),
      classifiers: classifiers.map((c) => ({
        name: c.name,
        multiselect: c.multiselect,
        tags: c.tags.map((x) => x.title),
      })),
      requirements: requirements.map((r) => ({
        name: r.name,
        category: pathOf(r.category_id),
        description: images(r.description),
        status: r.status,
        tags: r.tags.map((tag) => `${classifierName.get(tag.classifier_id)}:${tag.title}`).sort(),
        attributes: r.attributes,
      })),
    };
  }
  out.links = all
    .flatMap(({ requirements }) =>
      requirements.flatMap((r) => r.parents.map((p) => `${referenceOf.get(p.id)} > ${referenceOf.get(r.id)}`)),
    )
    .sort();
  return out;
}

describe.skipIf(!hasFixtures)('ReqIF export', () => {
  const files = hasFixtures ? Object.keys(expectedCounts().reqif) : [];

  it.each(files)('%s: imported, exported, valid, and imported again the same', async (file) => {
    const first = await w.project();
    const imported = await importReqif(first.id, fixture(file), path.basename(file));
    expect(imported.statusCode, imported.body).toBe(201);
    const documentId = (imported.data as ImportAnswer).data.documents[0]!.id;
    const { file: exported } = await exportReqif(documentId);
    const zipped = exported.rawPayload[0] === 0x50;
    const xml = zipped
      ? Buffer.from(Object.entries(unzipSync(exported.rawPayload)).find(([name]) => name.endsWith('.reqif'))![1])
      : exported.rawPayload;
    validate(xml, path.basename(file));

    const second = await w.project();
    const again = await importReqif(second.id, exported.rawPayload, 'again.reqif');
    expect(again.statusCode, again.body).toBe(201);
    expect(await snapshot(second.id)).toEqual(await snapshot(first.id));
  });
});

describe.skipIf(!hasFixtures)('ReqIF export of a Reqloom document', () => {
  it('writes the hierarchy, every rich-text element, statuses, tags and links, and reads them back', async () => {
    const project = await w.project();
    const parent = await w.document(project.id, 'SYS');
    const child = await w.document(project.id, 'SW', [parent.id]);
    const chapter = await w.category(child.id, 'INT');
    const section = await w.category(child.id, 'VAL', chapter.id);
    const upload = await alice.agent.upload('/api/attachments', [
      { name: 'project_id', value: String(project.id) },
      { name: 'attachment', filename: 'd.png', type: 'image/png', data: png() },
    ]);
    const image = `/api/attachments/${upload.data.fileName}`;
    const rich = [
      '<p>The valve <strong>shall</strong> close in <em>under</em> <u>two</u> <s>three</s> <mark>seconds</mark>, ',
      'see <code>VALVE_CLOSE</code> and <a href="https://example.com/spec">the spec</a> &amp; &lt;this&gt;.</p>',
      '<h2>Conditions</h2><ul><li><p>One</p><ul><li><p>Nested</p></li></ul></li></ul><ol><li><p>Step</p></li></ol>',
      '<table><tbody><tr><th colspan="2"><p>Mode</p></th></tr><tr><td><p>A</p></td><td><p>B</p></td></tr></tbody></table>',
      '<pre><code>close(valve);\n  wait(2000);</code></pre><blockquote><p>Quoted</p></blockquote><hr>',
      `<img src="${image}" alt="Valve">`,
    ].join('');
    const high = await w.requirement(parent.id, 'High level');
    const valve = await w.ok('POST', '/api/requirements', {
      document_id: child.id,
      category_id: section.id,
      name: 'Valve closes « vite » 🚀',
      description: rich,
    });
    await w.requirement(child.id, 'At the root');
    await w.ok('PUT', `/api/requirements/${valve.id}`, { status: 2, parents_id: [high.id] });
    const kind = await w.ok('POST', '/api/classifiers', {
      document_id: child.id,
      name: 'Kind',
      multiselect: false,
      tags: [{ title: 'Safety', color: TAG_COLORS[0] }],
    });
    expect(kind.tags).toHaveLength(1);
    await w.ok('PUT', `/api/requirements/${valve.id}`, { tags_id: [kind.tags[0].id] });

    const { link, file } = await exportReqif(child.id);
    expect(file.headers['content-disposition']).toContain('.reqifz');
    const entries = unzipSync(file.rawPayload);
    const reqif = Object.entries(entries).find(([name]) => name.endsWith('.reqif'))!;
    expect(Object.keys(entries).some((name) => name.startsWith('images/') && name.endsWith('.png'))).toBe(true);
    const xml = Buffer.from(reqif[1]);
    validate(xml, 'native');
    expect(xml.toString()).toContain('<xhtml:span style="text-decoration: underline">two</xhtml:span>');
    expect(xml.toString()).toContain('SW_INT_VAL_001');
    // The link works once.
    expect((await alice.agent.get(link)).statusCode).toBe(404);

    const again = await w.project();
    const res = await importReqif(again.id, file.rawPayload, 'native.reqifz');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.data.report.skipped).toEqual([]);
    expect(await snapshot(again.id)).toEqual(await snapshot(project.id));
  });

  it('is for members only: a stranger gets no link', async () => {
    const project = await w.project();
    const doc = await w.document(project.id, 'DOC');
    const res = await stranger.agent.get(`/api/documents/exportreqif/${doc.id}`);
    expect([403, 404]).toContain(res.statusCode);
  });
});
