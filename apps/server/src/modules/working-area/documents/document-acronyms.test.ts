import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents } from '../../../db/schema';
import { useWorkingArea } from '../../../test/working-area';

// A document's acronym is unique in its project, whatever its case (issue 31).

const suite = useWorkingArea();
afterAll(() => {
  suite.user.agent.lang = 'en';
});

const TAKEN_EN = 'Another document of this project already has this acronym: their references would be the same.';
const TAKEN_FR = 'Un autre document de ce projet a déjà cet acronyme : leurs références seraient identiques.';

describe('document acronyms', () => {
  it('refuses a second document with an acronym the project has, in English and French, and creates nothing', async () => {
    const project = await suite.w.project();
    await suite.w.document(project.id, 'SR');
    const res = await suite.user.agent.post('/api/documents', {
      project_id: project.id,
      name: 'Software Requirements',
      acronym: 'SR',
    });
    expect(res.statusCode).toBe(422);
    expect(res.data).toEqual({ message: 'The given data was invalid.', errors: { acronym: [TAKEN_EN] } });
    suite.user.agent.lang = 'fr';
    const fr = await suite.user.agent.post('/api/documents', {
      project_id: project.id,
      name: 'Logiciel',
      acronym: 'SR',
    });
    suite.user.agent.lang = 'en';
    expect(fr.statusCode).toBe(422);
    expect(fr.data.errors.acronym).toEqual([TAKEN_FR]);
    const list = await suite.t.ctx.db.select().from(documents).where(eq(documents.projectId, project.id));
    expect(list.map((d) => d.acronym)).toEqual(['SR']);
    // Another project may use it.
    await suite.w.document((await suite.w.project('Other')).id, 'SR');
  });

  it('compares case-insensitively with what is stored', async () => {
    const project = await suite.w.project();
    // An acronym stored in lower case (written before the API checked the case) still takes its letters.
    await suite.t.ctx.db.insert(documents).values({ projectId: project.id, name: 'Old', acronym: 'sr' });
    const res = await suite.user.agent.post('/api/documents', { project_id: project.id, name: 'New', acronym: 'SR' });
    expect(res.statusCode).toBe(422);
    expect(res.data.errors.acronym).toEqual([TAKEN_EN]);
  });

  it('refuses renaming a document to an acronym another has, and accepts keeping its own', async () => {
    const project = await suite.w.project();
    await suite.w.document(project.id, 'SR');
    const other = await suite.w.document(project.id, 'SWR');
    const res = await suite.user.agent.put(`/api/documents/${other.id}`, { acronym: 'SR', name: 'Renamed' });
    expect(res.statusCode).toBe(422);
    expect(res.data.errors.acronym).toEqual([TAKEN_EN]);
    const after = (await suite.user.agent.get(`/api/documents/${other.id}`)).data.data;
    expect([after.acronym, after.name, after.version]).toEqual(['SWR', 'Doc SWR', 1]);
    expect(
      (await suite.user.agent.put(`/api/documents/${other.id}`, { acronym: 'SWR', name: 'Kept' })).statusCode,
    ).toBe(200);
  });

  it('gives exactly one of 10 simultaneous creations of one acronym, the others 422', async () => {
    const project = await suite.w.project();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        suite.user.agent.post('/api/documents', { project_id: project.id, name: `Doc ${i}`, acronym: 'RACE' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(422)]);
    for (const r of results.filter((r) => r.statusCode === 422)) expect(r.data.errors.acronym).toEqual([TAKEN_EN]);
    const list = await suite.t.ctx.db.select().from(documents).where(eq(documents.projectId, project.id));
    expect(list).toHaveLength(1);
  });

  it('holds with the unique index when a write gets past the check', async () => {
    const project = await suite.w.project();
    await suite.t.ctx.db.insert(documents).values({ projectId: project.id, name: 'A', acronym: 'IDX' });
    await expect(
      suite.t.ctx.db.insert(documents).values({ projectId: project.id, name: 'B', acronym: 'idx' }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
  });
});
