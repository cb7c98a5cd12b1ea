import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCUMENT_SETTINGS } from '@reqloom/domain';
import { setAlpha } from '../../user/user-admin.service';
import { useWorkingArea } from '../../../test/working-area';

const suite = useWorkingArea();

describe('documents', () => {
  it('creates a document, answering it with the project documents', async () => {
    const project = await suite.w.project();
    const res = await suite.user.agent.post('/api/documents', {
      project_id: project.id,
      name: 'System requirements',
      acronym: 'SYS',
      description: '<p>x<script>1</script></p>',
    });
    expect(res.statusCode).toBe(201);
    expect(res.data.data).toMatchObject({
      name: 'System requirements',
      acronym: 'SYS',
      reference: 'SYS',
      description: '<p>x</p>',
      parents: [],
      children: [],
    });
    expect(res.data.projectDocuments.map((d: { id: number }) => d.id)).toEqual([res.data.data.id]);
    expect((await suite.user.agent.get(`/api/projects/${project.id}`)).data.data.documents_count).toBe(1);
  });

  it('links documents parent to child and refuses cycles and foreign parents', async () => {
    const project = await suite.w.project();
    const a = await suite.w.document(project.id, 'A');
    const b = await suite.w.document(project.id, 'B', [a.id]);
    const c = await suite.w.document(project.id, 'C', [b.id]);
    expect(b.parents).toEqual([a.id]);
    expect((await suite.user.agent.get(`/api/documents/${a.id}`)).data.data.children).toEqual([b.id]);

    const cycle = await suite.user.agent.put(`/api/documents/${a.id}`, { parents_id: [c.id] });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.data.errors['parents_id.0']).toEqual(['This link would make a cycle.']);
    const self = await suite.user.agent.put(`/api/documents/${a.id}`, { parents_id: [a.id] });
    expect(self.statusCode).toBe(422);

    const other = await suite.w.project('Other');
    const foreign = await suite.w.document(other.id, 'F');
    const res = await suite.user.agent.put(`/api/documents/${c.id}`, { parents_id: [b.id, foreign.id] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.data.errors)).toEqual(['parents_id.1']);
    expect((await suite.user.agent.get(`/api/documents/${c.id}`)).data.data.parents).toEqual([b.id]);
  });

  it('bounds the acronym by the project setting and requires upper case', async () => {
    const project = await suite.w.project();
    const long = await suite.user.agent.post('/api/documents', {
      project_id: project.id,
      name: 'n',
      acronym: 'ABCDEFG',
    });
    expect(long.statusCode).toBe(422);
    expect(long.data.errors.acronym).toEqual(['The acronym must not be longer than 6 characters.']);
    const lower = await suite.user.agent.post('/api/documents', { project_id: project.id, name: 'n', acronym: 'abc' });
    expect(lower.statusCode).toBe(422);
  });

  it('removing a parent removes every requirement link between the two documents', async () => {
    const project = await suite.w.project();
    const parent = await suite.w.document(project.id, 'P');
    const child = await suite.w.document(project.id, 'C', [parent.id]);
    const p1 = await suite.w.requirement(parent.id, 'p1');
    const c1 = await suite.w.requirement(child.id, 'c1');
    await suite.w.ok('PUT', `/api/requirements/${c1.id}`, { parents_id: [p1.id] });
    expect((await suite.user.agent.get(`/api/projects/requirementlinks/${project.id}`)).data.data).toHaveLength(1);
    await suite.w.ok('PUT', `/api/documents/${child.id}`, { parents_id: [] });
    expect((await suite.user.agent.get(`/api/projects/requirementlinks/${project.id}`)).data.data).toHaveLength(0);
    expect((await suite.user.agent.get(`/api/requirements/${c1.id}`)).data.data.parents).toEqual([]);
  });

  it('deletes a document with its categories, requirements and links', async () => {
    const project = await suite.w.project();
    const parent = await suite.w.document(project.id, 'P');
    const doc = await suite.w.document(project.id, 'D', [parent.id]);
    const cat = await suite.w.category(doc.id, 'C');
    const req = await suite.w.requirement(doc.id, 'r', cat.id);
    const p = await suite.w.requirement(parent.id, 'p');
    await suite.w.ok('PUT', `/api/requirements/${req.id}`, { parents_id: [p.id] });
    expect((await suite.user.agent.delete(`/api/documents/${doc.id}`)).statusCode).toBe(204);
    expect((await suite.user.agent.get(`/api/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await suite.user.agent.get(`/api/categories/${cat.id}`)).statusCode).toBe(404);
    expect((await suite.user.agent.get(`/api/requirements/${req.id}`)).statusCode).toBe(404);
    expect((await suite.user.agent.get(`/api/projects/requirementlinks/${project.id}`)).data.data).toEqual([]);
    expect((await suite.user.agent.get(`/api/documents/${parent.id}`)).data.data.children).toEqual([]);
  });

  it('answers every export option with its default, and merges changes', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'D');
    expect(await suite.w.ok('GET', `/api/documents/settings/${doc.id}`)).toEqual(DEFAULT_DOCUMENT_SETTINGS);
    await suite.w.ok('PUT', `/api/documents/settings/${doc.id}`, { settings: { 'export.tableOfContents': false } });
    const merged = await suite.w.ok('PUT', `/api/documents/settings/${doc.id}`, {
      settings: { 'export.projectSummary': false },
    });
    expect(merged).toEqual({
      ...DEFAULT_DOCUMENT_SETTINGS,
      'export.tableOfContents': false,
      'export.projectSummary': false,
    });
    expect(await suite.w.ok('GET', `/api/documents/settings/${doc.id}`)).toEqual(merged);
    expect((await suite.w.ok('GET', `/api/documents/${doc.id}`)).settings).toEqual(merged);
    for (const settings of [
      { 'export.tableOfContents': 'yes' },
      { 'export.tableOfEvolutionsRefDate': '2026-02-30' },
      { 'export.tableOfEvolutionsRefDate': 'yesterday' },
    ]) {
      expect((await suite.user.agent.put(`/api/documents/settings/${doc.id}`, { settings })).statusCode).toBe(422);
    }
  });

  it('lets only alpha users change the table of evolutions (403), and sends DocumentSettingsUpdated', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'D');
    const put = (settings: Record<string, unknown>) =>
      suite.user.agent.put(`/api/documents/settings/${doc.id}`, { settings });
    expect((await put({ 'export.tableOfEvolutions': true })).statusCode).toBe(403);
    expect((await put({ 'export.tableOfEvolutionsRefDate': '2026-01-01' })).statusCode).toBe(403);
    // Sending the value it already has is no change: a client may send the whole set back.
    expect((await put({ ...DEFAULT_DOCUMENT_SETTINGS, 'export.documentSummary': false })).statusCode).toBe(200);
    expect((await suite.w.ok('GET', `/api/documents/settings/${doc.id}`))['export.tableOfEvolutions']).toBe(false);

    await setAlpha(suite.t.ctx, suite.user.email, true);
    const sent: unknown[] = [];
    const stop = suite.t.ctx.events.subscribe((work) => void sent.push(...work.wire.map((m) => [m.name, m.data])));
    try {
      const changed = await suite.w.ok('PUT', `/api/documents/settings/${doc.id}`, {
        settings: { 'export.tableOfEvolutions': true, 'export.tableOfEvolutionsRefDate': '2026-01-31' },
      });
      expect(changed).toMatchObject({
        'export.tableOfEvolutions': true,
        'export.tableOfEvolutionsRefDate': '2026-01-31',
      });
      expect(sent).toEqual([['DocumentSettingsUpdated', { document_id: doc.id, settings: changed }]]);
    } finally {
      stop();
      await setAlpha(suite.t.ctx, suite.user.email, false);
    }
  });

  it('serves the structure: documents by name, categories in tree order', async () => {
    const project = await suite.w.project();
    const b = await suite.w.document(project.id, 'BBB');
    await suite.w.document(project.id, 'AAA');
    const top = await suite.w.category(b.id, 'T');
    await suite.w.category(b.id, 'S', top.id);
    await suite.w.category(b.id, 'U');
    const structure = await suite.w.ok('GET', `/api/projects/structure/${project.id}`);
    expect(structure.map((d: { acronym: string }) => d.acronym)).toEqual(['AAA', 'BBB']);
    expect(
      structure[1].categories.map((c: { reference: string; address: number[] }) => [c.reference, c.address]),
    ).toEqual([
      ['BBB_T', [0]],
      ['BBB_T_S', [0, 0]],
      ['BBB_U', [1]],
    ]);
    const docs = await suite.w.ok('GET', `/api/projects/documents/${project.id}`);
    expect(docs).toHaveLength(2);
  });
});
