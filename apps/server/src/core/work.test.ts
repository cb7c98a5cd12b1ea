import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirements, users } from '../db/schema';
import type { CommittedWork } from '../events/bus';
import {
  createRequirement,
  deleteRequirement,
  insertRequirement,
  updateRequirement,
} from '../modules/working-area/requirements/requirements.service';
import { findProject, type ProjectRow } from '../policies/project-access';
import { createTestApp, type SignedUp, type TestApp } from '../test/harness';
import { workingArea } from '../test/working-area';
import { runWork } from './work';
import type { User } from './identity';

// The unit of work against a real database, without HTTP: services compose in one transaction, and what
// they record leaves only after commit.

let t: TestApp;
let signedUp: SignedUp;
let user: User;
let project: ProjectRow;
let documentId: number;
const published: CommittedWork[] = [];

beforeAll(async () => {
  t = await createTestApp();
  signedUp = await t.signUp();
  const w = workingArea(signedUp);
  const p = await w.project();
  project = (await findProject(t.ctx.db, p.id))!;
  documentId = (await w.document(p.id, 'DOC')).id;
  user = (await t.ctx.db.select().from(users).where(eq(users.id, signedUp.id)))[0]!;
  t.ctx.events.subscribe((work) => void published.push(work));
});
afterAll(async () => {
  await t.close();
});

const body = (name: string) => ({ document_id: documentId, category_id: null, name, description: `<p>${name}</p>` });

describe('unit of work', () => {
  it('publishes nothing and keeps nothing when the work fails', async () => {
    published.length = 0;
    let createdId = 0;
    await expect(
      runWork(t.ctx, { actor: { type: 'cli' } }, async (work) => {
        createdId = (await createRequirement(work, user, project, body('Rolled back'))).id;
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(createdId).toBeGreaterThan(0);
    expect(await t.ctx.db.select().from(requirements).where(eq(requirements.id, createdId))).toEqual([]);
    await new Promise((r) => setTimeout(r, 50));
    expect(published).toEqual([]);
  });

  it('composes services in one transaction and publishes once, after commit, what is committed', async () => {
    published.length = 0;
    const answer = await runWork(t.ctx, { actor: { type: 'cli' }, origin: 'origin.x' }, async (work) => {
      const a = await createRequirement(work, user, project, body('First'));
      await updateRequirement(work, user, project, a.id, { name: 'First, renamed' });
      const b = await createRequirement(work, user, project, body('Second'));
      await deleteRequirement(work, user, project, b.id);
      return updateRequirement(work, user, project, a.id, { status: 1 });
    });
    expect(answer).toMatchObject({ name: 'First, renamed', status: 1 });
    expect(published).toHaveLength(1);
    const [work] = published;
    expect(work!.origin).toBe('origin.x');
    expect(work!.events.map((e) => e.name)).toEqual([
      'RequirementChanged',
      'RequirementChanged',
      'RequirementChanged',
      'RequirementDeleted',
      'RequirementChanged',
    ]);
    // The wire tells each thing once, as it ends: the first as renamed and approved, the second only as deleted.
    const updated = work!.wire.filter((m) => m.name === 'RequirementUpdated');
    expect(updated).toHaveLength(1);
    expect(updated[0]!.data).toMatchObject({ requirement: { id: answer.id, name: 'First, renamed', status: 1 } });
    expect(work!.wire.filter((m) => m.name === 'RequirementDeleted')).toHaveLength(1);
  });

  it('makes a thousand requirements in one work and tells browsers to reload the list, not a thousand times', async () => {
    published.length = 0;
    const before = await t.ctx.db.$count(requirements, eq(requirements.documentId, documentId));
    await runWork(t.ctx, { actor: { type: 'cli' } }, async (work) => {
      for (let i = 0; i < 1000; i++) await insertRequirement(work, user, project, body(`Imported ${i}`));
    });
    expect(await t.ctx.db.$count(requirements, eq(requirements.documentId, documentId))).toBe(before + 1000);
    expect(published).toHaveLength(1);
    expect(published[0]!.events).toHaveLength(1000);
    expect(published[0]!.wire).toEqual([
      { projectId: project.id, name: 'RequirementsUpdated', data: { document_ids: [documentId] } },
    ]);
  }, 120_000); // a bound for a thousand writes on a shared machine, not a measure of speed
});
