import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TAG_COLORS, type BaselineComparison, type BaselinePresented } from '@reqloom/domain';
import { rowsOf } from '../../db/prepared';
import { joinAs } from '../../test/members';
import { setAlpha } from '../user/user-admin.service';
import { useWorkingArea, workingArea } from '../../test/working-area';
import { loadBaselineDocument } from './baselines.document';
import { compareBaselines } from './baselines.compare';

const s = useWorkingArea();

/** Two documents, SRS child of URS: categories, tags, a test, links. */
async function setUp() {
  const { w } = s;
  const project = await w.project();
  const urs = await w.document(project.id, 'URS');
  const srs = await w.document(project.id, 'SRS', [urs.id]);
  const top = await w.category(srs.id, 'INT');
  const sub = await w.category(srs.id, 'SUB', top.id);
  const need = await w.requirement(urs.id, 'Need');
  const a = await w.requirement(srs.id, 'Alpha', sub.id);
  const b = await w.requirement(srs.id, 'Beta');
  const c = await w.requirement(srs.id, 'Gamma', top.id);
  const kind = await w.ok('POST', '/api/classifiers', {
    document_id: srs.id,
    name: 'Kind',
    tags: [{ title: 'Safety', color: TAG_COLORS[0] }],
  });
  await w.ok('PUT', `/api/requirements/${a.id}`, { parents_id: [need.id], tags_id: [kind.tags[0].id] });
  await w.ok('PUT', `/api/requirements/${b.id}`, { parents_id: [need.id] });
  return { project, urs, srs, top, sub, need, a, b, c };
}

