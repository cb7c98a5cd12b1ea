import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { auditEntries } from '../../db/schema';
import type { SignedUp } from '../../test/harness';
import { joinAs } from '../../test/members';
import { useWorkingArea } from '../../test/working-area';

// A baseline's two Word files (decisions §22): the link, then the .docx it opens once.

const s = useWorkingArea();

/** URS ← SRS; baseline V1; then Alpha renamed, Beta deleted, Gamma added; baseline V2; then Alpha renamed again. */
async function setUp() {
  const { w } = s;
  const project = await w.project();
  const urs = await w.document(project.id, 'URS');
  const srs = await w.document(project.id, 'SRS', [urs.id]);
  const need = await w.requirement(urs.id, 'Need', (await w.category(urs.id, 'GEN')).id);
  // The Word export leaves out requirements without a category.
  const cat = await w.category(srs.id, 'INT');
  const a = await w.requirement(srs.id, 'Alpha opens', cat.id);
  const b = await w.requirement(srs.id, 'Beta', cat.id);
  await w.ok('PUT', `/api/requirements/${a.id}`, { parents_id: [need.id] });
  const v1 = await w.ok('POST', '/api/baselines', { project_id: project.id, name: 'V1' });
  const ursOnly = await w.ok('POST', '/api/baselines', { project_id: project.id, name: 'U', document_ids: [urs.id] });
  await w.ok('PUT', `/api/requirements/${a.id}`, { name: 'Alpha valve opens' });
  await w.ok('DELETE', `/api/requirements/${b.id}`);
  const c = await w.requirement(srs.id, 'Gamma', cat.id);
  await w.ok('PUT', `/api/requirements/${c.id}`, { parents_id: [need.id] });
  const v2 = await w.ok('POST', '/api/baselines', { project_id: project.id, name: 'V2' });
  await w.ok('PUT', `/api/requirements/${a.id}`, { name: 'Alpha valve closes' });
  return { project, urs, srs, need, a, b, c, v1, v2, ursOnly };
}

/** Asks for the link, follows it, and opens the .docx's body; the link opens once. */
async function download(user: SignedUp, path: string) {
  const link = await user.agent.get(path);
  expect(link.statusCode, link.body).toBe(200);
  const url: string = link.data.url;
  expect(url).toMatch(/^\/api\/downloads\/[A-Za-z0-9_-]{40,}$/);
  const file = await user.agent.get(url);
  expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
  expect(file.headers['content-type']).toContain('wordprocessingml.document');
  expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  expect((await user.agent.get(url)).statusCode).toBe(404);
  const xml = strFromU8(unzipSync(new Uint8Array(file.rawPayload))['word/document.xml']!);
  return { xml, disposition: String(file.headers['content-disposition']) };
}

/** The texts of a body's insertions and deletions. */
const tracked = (xml: string, tag: 'w:ins' | 'w:del') =>
  [...xml.matchAll(new RegExp(`<${tag} [^>]*>([\\s\\S]*?)</${tag}>`, 'g'))]
    .map((m) => [...m[1]!.matchAll(/<w:(?:t|delText)[^>]*>([^<]*)</g)].map((t) => t[1]).join(''))
    .join('|');

const exportsOf = async (projectId: number) =>
  s.t.ctx.db
    .select({ entityId: auditEntries.entityId, documentId: auditEntries.documentId, changes: auditEntries.changes })
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.projectId, projectId),
        eq(auditEntries.action, 'exported'),
        eq(auditEntries.entityType, 'baseline'),
      ),
    );

