import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runWork } from '../../core/work';
import { useWorkingArea, workingArea } from '../../test/working-area';
import { TAG_COLORS } from '@reqloom/domain';
import { setAlpha } from '../user/user-admin.service';
import { createRequirement } from './requirements/requirements.service';
import { writeBackDescription } from './requirements/description/description-writeback';
import { stateOfHtml } from './requirements/description/shared-description';
import { findProject } from '../../policies/project-access';
import { auditEntries, users } from '../../db/schema';

// The working area's changes in the audit trail (decisions §21), read back through GET projects/audit: each entry's
// action, element, reference, document and changes, with the old and new values.

const suite = useWorkingArea();

type Entry = {
  action: string;
  entity_type: string;
  entity_id: number | null;
  entity_reference: string | null;
  document_id: number | null;
  actor: { type: string; id: number | null; name: string };
  changes: Record<string, { old?: unknown; new?: unknown; changed?: true }>;
};

/** The project's entries, oldest first, except those of the project and its members. */
async function trail(projectId: number, query = ''): Promise<Entry[]> {
  const res = await suite.user.agent.get(`/api/projects/audit/${projectId}?limit=200${query}`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return (res.data.data as Entry[]).filter((e) => e.entity_type !== 'member' && e.entity_type !== 'project').reverse();
}

/** The entries written since `count` were. */
const since = async (projectId: number, count: number) => (await trail(projectId)).slice(count);

async function classifierTags(documentId: number, titles: string[]): Promise<number[]> {
  const classifier = await suite.w.ok('POST', '/api/classifiers', { document_id: documentId, name: 'Priority' });
  const ids: number[] = [];
  for (const title of titles) {
    const tag = await suite.w.ok('POST', '/api/tags', { classifier_id: classifier.id, title, color: TAG_COLORS[0] });
    ids.push(tag.id);
  }
  return ids;
}

describe('requirements in the audit trail', () => {
  it('records a creation with its fields, the description only as changed', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'SRS');
    const cat = await suite.w.category(doc.id, 'INT');
    const before = (await trail(project.id)).length;
    const r = await suite.w.requirement(doc.id, 'Braking', cat.id);
    const [entry, ...rest] = await since(project.id, before);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      action: 'created',
      entity_type: 'requirement',
      entity_id: r.id,
      entity_reference: 'SRS_INT_001',
      document_id: doc.id,
      actor: { type: 'user', id: suite.user.id },
    });
    expect(entry!.changes).toEqual({
      name: { new: 'Braking' },
      status: { new: 0 },
      type: { new: 'requirement' },
      document_id: { new: doc.id },
      category_id: { new: cat.id },
      description: { changed: true },
    });
  });

  it('records an update with only the fields that changed, old and new, and no entry when nothing changed', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'SRS');
    const [high, low] = await classifierTags(doc.id, ['High', 'Low']);
    const cat = await suite.w.category(doc.id, 'INT');
    const r = await suite.w.requirement(doc.id, 'Braking');
    await suite.w.ok('PUT', `/api/requirements/${r.id}`, { tags_id: [high] });
    const before = (await trail(project.id)).length;
    await suite.w.ok('PUT', `/api/requirements/${r.id}`, {
      name: 'Braking distance',
      status: 2,
      description: '<p>Within 40 m</p>',
      category_id: cat.id,
      tags_id: [high, low],
    });
    // The same values again: no change, no entry.
    await suite.w.ok('PUT', `/api/requirements/${r.id}`, { name: 'Braking distance', status: 2 });
    const entries = await since(project.id, before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'updated',
      entity_type: 'requirement',
      entity_id: r.id,
      entity_reference: 'SRS_INT_001',
      document_id: doc.id,
    });
    expect(entries[0]!.changes).toEqual({
      name: { old: 'Braking', new: 'Braking distance' },
      status: { old: 0, new: 2 },
      category_id: { old: null, new: cat.id },
      reference: { old: 'SRS_001', new: 'SRS_INT_001' },
      description: { changed: true },
      tags: { old: ['High'], new: ['High', 'Low'] },
    });
  });

  it('records a move in the reading order, a copy and a deletion', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'SRS');
    const first = await suite.w.requirement(doc.id, 'First');
    await suite.w.requirement(doc.id, 'Second');
    const before = (await trail(project.id)).length;
    await suite.w.ok('POST', `/api/requirements/moveorderdown/${first.id}`);
    // At the end already: nothing moves, nothing is recorded.
    await suite.w.ok('POST', `/api/requirements/moveorderdown/${first.id}`);
    const copy = await suite.w.ok('POST', `/api/requirements/copy/${first.id}`);
    await suite.w.ok('DELETE', `/api/requirements/${first.id}`);
    const [moved, copied, deleted, ...rest] = await since(project.id, before);
    expect(rest).toEqual([]);
    expect(moved).toMatchObject({
      action: 'moved',
      entity_id: first.id,
      entity_reference: 'SRS_001',
      document_id: doc.id,
      changes: { position: { old: first.order, new: first.order + 1 } },
    });
    expect(copied).toMatchObject({
      action: 'created',
      entity_type: 'requirement',
      entity_id: copy.id,
      entity_reference: 'SRS_003',
      document_id: doc.id,
      changes: { name: { new: 'Copy of First' }, copied_from: { new: 'SRS_001' }, description: { changed: true } },
    });
    expect(deleted).toMatchObject({
      action: 'deleted',
      entity_type: 'requirement',
      entity_id: first.id,
      entity_reference: 'SRS_001',
      document_id: doc.id,
    });
    expect(deleted!.changes).toEqual({
      name: { old: 'First' },
      status: { old: 0 },
      category_id: { old: null },
    });
  });
});

