import { zipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportAnswer } from '@reqloom/domain';
import { documents } from '../../../db/schema';
import { expectedCounts, fixture, hasFixtures } from '../../../test/fixtures';
import { createTestApp, type SignedUp, type TestApp } from '../../../test/harness';
import { png } from '../../../test/images';
import type { FormPart } from '../../../test/multipart';
import { workingArea } from '../../../test/working-area';

let t: TestApp;
let alice: SignedUp;
let stranger: SignedUp;
let w: ReturnType<typeof workingArea>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  stranger = await t.signUp();
  w = workingArea(alice);
});
afterAll(async () => {
  await t.close();
});

const form = (projectId: number, data: Buffer, name = 'file.reqif'): FormPart[] => [
  { name: 'project_id', value: String(projectId) },
  { name: 'file', filename: name, type: 'application/octet-stream', data },
];
const importReqif = (who: SignedUp, projectId: number, data: Buffer, name?: string) =>
  who.agent.upload('/api/documents/importreqif', form(projectId, data, name));

type Req = {
  id: number;
  name: string;
  description: string;
  category_id: number | null;
  attributes: Record<string, string>;
  tags: { title: string }[];
  status: number;
};
type Cat = { id: number; name: string; parent_id: number | null };

async function contents(documentId: number) {
  const categories: Cat[] = await w.ok('GET', `/api/documents/categories/${documentId}`);
  const requirements: Req[] = await w.ok('GET', `/api/documents/requirements/${documentId}`);
  return { categories, requirements };
}

