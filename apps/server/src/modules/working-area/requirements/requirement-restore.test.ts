import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { revisionsAnswer } from '@reqloom/domain';
import { auditEntries } from '../../../db/schema';
import { joinAs } from '../../../test/members';
import { useWorkingArea } from '../../../test/working-area';

// Revisions and restore (decisions §22): the list, newest first; a restore through the update's path, with its
// revision, version, events and audit entry; the refusals.

const suite = useWorkingArea();

type Revision = {
  id: number;
  created_at: string;
  author: { id: number; name: string } | null;
  name: string;
  description: string;
  status: number;
  category_id: number | null;
  category_reference: string | null;
};

const listOf = async (id: number) => {
  const res = await suite.user.agent.get(`/api/requirements/revisions/${id}`);
  expect(res.statusCode).toBe(200);
  expect(revisionsAnswer.safeParse(res.data).success).toBe(true);
  return res.data.data as Revision[];
};

/** A requirement edited twice: "First" (in INT, draft) → "Second" → "Third" (root, status 2). */
async function editedTwice() {
  const project = await suite.w.project();
  const doc = await suite.w.document(project.id, 'SRS');
  const cat = await suite.w.category(doc.id, 'INT');
  const created = await suite.w.requirement(doc.id, 'First', cat.id);
  await suite.w.ok('PUT', `/api/requirements/${created.id}`, { name: 'Second', description: '<p>Second text</p>' });
  const now = await suite.w.ok('PUT', `/api/requirements/${created.id}`, {
    name: 'Third',
    description: '<p>Third text</p>',
    status: 2,
    category_id: null,
  });
  return { project, doc, cat, requirement: now };
}

describe('GET requirements/revisions/{id}', () => {
  it('lists the states a change replaced, newest first, with author and category reference', async () => {
    const { cat, requirement } = await editedTwice();
    const list = await listOf(requirement.id);
    expect(list.map((r) => r.name)).toEqual(['Second', 'First']);
    expect(list[0]).toMatchObject({
      description: '<p>Second text</p>',
      status: 0,
      category_id: cat.id,
      category_reference: 'SRS_INT',
      author: { id: suite.user.id, name: suite.user.name },
    });
    expect(list[0]!.id).toBeGreaterThan(list[1]!.id);
    expect(Number.isNaN(Date.parse(list[0]!.created_at))).toBe(false);
  });

  it('gives no reference for a category deleted since, and an empty list for a requirement never changed', async () => {
    const { cat, doc, requirement } = await editedTwice();
    await suite.w.ok('DELETE', `/api/categories/${cat.id}`);
    expect((await listOf(requirement.id)).map((r) => r.category_reference)).toEqual([null, null]);
    const fresh = await suite.w.requirement(doc.id, 'Fresh');
    expect(await listOf(fresh.id)).toEqual([]);
  });
});

describe('POST requirements/restore/{id}', () => {
  it('takes the revision’s fields, keeps the state it replaces, moves the version, sends the events', async () => {
    const { cat, requirement } = await editedTwice();
    const [, first] = await listOf(requirement.id);
    const res = await suite.user.agent.post(`/api/requirements/restore/${requirement.id}`, {
      revision_id: first!.id,
      version: requirement.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.data).toMatchObject({
      id: requirement.id,
      name: 'First',
      description: '<p>First</p>',
      status: 0,
      category_id: cat.id,
      reference: 'SRS_INT_001',
      version: requirement.version + 1,
    });
    // The same shape as a PUT's answer, and the same events.
    const put = await suite.user.agent.get(`/api/requirements/${requirement.id}`);
    const { revisions: _kept, ...shown } = put.data.data as Record<string, unknown>;
    expect(res.data.data).toEqual(shown);
    expect(res.data.events).toContainEqual({
      name: 'RequirementUpdated',
      payload: { requirement: res.data.data, project_id: requirement.project_id },
    });
    const list = await listOf(requirement.id);
    expect(list.map((r) => r.name)).toEqual(['Third', 'Second', 'First']);
    expect(list[0]).toMatchObject({ description: '<p>Third text</p>', status: 2, category_id: null });
  });

  it('is recorded in the audit trail as restored, with the fields before and after and the revision', async () => {
    const { project, cat, requirement } = await editedTwice();
    const [, first] = await listOf(requirement.id);
    await suite.w.ok('POST', `/api/requirements/restore/${requirement.id}`, { revision_id: first!.id });
    const entries = await suite.t.ctx.db.select().from(auditEntries).where(eq(auditEntries.entityId, requirement.id));
    const restored = entries.filter((e) => e.action === 'restored' && e.projectId === project.id);
    expect(restored).toHaveLength(1);
    expect(restored[0]!.changes).toEqual({
      name: { old: 'Third', new: 'First' },
      status: { old: 2, new: 0 },
      category_id: { old: null, new: cat.id },
      reference: { old: 'SRS_001', new: 'SRS_INT_001' },
      description: { changed: true },
      revision_id: { new: first!.id },
    });
  });

  it('puts the requirement at its document root when the revision’s category is gone', async () => {
    const { cat, doc, requirement } = await editedTwice();
    const [, first] = await listOf(requirement.id);
    // Deleting a category deletes its requirements; this one was moved out of it before.
    await suite.w.ok('DELETE', `/api/categories/${cat.id}`);
    const restored = await suite.w.ok('POST', `/api/requirements/restore/${requirement.id}`, {
      revision_id: first!.id,
    });
    expect(restored).toMatchObject({ name: 'First', category_id: null, document_id: doc.id, reference: 'SRS_001' });
  });

  it('answers 409 with the current element when the version is behind, and changes nothing', async () => {
    const { requirement } = await editedTwice();
    const [, first] = await listOf(requirement.id);
    const stale = await suite.user.agent.post(`/api/requirements/restore/${requirement.id}`, {
      revision_id: first!.id,
      version: requirement.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.data.current).toMatchObject({ id: requirement.id, name: 'Third', version: requirement.version });
    expect(await listOf(requirement.id)).toHaveLength(2);
  });

  it('answers 422 on revision_id for a revision of another requirement, or none, and changes nothing', async () => {
    const a = await editedTwice();
    const b = await editedTwice();
    const [ofB] = await listOf(b.requirement.id);
    for (const revisionId of [ofB!.id, 2_000_000_000]) {
      const res = await suite.user.agent.post(`/api/requirements/restore/${a.requirement.id}`, {
        revision_id: revisionId,
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.data.errors)).toEqual(['revision_id']);
    }
    const malformed = await suite.user.agent.post(`/api/requirements/restore/${a.requirement.id}`, {
      revision_id: 'first',
    });
    expect(malformed.statusCode).toBe(422);
    const still = await suite.w.ok('GET', `/api/requirements/${a.requirement.id}`);
    expect(still).toMatchObject({ name: 'Third', version: a.requirement.version });
  });

  it('lets a viewer read the revisions and refuses it the restore', async () => {
    const { project, requirement } = await editedTwice();
    const viewer = await suite.t.signUp();
    await joinAs(suite.t, suite.user, project, viewer, 'viewer');
    const list = await viewer.agent.get(`/api/requirements/revisions/${requirement.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.data.data).toHaveLength(2);
    const refused = await viewer.agent.post(`/api/requirements/restore/${requirement.id}`, {
      revision_id: list.data.data[0].id,
    });
    expect(refused.statusCode).toBe(403);
  });
});