describe('links between requirements in the audit trail', () => {
  it('records each link added or removed, filed under its child', async () => {
    const project = await suite.w.project();
    const sys = await suite.w.document(project.id, 'SYS');
    const srs = await suite.w.document(project.id, 'SRS', [sys.id]);
    const other = await suite.w.document(project.id, 'OTH');
    const p1 = await suite.w.requirement(sys.id, 'Parent one');
    const p2 = await suite.w.requirement(sys.id, 'Parent two');
    const child = await suite.w.requirement(srs.id, 'Child');
    const before = (await trail(project.id)).length;
    await suite.w.ok('PUT', `/api/requirements/${child.id}`, { parents_id: [p1.id, p2.id] });
    await suite.w.ok('PUT', `/api/requirements/${child.id}`, { parents_id: [p2.id] });
    // Moved to a document that may not link to SYS: its remaining link goes, and says so.
    await suite.w.ok('PUT', `/api/requirements/${child.id}`, { document_id: other.id });
    const entries = await since(project.id, before);
    const links = entries.filter((e) => e.entity_type === 'link');
    expect(links.map((e) => [e.action, e.entity_reference])).toEqual([
      ['linked', 'SYS_001 → SRS_001'],
      ['linked', 'SYS_002 → SRS_001'],
      ['unlinked', 'SYS_001 → SRS_001'],
      ['unlinked', 'SYS_002 → OTH_001'],
    ]);
    expect(links[0]).toMatchObject({
      entity_id: child.id,
      document_id: srs.id,
      changes: { parent_id: { new: p1.id }, child_id: { new: child.id } },
    });
    expect(links[2]!.changes).toEqual({ parent_id: { old: p1.id }, child_id: { old: child.id } });
    expect(links[3]).toMatchObject({ entity_id: child.id, document_id: other.id });
    // The link changes alone change none of the requirement's fields: the only update is the move.
    const updates = entries.filter((e) => e.entity_type === 'requirement');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      action: 'updated',
      entity_reference: 'OTH_001',
      document_id: other.id,
      changes: {
        document_id: { old: srs.id, new: other.id },
        reference: { old: 'SRS_001', new: 'OTH_001' },
      },
    });
  });

  it('records the children made from a requirement, each created and linked, and the links of a deleted one', async () => {
    const project = await suite.w.project();
    const sys = await suite.w.document(project.id, 'SYS');
    const srs = await suite.w.document(project.id, 'SRS', [sys.id]);
    const parent = await suite.w.requirement(sys.id, 'Parent');
    const before = (await trail(project.id)).length;
    const children = await suite.w.ok('PUT', `/api/requirements/createchildren/${parent.id}`, {
      children: [
        { document_id: srs.id, category_id: null, name: 'Child A' },
        { document_id: srs.id, category_id: null, name: 'Child B' },
      ],
    });
    const made = await since(project.id, before);
    expect(made.map((e) => [e.action, e.entity_type, e.entity_reference])).toEqual([
      ['created', 'requirement', 'SRS_001'],
      ['created', 'requirement', 'SRS_002'],
      ['linked', 'link', 'SYS_001 → SRS_001'],
      ['linked', 'link', 'SYS_001 → SRS_002'],
    ]);
    expect(made[0]).toMatchObject({ entity_id: children[0].id, changes: { name: { new: 'Child A' } } });
    expect(made[0]!.changes.description).toBeUndefined();
    expect(made[3]).toMatchObject({ entity_id: children[1].id, document_id: srs.id });

    const count = (await trail(project.id)).length;
    await suite.w.ok('DELETE', `/api/requirements/${parent.id}`);
    const gone = await since(project.id, count);
    expect(gone.map((e) => [e.action, e.entity_type, e.entity_id, e.entity_reference])).toEqual([
      ['deleted', 'requirement', parent.id, 'SYS_001'],
      ['unlinked', 'link', children[0].id, 'SYS_001 → SRS_001'],
      ['unlinked', 'link', children[1].id, 'SYS_001 → SRS_002'],
    ]);
  });
});