const create = (body: Record<string, unknown>) => s.user.agent.post('/api/baselines', body);
const count = async (table: string, projectId: number) =>
  Number(
    rowsOf<{ n: number }>(
      await s.t.ctx.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where project_id = ${projectId}`),
    )[0]!.n,
  );

describe('baselines', () => {
  it('keep the documents as they were: the requirements view of then, whatever changes after', async () => {
    const { project, srs, urs, a, b, need, sub } = await setUp();
    const live = (await s.w.ok('GET', `/api/documents/requirements/${srs.id}`)) as unknown[];
    const liveCategories = await s.w.ok('GET', `/api/documents/categories/${srs.id}`);
    const res = await create({ project_id: project.id, name: 'V1', description: 'First' });
    expect(res.statusCode).toBe(201);
    const baseline = res.data.data as BaselinePresented;
    expect(baseline).toMatchObject({
      project_id: project.id,
      name: 'V1',
      description: 'First',
      created_by: { id: s.user.id },
      documents: [
        { id: urs.id, name: 'Doc URS', acronym: 'URS' },
        { id: srs.id, name: 'Doc SRS', acronym: 'SRS' },
      ],
      counts: { documents: 2, categories: 2, requirements: 4, links: 2 },
    });
    const kept = await s.w.ok('GET', `/api/baselines/requirements/${baseline.id}?document_id=${srs.id}`);
    expect(kept).toEqual(live);

    // Changes after: a rename (the link to Need turns stale: Need changes), a deletion, a new requirement, an
    // acronym. The baseline does not move.
    await s.w.ok('PUT', `/api/requirements/${need.id}`, { name: 'Need, changed' });
    await s.w.ok('PUT', `/api/requirements/${a.id}`, { name: 'Alpha 2', status: 2 });
    await s.w.ok('DELETE', `/api/requirements/${b.id}`);
    await s.w.requirement(srs.id, 'Delta');
    await s.w.ok('PUT', `/api/documents/${srs.id}`, { name: 'Renamed' });
    await s.w.ok('PUT', `/api/categories/${sub.id}`, { name: 'Sub, renamed' });
    expect(await s.w.ok('GET', `/api/baselines/requirements/${baseline.id}?document_id=${srs.id}`)).toEqual(live);
    // Its categories as they were, in the live view's shape: the baseline's document view heads its rows with them.
    expect(await s.w.ok('GET', `/api/baselines/categories/${baseline.id}?document_id=${srs.id}`)).toEqual(
      liveCategories,
    );
    const one = await s.w.ok('GET', `/api/baselines/${baseline.id}`);
    expect(one.documents[1]).toEqual({ id: srs.id, name: 'Doc SRS', acronym: 'SRS' });
    // In reading order (decisions §6): the root's requirement, then INT's, then SUB's.
    expect((live as { name: string }[]).map((r) => r.name)).toEqual(['Beta', 'Gamma', 'Alpha']);
    const alpha = (live as { name: string; parents: unknown[]; tags: { title: string }[] }[])[2]!;
    expect(alpha.parents).toEqual([{ id: need.id, upToDate: true }]);
    expect(alpha.tags.map((t) => t.title)).toEqual(['Safety']);

    // The plain function the Word exports call gives the same, with the categories as they were.
    const doc = await loadBaselineDocument(s.t.ctx.db, baseline.id, srs.id);
    expect(doc?.document).toMatchObject({ name: 'Doc SRS', acronym: 'SRS' });
    expect(doc?.categories.map((c) => c.reference)).toEqual(['SRS_INT', 'SRS_INT_SUB']);
    expect(doc?.requirements).toEqual(live);
    // A document the baseline did not keep, an unknown baseline: 404.
    const other = await s.w.document(project.id, 'OTH');
    expect(
      (await s.user.agent.get(`/api/baselines/requirements/${baseline.id}?document_id=${other.id}`)).statusCode,
    ).toBe(404);
    expect((await s.user.agent.get(`/api/baselines/${baseline.id + 1000}`)).statusCode).toBe(404);
    expect((await s.user.agent.get(`/api/baselines/requirements/${baseline.id}`)).statusCode).toBe(422);
    expect(
      (await s.user.agent.get(`/api/baselines/categories/${baseline.id}?document_id=${other.id}`)).statusCode,
    ).toBe(404);
  });

  it('compare with now and with each other: added, removed, changed fields, links', async () => {
    const { project, srs, a, b, c, need, sub } = await setUp();
    const v1 = (await create({ project_id: project.id, name: 'V1', document_ids: [srs.id] })).data.data;
    expect(v1.counts).toEqual({ documents: 1, categories: 2, requirements: 3, links: 2 });
    const nothing = await s.w.ok('GET', `/api/baselines/compare/${v1.id}`);
    expect(nothing).toEqual({
      added: [],
      removed: [],
      changed: [],
      links: { added: [], removed: [] },
      counts: { added: 0, removed: 0, changed: 0 },
    });
    await s.w.ok('PUT', `/api/requirements/${a.id}`, { name: 'Alpha 2', tags_id: [] });
    await s.w.ok('PUT', `/api/requirements/${c.id}`, { status: 3, category_id: sub.id });
    await s.w.ok('DELETE', `/api/requirements/${b.id}`);
    const d = await s.w.requirement(srs.id, 'Delta');
    await s.w.ok('PUT', `/api/requirements/${d.id}`, { parents_id: [need.id] });
    // A comment changes the state kept (has_comments) but none of the fields compared: not listed.
    await s.w.ok('POST', `/api/requirements/comment/${a.id}`, { content: '<p>Hm</p>' });
    const now: BaselineComparison = await s.w.ok('GET', `/api/baselines/compare/${v1.id}`);
    expect(now.counts).toEqual({ added: 1, removed: 1, changed: 2 });
    expect(now.added.map((r) => [r.id, r.reference, r.name])).toEqual([[d.id, d.reference, 'Delta']]);
    expect(now.removed.map((r) => [r.id, r.name, r.category])).toEqual([[b.id, 'Beta', null]]);
    const changed = Object.fromEntries(now.changed.map((x) => [x.requirement.id, x.changes]));
    expect(changed[a.id]).toEqual({
      name: { before: 'Alpha', after: 'Alpha 2' },
      tags: { before: ['Safety'], after: [] },
    });
    expect(changed[c.id]).toEqual({
      status: { before: 0, after: 3 },
      category: { before: 'SRS_INT', after: 'SRS_INT_SUB' },
    });
    expect(now.links).toEqual({
      added: [{ parent_id: need.id, child_id: d.id }],
      removed: [{ parent_id: need.id, child_id: b.id }],
    });
    // A second baseline compared with the first says the same; with itself, nothing.
    const v2 = (await create({ project_id: project.id, name: 'V2', document_ids: [srs.id] })).data.data;
    const between = await s.w.ok('GET', `/api/baselines/compare/${v1.id}?to=${v2.id}&document_id=${srs.id}`);
    expect(between).toEqual(now);
    expect(await compareBaselines(s.t.ctx.db, v2.id, v2.id)).toEqual(nothing);
    // Unknown `to`: 404; a baseline of another project: 422 on `to`.
    expect((await s.user.agent.get(`/api/baselines/compare/${v1.id}?to=${v2.id + 999}`)).statusCode).toBe(404);
    const elsewhere = await s.w.project('Elsewhere');
    const foreign = (await create({ project_id: elsewhere.id, name: 'F' })).data.data;
    const refused = await s.user.agent.get(`/api/baselines/compare/${v1.id}?to=${foreign.id}`);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.data.errors)).toEqual(['to']);
  });

  it('refuse a name taken whatever its case and a document of another project, changing nothing', async () => {
    const { project } = await setUp();
    const elsewhere = await s.w.project('Elsewhere');
    const foreignDoc = await s.w.document(elsewhere.id, 'FD');
    expect((await create({ project_id: project.id, name: 'Release 1' })).statusCode).toBe(201);
    const taken = await create({ project_id: project.id, name: 'RELEASE 1' });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.data.errors)).toEqual(['name']);
    const foreign = await create({ project_id: project.id, name: 'Other', document_ids: [foreignDoc.id] });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.data.errors)).toEqual(['document_ids.0']);
    expect((await create({ project_id: project.id, name: '' })).statusCode).toBe(422);
    // The same name in another project is fine.
    expect((await create({ project_id: elsewhere.id, name: 'release 1' })).statusCode).toBe(201);
    const list = await s.w.ok('GET', `/api/projects/baselines/${project.id}`);
    expect(list.map((b: BaselinePresented) => b.name)).toEqual(['Release 1']);
  });

  it('list newest first; a maintainer deletes one (204) and what no other baseline shares goes with it', async () => {
    const { project, a } = await setUp();
    const first = (await create({ project_id: project.id, name: 'One' })).data.data;
    const states = await count('baseline_states', project.id);
    const manifests = await count('baseline_manifests', project.id);
    expect([states, manifests]).toEqual([4, 2]);
    // Nine more of the unchanged project: no new state, no new manifest.
    for (let n = 2; n <= 10; n++) await create({ project_id: project.id, name: `B${n}` });
    expect([await count('baseline_states', project.id), await count('baseline_manifests', project.id)]).toEqual([4, 2]);
    await s.w.ok('PUT', `/api/requirements/${a.id}`, { name: 'Alpha changed' });
    const last = (await create({ project_id: project.id, name: 'Last' })).data.data;
    // One new state, one new manifest (SRS); URS's is shared.
    expect([await count('baseline_states', project.id), await count('baseline_manifests', project.id)]).toEqual([5, 3]);
    const list = await s.w.ok('GET', `/api/projects/baselines/${project.id}`);
    expect(list.map((b: BaselinePresented) => b.name)).toEqual([
      'Last',
      'B10',
      'B9',
      'B8',
      'B7',
      'B6',
      'B5',
      'B4',
      'B3',
      'B2',
      'One',
    ]);
    expect((await s.user.agent.delete(`/api/baselines/${last.id}`)).statusCode).toBe(204);
    expect([await count('baseline_states', project.id), await count('baseline_manifests', project.id)]).toEqual([4, 2]);
    expect((await s.user.agent.get(`/api/baselines/${last.id}`)).statusCode).toBe(404);
    expect((await s.user.agent.get(`/api/baselines/compare/${last.id}`)).statusCode).toBe(404);
    expect((await s.user.agent.delete(`/api/baselines/${last.id}`)).statusCode).toBe(404);
    // An editor may take a baseline but not delete one (decisions §20).
    const editor = await s.t.signUp();
    await joinAs(s.t, s.user, project, editor, 'editor');
    expect((await editor.agent.post('/api/baselines', { project_id: project.id, name: 'Ed' })).statusCode).toBe(201);
    expect((await editor.agent.delete(`/api/baselines/${first.id}`)).statusCode).toBe(403);
    // Deleting the project takes its baselines and their storage.
    await s.w.ok('DELETE', `/api/projects/${project.id}`);
    expect([await count('baseline_states', project.id), await count('baselines', project.id)]).toEqual([0, 0]);
  });

  it('are in the audit trail: baseline_created, baseline_deleted', async () => {
    const { project } = await setUp();
    const b = (await create({ project_id: project.id, name: 'Audited' })).data.data;
    await s.w.ok('DELETE', `/api/baselines/${b.id}`);
    const entries = await s.w.ok('GET', `/api/projects/audit/${project.id}?entity_type=baseline`);
    expect(entries.map((e: { action: string; entity_id: number; entity_reference: string }) => e)).toMatchObject([
      { action: 'baseline_deleted', entity_type: 'baseline', entity_id: b.id, entity_reference: 'Audited' },
      {
        action: 'baseline_created',
        entity_id: b.id,
        changes: { name: { new: 'Audited' }, requirements: { new: 4 } },
      },
    ]);
  });

  it('keep a test with its fields, and present the author by name', async () => {
    const alpha = await s.t.signUp();
    await setAlpha(s.t.ctx, alpha.email, true);
    const w = workingArea(alpha);
    const project = await w.project();
    const doc = await w.document(project.id, 'TST');
    const test = await w.ok('POST', '/api/requirements', { document_id: doc.id, name: 'T', type: 'test' });
    const live = await w.ok('GET', `/api/documents/requirements/${doc.id}`);
    const b = await w.ok('POST', '/api/baselines', { project_id: project.id, name: 'T' });
    expect(await w.ok('GET', `/api/baselines/requirements/${b.id}?document_id=${doc.id}`)).toEqual(live);
    expect(live[0]).toMatchObject({ id: test.id, type: 'test', author: { id: alpha.id }, steps: [] });
  });
});