describe('a baseline’s Word files', () => {
  it('report a comparison with now as tracked changes, authored by who made them, and record the export', async () => {
    const { project, srs, v1 } = await setUp();
    const { xml, disposition } = await download(s.user, `/api/baselines/comparereport/${v1.id}?document_id=${srs.id}`);
    expect(disposition).toContain('V1');
    expect(tracked(xml, 'w:ins')).toContain('closes');
    expect(tracked(xml, 'w:ins')).toContain('Gamma');
    expect(tracked(xml, 'w:del')).toContain('opens');
    expect(tracked(xml, 'w:del')).toContain('Beta');
    // The rename is its last editor's; nothing in this file is the application's but the links.
    expect(xml).toMatch(new RegExp(`<w:ins [^>]*w:author="${s.user.name}"`));
    expect(await exportsOf(project.id)).toEqual([
      { entityId: v1.id, documentId: srs.id, changes: { format: { new: 'redline' }, to: { new: null } } },
    ]);
  });

  it('report a comparison of two baselines, over all their documents', async () => {
    const { need, v1, v2 } = await setUp();
    const { xml } = await download(s.user, `/api/baselines/comparereport/${v1.id}?to=${v2.id}`);
    // The link added to Gamma names its parent, which did not change, by its reference as kept.
    expect(tracked(xml, 'w:ins')).toContain(need.reference);
    expect(xml).toContain('V1');
    expect(xml).toContain('V2');
    expect(tracked(xml, 'w:ins')).toContain('valve');
    expect(tracked(xml, 'w:ins')).not.toContain('closes');
    expect(tracked(xml, 'w:del')).toContain('Beta');
  });

  it('export a document as the baseline kept it, for a viewer too', async () => {
    const { project, srs, need, v1 } = await setUp();
    const viewer = await s.t.signUp();
    await joinAs(s.t, s.user, project, viewer, 'viewer');
    const { xml } = await download(viewer, `/api/baselines/exportmsword/${v1.id}?document_id=${srs.id}`);
    expect(xml).toContain('Alpha opens');
    expect(xml).toContain('Beta');
    expect(xml).not.toContain('valve');
    expect(xml).not.toContain('Gamma');
    // The traceability names the parent kept with it.
    expect(need.reference).toBeTruthy();
    expect(xml).toContain(need.reference);
    const entries = await exportsOf(project.id);
    expect(entries).toEqual([{ entityId: v1.id, documentId: srs.id, changes: { format: { new: 'msword' } } }]);
  });

  it('refuse a document the baseline did not keep, an unknown baseline, and a `to` of another project', async () => {
    const { srs, v1, ursOnly } = await setUp();
    const other = await setUp();
    const get = (path: string) => s.user.agent.get(path);
    expect((await get(`/api/baselines/exportmsword/${ursOnly.id}?document_id=${srs.id}`)).statusCode).toBe(404);
    expect((await get(`/api/baselines/comparereport/${ursOnly.id}?document_id=${srs.id}`)).statusCode).toBe(404);
    expect((await get(`/api/baselines/exportmsword/99999999?document_id=${srs.id}`)).statusCode).toBe(404);
    expect((await get(`/api/baselines/comparereport/99999999`)).statusCode).toBe(404);
    expect((await get(`/api/baselines/comparereport/${v1.id}?to=99999999`)).statusCode).toBe(404);
    const foreign = await get(`/api/baselines/comparereport/${v1.id}?to=${other.v1.id}`);
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.data.errors)).toEqual(['to']);
    const missing = await get(`/api/baselines/exportmsword/${v1.id}`);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.data.errors)).toEqual(['document_id']);
    // A link made for one user opens for nobody else, and not once its baseline is gone.
    const url: string = (await get(`/api/baselines/exportmsword/${v1.id}?document_id=${srs.id}`)).data.url;
    const stranger = await s.t.signUp();
    expect((await stranger.agent.get(url)).statusCode).toBe(404);
    const later: string = (await get(`/api/baselines/comparereport/${v1.id}`)).data.url;
    expect((await s.user.agent.delete(`/api/baselines/${v1.id}`)).statusCode).toBe(204);
    expect((await s.user.agent.get(later)).statusCode).toBe(404);
  });
});