describe('categories in the audit trail', () => {
  it('records a creation, an update (with the new reference), a move and a deletion with what it moved', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'SRS');
    const before = (await trail(project.id)).length;
    const cat = await suite.w.category(doc.id, 'INT');
    const other = await suite.w.category(doc.id, 'EXT');
    const sub = await suite.w.category(doc.id, 'SUB', cat.id);
    const r = await suite.w.requirement(doc.id, 'Inside', sub.id);
    await suite.w.ok('PUT', `/api/categories/${cat.id}`, { name: 'Interfaces', acronym: 'IF' });
    await suite.w.ok('POST', `/api/categories/moveorderdown/${cat.id}`);
    await suite.w.ok('DELETE', `/api/categories/${cat.id}`);
    const entries = (await since(project.id, before)).filter((e) => e.entity_id !== r.id || e.action !== 'created');
    expect(entries.map((e) => [e.action, e.entity_type, e.entity_reference])).toEqual([
      ['created', 'category', 'SRS_INT'],
      ['created', 'category', 'SRS_EXT'],
      ['created', 'category', 'SRS_INT_SUB'],
      ['updated', 'category', 'SRS_IF'],
      ['moved', 'category', 'SRS_IF'],
      ['deleted', 'category', 'SRS_IF_SUB'],
      ['deleted', 'category', 'SRS_IF'],
      ['updated', 'requirement', 'SRS_001'],
    ]);
    expect(entries[0]).toMatchObject({
      entity_id: cat.id,
      document_id: doc.id,
      changes: { name: { new: 'Cat INT' }, acronym: { new: 'INT' }, parent_id: { new: null } },
    });
    expect(entries[2]!.changes.parent_id).toEqual({ new: cat.id });
    expect(entries[3]!.changes).toEqual({
      name: { old: 'Cat INT', new: 'Interfaces' },
      acronym: { old: 'INT', new: 'IF' },
      reference: { old: 'SRS_INT', new: 'SRS_IF' },
    });
    expect(entries[4]!.changes).toEqual({ position: { old: cat.order, new: other.order } });
    expect(entries[5]).toMatchObject({ entity_id: sub.id, changes: { acronym: { old: 'SUB' } } });
    expect(entries[6]).toMatchObject({
      entity_id: cat.id,
      document_id: doc.id,
      changes: { name: { old: 'Interfaces' }, acronym: { old: 'IF' }, requirements_moved_to_root: { old: 1 } },
    });
    expect(entries[7]).toMatchObject({
      entity_id: r.id,
      document_id: doc.id,
      changes: { category_id: { old: sub.id, new: null }, reference: { old: 'SRS_IF_SUB_001', new: 'SRS_001' } },
    });
  });
});