const minimal = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><REQ-IF xmlns="http://www.omg.org/spec/ReqIF/20110401/reqif.xsd" xmlns:xhtml="http://www.w3.org/1999/xhtml">${body}</REQ-IF>`;

describe.skipIf(!hasFixtures)('POST documents/importreqif on the fixtures', () => {
  const counts = hasFixtures ? expectedCounts().reqif : {};
  const files = Object.keys(counts);

  it('knows the 8 fixture files', () => {
    expect(files).toHaveLength(8);
  });

  it.each(files)('%s: every specification a document, every node a category or a requirement', async (file) => {
    const expected = counts[file]!;
    const project = await w.project();
    const res = await importReqif(alice, project.id, fixture(file), file.split('/').pop());
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.data as ImportAnswer;
    expect(answer.data.documents).toHaveLength(expected.specifications.length);
    expect(answer.projectDocuments.map((d) => d.id).sort()).toEqual(answer.data.documents.map((d) => d.id).sort());
    const { created, skipped } = answer.data.report;
    expect(created.documents).toBe(expected.specifications.length);

    let nodes = 0;
    let made = 0;
    for (const [i, spec] of expected.specifications.entries()) {
      const document = answer.data.documents[i]!;
      if (spec['LONG-NAME']) expect(document.name).toBe(spec['LONG-NAME']);
      const { categories, requirements } = await contents(document.id);
      made += categories.length + requirements.length;
      nodes += spec.hierarchy_nodes - spec.nodes_referencing_missing_object;
    }
    expect(made).toBe(nodes);
    expect(created.categories + created.requirements).toBe(nodes);
    const missing = expected.specifications.reduce((n, s) => n + s.nodes_referencing_missing_object, 0);
    expect(skipped.filter((s) => s.reason.includes('does not hold')).length).toBe(missing);
    // Every relation a link or a reported skip.
    const linkSkips = skipped.filter((s) => /link/i.test(s.reason)).length;
    expect(created.links + linkSkips).toBe(expected.spec_relations);
  });

  it('fmStudio: the 9 "realizes" relations link the two documents parent to child', async () => {
    const project = await w.project();
    const res = await importReqif(alice, project.id, fixture('reqif/fmstudio_traceability_template.reqif'));
    const [requirementsDoc, systemDoc] = (res.data as ImportAnswer).data.documents;
    expect(res.data.data.report.created.links).toBe(9);
    expect(systemDoc!.parents).toEqual([requirementsDoc!.id]);
    const links: { parent_id: number; child_id: number }[] = await w.ok(
      'GET',
      `/api/projects/requirementlinks/${project.id}`,
    );
    expect(links).toHaveLength(9);
    const system = await contents(systemDoc!.id);
    const childIds = new Set(system.requirements.map((r) => r.id));
    expect(links.every((l) => childIds.has(l.child_id))).toBe(true);
  });

  it('ReqIF Studio: survives the undefined relation type and the node without its object, and says so', async () => {
    const project = await w.project();
    const res = await importReqif(alice, project.id, fixture('reqif/reqif_studio_anonymized.reqif'));
    expect(res.statusCode).toBe(201);
    const report = (res.data as ImportAnswer).data.report;
    expect(report.skipped.some((s) => s.reason.includes('does not hold'))).toBe(true);
    // Its 14 relations are within the one document: reported, none made.
    expect(report.created.links).toBe(0);
    expect(report.skipped.filter((s) => /link/i.test(s.reason))).toHaveLength(14);
  });

  it('ProR: Title and Description by meaning, the ID kept, used enumeration values as tags', async () => {
    const project = await w.project();
    const res = await importReqif(alice, project.id, fixture('reqif/pror_rmf_software_requirements_spec.reqif'));
    const document = (res.data as ImportAnswer).data.documents[0]!;
    const { requirements } = await contents(document.id);
    const withId = requirements.filter((r) => r.attributes.ID);
    expect(withId.length).toBeGreaterThan(20);
    expect(withId.every((r) => /^sws_/.test(r.attributes.ID!))).toBe(true);
    expect(requirements.every((r) => r.name.length > 0 && !r.name.startsWith('rmf-'))).toBe(true);
    expect(requirements.some((r) => r.description.length > 10)).toBe(true);
    const classifiers: { name: string; tags: { title: string }[] }[] = await w.ok(
      'GET',
      `/api/documents/classifiers/${document.id}`,
    );
    expect(classifiers.map((c) => c.name).sort()).toEqual(['Author', 'Status']);
    expect(res.data.data.report.created.tags).toBe(2);
    expect(requirements.filter((r) => r.tags.length > 0).length).toBeGreaterThan(0);
  });

  it('TC1200: the XHTML formatting survives as sanitised rich text', async () => {
    const project = await w.project();
    const res = await importReqif(alice, project.id, fixture('reqif/rmf_tc1200_xhtml_formatting.reqif'));
    const { requirements } = await contents((res.data as ImportAnswer).data.documents[0]!.id);
    const all = requirements.map((r) => r.description).join('\n');
    for (const tag of [
      '<table>',
      '<th',
      '<td',
      '<ul>',
      '<ol',
      '<li>',
      '<sub>',
      '<sup>',
      '<pre>',
      '<blockquote>',
      '<h1>',
      '<a href',
      '<strong>',
      '<em>',
      '<s>',
    ]) {
      expect(all, tag).toContain(tag);
    }
    expect(all).toContain('rowspan="');
    expect(all).not.toMatch(/xhtml:|<div|<object|style=/);
    expect(requirements.every((r) => r.attributes['TC1200 AttributeDefinitionString'])).toBe(true);
  });

  it('DOORS .reqifz: the PNG preview of the OLE object is kept as an image, the OLE reported', async () => {
    const project = await w.project();
    const res = await importReqif(alice, project.id, fixture('reqif/doors9_spielwiese_ole.reqifz'), 'x.reqifz');
    expect(res.statusCode).toBe(201);
    const answer = res.data as ImportAnswer;
    expect(answer.data.report.created.images).toBe(1);
    expect(answer.data.report.skipped.some((s) => s.what.endsWith('.ole'))).toBe(true);
    const { categories, requirements } = await contents(answer.data.documents[0]!.id);
    expect(categories.map((c) => c.name)).toEqual(['Überschrift 1']);
    const withImage = requirements.find((r) => r.description.includes('<img'))!;
    const src = /src="([^"]+)"/.exec(withImage.description)![1]!;
    const image = await alice.agent.get(src);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(requirements.every((r) => r.attributes['ReqIF.ForeignID'])).toBe(true);
  });

  it('Polarion: the invalid dates are kept as text, the headings told apart by type', async () => {
    const project = await w.project();
    const res = await importReqif(alice, project.id, fixture('reqif/polarion_srs_anonymized.reqif'));
    const { categories, requirements } = await contents((res.data as ImportAnswer).data.documents[0]!.id);
    expect(requirements).toHaveLength(58);
    expect(categories).toHaveLength(43);
    expect(requirements[0]!.attributes['ReqIF.ForeignCreatedOn']).toBe('aaa');
  });
});

describe('POST documents/importreqif refuses what it cannot read, and creates nothing', () => {
  let projectId: number;
  beforeAll(async () => {
    projectId = (await w.project()).id;
  });
  const documentCount = async () =>
    (await t.ctx.db.select().from(documents).where(eq(documents.projectId, projectId))).length;

  it.each([
    ['broken XML', Buffer.from(minimal('<CORE-CONTENT><REQ-IF-CONTENT>'))],
    ['XML that is not ReqIF', Buffer.from('<?xml version="1.0"?><html><body/></html>')],
    ['an image', png()],
    ['an empty zip', Buffer.from(zipSync({ 'readme.txt': new TextEncoder().encode('hello') }))],
    ['a broken zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)])],
    [
      'an entity bomb',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><REQ-IF>&b;</REQ-IF>',
      ),
    ],
  ])('%s → 422 on file', async (_, data) => {
    const before = await documentCount();
    const res = await importReqif(alice, projectId, data);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.data.errors)).toEqual(['file']);
    expect(res.data.errors.file[0]).toMatch(/ReqIF/);
    expect(await documentCount()).toBe(before);
  });

  it('no file → 422, an unknown project → 404 or 403, a stranger → 403, without reading on', async () => {
    const none = await alice.agent.upload('/api/documents/importreqif', [
      { name: 'project_id', value: String(projectId) },
    ]);
    expect(none.statusCode).toBe(422);
    const file = Buffer.from(minimal(''));
    expect((await importReqif(stranger, projectId, file)).statusCode).toBe(403);
    expect([403, 404]).toContain((await importReqif(alice, 99_999_999, file)).statusCode);
    expect(await documentCount()).toBe(0);
  });

  it('a file past 20 MB → 413', async () => {
    const res = await importReqif(alice, projectId, Buffer.alloc(20 * 1024 * 1024 + 10, 32));
    expect(res.statusCode).toBe(413);
    expect(res.data.message).toMatch(/20 MB/);
  });
});
