import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../db/errors';
import { useWorkingArea } from '../test/working-area';

// No edit is lost silently (issue 9 §1, decisions §19): elements carry a version, a PUT that edited an older one
// answers 409 with the element as it now is and changes nothing; two sibling categories never share a reference.

const suite = useWorkingArea();

async function setUp() {
  const { w } = suite;
  const project = await w.project();
  const parent = await w.document(project.id, 'SYS');
  const child = await w.document(project.id, 'SW', [parent.id]);
  return { project, parent, child };
}

describe('version', () => {
  it('starts at 1 and moves with every change a user can see, links included, on both ends', async () => {
    const { w } = suite;
    const { parent, child } = await setUp();
    const up = await w.requirement(parent.id, 'Stop');
    const down = await w.requirement(child.id, 'Brake');
    expect([up.version, down.version]).toEqual([1, 1]);
    // The parent document gained a child document when `child` was made with it as parent.
    expect((await w.ok('GET', `/api/documents/${parent.id}`)).version).toBe(2);

    const renamed = await w.ok('PUT', `/api/requirements/${up.id}`, { name: 'Stop quickly' });
    expect(renamed.version).toBe(2);
    const linked = await w.ok('PUT', `/api/requirements/${down.id}`, { parents_id: [up.id] });
    expect(linked.version).toBe(2);
    expect((await w.ok('GET', `/api/requirements/${up.id}`)).version).toBe(3);
    // The same links again change nothing.
    expect((await w.ok('PUT', `/api/requirements/${down.id}`, { parents_id: [up.id] })).version).toBe(2);

    // A document's next reference number is bookkeeping: adding requirements does not move its version.
    await w.requirement(parent.id, 'Another');
    expect((await w.ok('GET', `/api/documents/${parent.id}`)).version).toBe(2);
    expect((await w.ok('PUT', `/api/documents/${parent.id}`, { description: '<p>System</p>' })).version).toBe(3);

    const category = await w.category(parent.id, 'IO');
    expect(category.version).toBe(1);
    expect((await w.ok('PUT', `/api/categories/${category.id}`, { name: 'Inputs' })).version).toBe(2);
  });

  it('answers a PUT with the requirement as it is stored, whether it read it again or not', async () => {
    const { w } = suite;
    const { parent } = await setUp();
    const up = await w.requirement(parent.id, 'Stop');
    const stored = async (id: number) => {
      const { revisions: _revisions, ...rest } = await w.ok('GET', `/api/requirements/${id}`);
      return rest as Record<string, unknown>;
    };
    // A rename (its update's own answer), the same name again (nothing written), a status and a tag set (read again).
    for (const body of [{ name: 'Stop now' }, { name: 'Stop now' }, { status: 2 }, { tags_id: [] }]) {
      const answer = await w.ok('PUT', `/api/requirements/${up.id}`, body);
      expect(answer).toEqual(await stored(up.id));
    }
    expect((await stored(up.id)).version).toBe(3);
  });

  it('answers 409 with the element as it now is when the edited version moved on, and changes nothing', async () => {
    const { w, user } = suite;
    const { parent } = await setUp();
    const requirement = await w.requirement(parent.id, 'Stop');
    await w.ok('PUT', `/api/requirements/${requirement.id}`, { description: '<p>Theirs</p>', version: 1 });

    const late = await user.agent.put(`/api/requirements/${requirement.id}`, {
      description: '<p>Mine</p>',
      version: 1,
    });
    expect(late.statusCode).toBe(409);
    expect(late.data.message).toBe('Someone else changed this since you opened it.');
    expect(late.data.current).toMatchObject({ id: requirement.id, description: '<p>Theirs</p>', version: 2 });
    const now = await w.ok('GET', `/api/requirements/${requirement.id}`);
    expect(now).toMatchObject({ description: '<p>Theirs</p>', version: 2 });
    expect(now.revisions).toHaveLength(1);

    // Keeping mine: sent again with the current version.
    const kept = await w.ok('PUT', `/api/requirements/${requirement.id}`, { description: '<p>Mine</p>', version: 2 });
    expect(kept).toMatchObject({ description: '<p>Mine</p>', version: 3 });
    // Without a version the last write wins (API clients).
    expect((await w.ok('PUT', `/api/requirements/${requirement.id}`, { name: 'API' })).version).toBe(4);

    for (const url of [`/api/documents/${parent.id}`, `/api/categories/${(await w.category(parent.id, 'C')).id}`]) {
      const opened = (await w.ok('GET', url)).version;
      const saved = await w.ok('PUT', url, { name: 'First', version: opened });
      expect(saved.version).toBe(opened + 1);
      const stale = await user.agent.put(url, { name: 'Second', version: opened });
      expect(stale.statusCode, url).toBe(409);
      expect(stale.data.current).toMatchObject({ id: saved.id, name: 'First', version: opened + 1 });
      expect((await w.ok('GET', url)).name).toBe('First');
    }
  });

  it('lets exactly one of two concurrent saves of the same version through', async () => {
    const { w, user } = suite;
    const { parent } = await setUp();
    for (let round = 0; round < 10; round++) {
      const requirement = await w.requirement(parent.id, `R${round}`);
      const answers = await Promise.all(
        ['<p>A</p>', '<p>B</p>', '<p>C</p>'].map((description) =>
          user.agent.put(`/api/requirements/${requirement.id}`, { description, version: 1 }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409]);
      const winner = answers.find((a) => a.statusCode === 200)!.data.data.description;
      expect((await w.ok('GET', `/api/requirements/${requirement.id}`)).description).toBe(winner);
    }
  });

  it('refuses a malformed version with 422', async () => {
    const { w, user } = suite;
    const { parent } = await setUp();
    const requirement = await w.requirement(parent.id, 'Stop');
    for (const version of [0, -1, 1.5, '1', null]) {
      const res = await user.agent.put(`/api/requirements/${requirement.id}`, { name: 'X', version });
      expect(res.statusCode, String(version)).toBe(422);
      expect(res.data.errors.version).toBeDefined();
    }
    expect((await w.ok('GET', `/api/requirements/${requirement.id}`)).name).toBe('Stop');
  });
});

describe('category references', () => {
  it('refuses a sibling with the same acronym, on creation, rename and move', async () => {
    const { w, user } = suite;
    const { parent } = await setUp();
    const m = await w.category(parent.id, 'M');
    const again = await user.agent.post('/api/categories', {
      document_id: parent.id,
      parent_id: null,
      name: 'Other',
      acronym: 'M',
    });
    expect(again.statusCode).toBe(422);
    expect(again.data.errors.acronym[0]).toBe(
      'Another category here already has this acronym: their references would be the same.',
    );
    // The same acronym elsewhere is another reference (SYS_M_M), and so allowed.
    const inner = await w.category(parent.id, 'M', m.id);
    expect(inner.reference).toBe('SYS_M_M');

    const n = await w.category(parent.id, 'N');
    const renamed = await user.agent.put(`/api/categories/${n.id}`, { acronym: 'M' });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.data.errors.acronym).toBeDefined();
    // Moving the inner M to the root would make a second SYS_M.
    const moved = await user.agent.put(`/api/categories/${inner.id}`, { parent_id: null });
    expect(moved.statusCode).toBe(422);
    expect(moved.data.errors.acronym).toBeDefined();
    // Renaming a category to its own acronym is no conflict.
    expect((await user.agent.put(`/api/categories/${m.id}`, { acronym: 'M', name: 'Mechanics' })).statusCode).toBe(200);
  });

  it('holds under concurrent creation: one of many identical categories is created', async () => {
    const { user } = suite;
    const { parent } = await setUp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        user.agent.post('/api/categories', { document_id: parent.id, parent_id: null, name: 'Same', acronym: 'SAME' }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(11);
  });

  it('is held by the database itself', async () => {
    const { w, t } = suite;
    const { parent } = await setUp();
    await w.category(parent.id, 'DB');
    const insert = () =>
      t.ctx.db.execute(
        sql`insert into categories (document_id, parent_id, name, acronym, position) values (${parent.id}, null, 'x', 'DB', 99)`,
      );
    let error: unknown;
    try {
      await insert();
    } catch (caught) {
      error = caught;
    }
    expect(isUniqueViolation(error)).toBe(true);
  });
});