describe('documents in the audit trail', () => {
  it('records a creation, an update, a change of settings and a deletion, named by the document', async () => {
    const project = await suite.w.project();
    const sys = await suite.w.document(project.id, 'SYS');
    const before = (await trail(project.id)).length;
    const srs = await suite.w.document(project.id, 'SRS', [sys.id]);
    const parent = await suite.w.requirement(sys.id, 'Parent');
    const child = await suite.w.requirement(srs.id, 'Child');
    await suite.w.ok('PUT', `/api/requirements/${child.id}`, { parents_id: [parent.id] });
    const count = (await trail(project.id)).length;
    await suite.w.ok('PUT', `/api/documents/${srs.id}`, {
      name: 'Software',
      description: '<p>What the software does</p>',
      parents_id: [],
    });
    await suite.w.ok('PUT', `/api/documents/settings/${srs.id}`, {
      settings: { 'export.tableOfContents': false, 'export.projectSummary': true },
    });
    // The values it already has: no entry.
    await suite.w.ok('PUT', `/api/documents/settings/${srs.id}`, { settings: { 'export.tableOfContents': false } });
    await suite.w.ok('DELETE', `/api/documents/${srs.id}`);

    const created = (await trail(project.id)).slice(before, before + 1);
    expect(created[0]).toMatchObject({
      action: 'created',
      entity_type: 'document',
      entity_id: srs.id,
      entity_reference: 'Doc SRS',
      document_id: srs.id,
      changes: { name: { new: 'Doc SRS' }, acronym: { new: 'SRS' }, parents: { new: [sys.id] } },
    });
    const entries = await since(project.id, count);
    expect(entries.map((e) => [e.action, e.entity_type, e.entity_reference])).toEqual([
      ['updated', 'document', 'Software'],
      ['unlinked', 'link', 'SYS_001 → SRS_001'],
      ['settings_changed', 'document', 'Software'],
      ['deleted', 'document', 'Software'],
    ]);
    expect(entries[0]!.changes).toEqual({
      name: { old: 'Doc SRS', new: 'Software' },
      description: { changed: true },
      parents: { old: [sys.id], new: [] },
    });
    expect(entries[1]).toMatchObject({ entity_id: child.id, document_id: srs.id });
    expect(entries[2]).toMatchObject({
      entity_id: srs.id,
      document_id: srs.id,
      changes: { 'export.tableOfContents': { old: true, new: false } },
    });
    expect(Object.keys(entries[2]!.changes)).toEqual(['export.tableOfContents']);
    expect(entries[3]).toMatchObject({
      entity_id: srs.id,
      document_id: srs.id,
      changes: { name: { old: 'Software' }, acronym: { old: 'SRS' }, requirements: { old: 1 } },
    });
  });
});

describe('tests and their runs in the audit trail', () => {
  it("records a run on the run, named by its test, with the test's statuses old and new", async () => {
    await setAlpha(suite.t.ctx, suite.user.email, true);
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'TST');
    const test = await suite.w.ok('POST', '/api/requirements', {
      document_id: doc.id,
      name: 'Start',
      type: 'test',
      steps: [
        { step: 1, description: 'Press start', expectedResult: 'Light on' },
        { step: 2, description: 'Press stop', expectedResult: 'Light off' },
      ],
    });
    const before = (await trail(project.id)).length;
    const run = await suite.w.ok('POST', `/api/requirements/testruns/${test.id}`, {
      started_at: new Date().toISOString(),
      duration_s: 4,
      steps: [
        { step: 1, status: true, observation: '' },
        { step: 2, status: false, observation: 'Still on' },
      ],
    });
    const [entry, ...rest] = await since(project.id, before);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      action: 'updated',
      entity_type: 'test_run',
      entity_id: run.id,
      entity_reference: 'TST_001',
      document_id: doc.id,
      changes: {
        result: { new: run.result },
        step_statuses: { old: [null, null], new: [true, false] },
      },
    });
  });
});

describe('the collaboration write-back in the audit trail', () => {
  it('records a real change of the description by its writer, and nothing when it is the same', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'SRS');
    const r = await suite.w.requirement(doc.id, 'Braking');
    const before = (await trail(project.id)).length;
    const actor = { type: 'user' as const, id: suite.user.id, name: suite.user.name };
    const writeBack = (html: string) =>
      runWork(suite.t.ctx, { actor }, (work) => writeBackDescription(work, r.id, stateOfHtml(html), suite.user.id));
    await writeBack('<p>Braking</p>');
    await writeBack('<p>Braking hard</p>');
    const entries = await since(project.id, before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'updated',
      entity_type: 'requirement',
      entity_id: r.id,
      entity_reference: 'SRS_001',
      document_id: doc.id,
      actor: { type: 'user', id: suite.user.id },
      changes: { description: { changed: true } },
    });
  });
});

describe('a change that is refused or rolled back', () => {
  it('leaves no entry', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'SRS');
    const other = await suite.w.document(project.id, 'OTH');
    const foreign = await suite.w.category(other.id, 'X');
    const r = await suite.w.requirement(doc.id, 'Braking');
    const before = (await trail(project.id)).length;
    const refused = await suite.user.agent.put(`/api/requirements/${r.id}`, {
      name: 'Renamed',
      category_id: foreign.id,
    });
    expect(refused.statusCode).toBe(422);
    // A creation recorded in a unit of work that then fails: the requirement and its entry go together.
    const projectRow = (await findProject(suite.t.ctx.db, project.id))!;
    const [user] = await suite.t.ctx.db.select().from(users).where(eq(users.id, suite.user.id));
    const actor = { type: 'user' as const, id: suite.user.id, name: suite.user.name };
    await expect(
      runWork(suite.t.ctx, { actor }, async (work) => {
        await createRequirement(work, user!, projectRow, {
          document_id: doc.id,
          category_id: null,
          name: 'Never kept',
          description: '',
        });
        throw new Error('refused later');
      }),
    ).rejects.toThrow('refused later');
    expect(await since(project.id, before)).toEqual([]);
    const list = await suite.w.ok('GET', `/api/documents/requirements/${doc.id}`);
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Braking']);
  });

  it('writes any number of entries of one unit of work (more than one statement can hold)', async () => {
    const project = await suite.w.project();
    const actor = { type: 'cli' as const, name: 'bench' };
    await runWork(suite.t.ctx, { actor }, async (work) => {
      for (let i = 0; i < 6000; i++) {
        work.audit(project.id, { action: 'updated', entityType: 'requirement', entityId: i + 1, reference: `R_${i}` });
      }
    });
    const [row] = await suite.t.ctx.db
      .select({ n: count() })
      .from(auditEntries)
      .where(and(eq(auditEntries.projectId, project.id), eq(auditEntries.actorName, 'bench')));
    expect(row!.n).toBe(6000);
  });

  it('is recorded for the actor of an access token', async () => {
    const t = suite.t;
    const owner = await t.signUp({ name: 'Tom Token' });
    const w = workingArea(owner);
    const project = await w.project();
    const doc = await w.document(project.id, 'SRS');
    const token = (await owner.agent.post('/api/auth/generatetoken', { name: 'Robot' })).data.data.token as string;
    const client = t.agent();
    client.bearer = token;
    const res = await client.post('/api/requirements', { document_id: doc.id, name: 'By robot' });
    expect(res.statusCode).toBe(201);
    const entries = (await owner.agent.get(`/api/projects/audit/${project.id}?entity_type=requirement`)).data.data;
    expect(entries[0]).toMatchObject({
      action: 'created',
      actor: { type: 'token', id: owner.id, name: 'Tom Token', token_name: 'Robot' },
    });
  });
});
