import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/prepared';
import { requirements } from '../../../db/schema';
import { useWorkingArea } from '../../../test/working-area';

const suite = useWorkingArea();

const pause = () => new Promise((r) => setTimeout(r, 15));

async function linkedPair() {
  const project = await suite.w.project();
  const parentDoc = await suite.w.document(project.id, 'SYS');
  const childDoc = await suite.w.document(project.id, 'SRS', [parentDoc.id]);
  return { project, parentDoc, childDoc };
}

describe('references and counters', () => {
  it('numbers requirements per document, padded, never reusing a number', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'SRS');
    const cat = await suite.w.category(doc.id, 'INT');
    const r1 = await suite.w.requirement(doc.id, 'one', cat.id);
    const r2 = await suite.w.requirement(doc.id, 'two');
    expect(r1).toMatchObject({
      reference: 'SRS_INT_001',
      reference_number: 1,
      status: 0,
      author: { id: suite.user.id },
    });
    expect(r2.reference).toBe('SRS_002');
    await suite.user.agent.delete(`/api/requirements/${r2.id}`);
    const r3 = await suite.w.requirement(doc.id, 'three');
    expect(r3.reference_number).toBe(3);
  });

  it('takes the next number of the new document when moved', async () => {
    const project = await suite.w.project();
    const a = await suite.w.document(project.id, 'A');
    const b = await suite.w.document(project.id, 'B');
    await suite.w.requirement(b.id, 'b1');
    const r = await suite.w.requirement(a.id, 'mover');
    const moved = await suite.w.ok('PUT', `/api/requirements/${r.id}`, { document_id: b.id });
    expect(moved).toMatchObject({ document_id: b.id, category_id: null, reference: 'B_002' });
  });

  it('refuses a category of another document and a document of another project', async () => {
    const project = await suite.w.project();
    const a = await suite.w.document(project.id, 'A');
    const b = await suite.w.document(project.id, 'B');
    const cb = await suite.w.category(b.id, 'C');
    const bad = await suite.user.agent.post('/api/requirements', { document_id: a.id, category_id: cb.id, name: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.data.errors.category_id).toBeDefined();
    const r = await suite.w.requirement(a.id, 'r');
    const other = await suite.w.document((await suite.w.project()).id, 'O');
    const cross = await suite.user.agent.put(`/api/requirements/${r.id}`, { document_id: other.id });
    expect(cross.statusCode).toBe(422);
    expect(cross.data.errors.document_id).toBeDefined();
  });
});

describe('updates and revisions', () => {
  it('keeps exactly one revision per change of name, description, status or category, with its author', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'D');
    const cat = await suite.w.category(doc.id, 'C');
    const r = await suite.w.requirement(doc.id, 'first');
    await pause();
    const named = await suite.w.ok('PUT', `/api/requirements/${r.id}`, { name: 'second', description: '<p>new</p>' });
    expect(new Date(named.updated_at).getTime()).toBeGreaterThan(new Date(r.updated_at).getTime());
    await suite.w.ok('PUT', `/api/requirements/${r.id}`, { status: 2 });
    await suite.w.ok('PUT', `/api/requirements/${r.id}`, { category_id: cat.id });
    await suite.w.ok('PUT', `/api/requirements/${r.id}`, { name: 'second' }); // no change, no revision
    const full = await suite.w.ok('GET', `/api/requirements/${r.id}`);
    expect(
      full.revisions.map((v: { name: string; status: number; category_id: number | null }) => [
        v.name,
        v.status,
        v.category_id,
      ]),
    ).toEqual([
      ['second', 2, null],
      ['second', 0, null],
      ['first', 0, null],
    ]);
    expect(full.revisions[2]).toMatchObject({
      description: '<p>first</p>',
      author: { id: suite.user.id, name: suite.user.name },
    });
    expect(full.reference).toBe('D_C_001');
  });

  it('accepts status 0 to 3 only, and sanitises the description', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'D');
    const r = await suite.w.requirement(doc.id, 'r');
    expect((await suite.user.agent.put(`/api/requirements/${r.id}`, { status: 4 })).statusCode).toBe(422);
    expect((await suite.user.agent.put(`/api/requirements/${r.id}`, { status: -1 })).statusCode).toBe(422);
    const res = await suite.w.ok('PUT', `/api/requirements/${r.id}`, {
      status: 3,
      description: '<img src=x onerror=alert(1)><p>ok</p>',
    });
    expect(res.status).toBe(3);
    // An image whose source is not an attachment's path goes entirely (decisions §6).
    expect(res.description).toBe('<p>ok</p>');
  });
});

describe('links, coverage and up-to-date marks', () => {
  it('links only between requirements of documents linked parent to child', async () => {
    const { project, parentDoc, childDoc } = await linkedPair();
    const p = await suite.w.requirement(parentDoc.id, 'p');
    const c = await suite.w.requirement(childDoc.id, 'c');
    const sibling = await suite.w.requirement(childDoc.id, 's');
    const unrelated = await suite.w.document(project.id, 'U');
    const u = await suite.w.requirement(unrelated.id, 'u');

    const wrongWay = await suite.user.agent.put(`/api/requirements/${p.id}`, { parents_id: [c.id] });
    expect(wrongWay.statusCode).toBe(422);
    expect(wrongWay.data.errors['parents_id.0']).toEqual([
      'Requirements can only be linked between documents linked parent to child.',
    ]);
    expect((await suite.user.agent.put(`/api/requirements/${c.id}`, { parents_id: [sibling.id] })).statusCode).toBe(
      422,
    );
    expect((await suite.user.agent.put(`/api/requirements/${c.id}`, { parents_id: [c.id] })).statusCode).toBe(422);
    expect((await suite.user.agent.put(`/api/requirements/${c.id}`, { parents_id: [u.id] })).statusCode).toBe(422);
    expect((await suite.user.agent.put(`/api/requirements/${c.id}`, { parents_id: [99999999] })).statusCode).toBe(422);
    // A requirement of another project reads as unknown: the answer reveals nothing about it.
    const elsewhere = await suite.w.document((await suite.w.project()).id, 'X');
    const foreign = await suite.w.requirement(elsewhere.id, 'foreign');
    const oracle = await suite.user.agent.put(`/api/requirements/${c.id}`, { parents_id: [foreign.id] });
    expect(oracle.data.errors['parents_id.0']).toEqual(['The selected value is invalid.']);

    const linked = await suite.w.ok('PUT', `/api/requirements/${p.id}`, { children_id: [c.id, sibling.id] });
    expect(linked.children.map((l: { id: number }) => l.id)).toEqual([c.id, sibling.id]);
    // Editing links does not move updated_at.
    expect(linked.updated_at).toBe(p.updated_at);
    const replaced = await suite.w.ok('PUT', `/api/requirements/${p.id}`, { children_id: [sibling.id] });
    expect(replaced.children).toEqual([{ id: sibling.id, upToDate: true }]);
  });

  it('computes coverage from document and requirement links', async () => {
    const { parentDoc, childDoc } = await linkedPair();
    const p = await suite.w.requirement(parentDoc.id, 'p');
    const c = await suite.w.requirement(childDoc.id, 'c');
    expect(p.coverageStatus).toBe('notCovered');
    expect(c.coverageStatus).toBe('notCovering');
    await suite.w.ok('PUT', `/api/requirements/${c.id}`, { parents_id: [p.id] });
    const reqs = [
      ...(await suite.w.ok('GET', `/api/documents/requirements/${parentDoc.id}`)),
      ...(await suite.w.ok('GET', `/api/documents/requirements/${childDoc.id}`)),
    ];
    expect(reqs.map((r: { coverageStatus: string }) => r.coverageStatus)).toEqual([
      'coveredAndCovering',
      'coveredAndCovering',
    ]);
    const lonely = await suite.w.document((await suite.w.project()).id, 'L');
    expect((await suite.w.requirement(lonely.id, 'l')).coverageStatus).toBe('coveredAndCovering');
  });

  it('marks a link stale when the parent changes after it, and fresh again when the child follows', async () => {
    const { project, parentDoc, childDoc } = await linkedPair();
    const p = await suite.w.requirement(parentDoc.id, 'p');
    const c = await suite.w.requirement(childDoc.id, 'c');
    await pause();
    await suite.w.ok('PUT', `/api/requirements/${c.id}`, { parents_id: [p.id] });
    const links = () => suite.w.ok('GET', `/api/projects/requirementlinks/${project.id}`);
    expect((await links())[0]).toMatchObject({ parent_id: p.id, child_id: c.id, upToDate: true });
    await pause();
    await suite.w.ok('PUT', `/api/requirements/${p.id}`, { description: '<p>changed</p>' });
    expect((await links())[0].upToDate).toBe(false);
    expect((await suite.w.ok('GET', `/api/requirements/${c.id}`)).parents).toEqual([{ id: p.id, upToDate: false }]);
    await pause();
    await suite.w.ok('PUT', `/api/requirements/${c.id}`, { status: 1 });
    expect((await links())[0].upToDate).toBe(true);
  });

  it('keeps the times each link’s mark reads in both link indexes, so that marks read no link row (migrations 0012, 0020)', async () => {
    const result = await suite.t.ctx.db.execute(
      sql`select pg_get_indexdef(c.oid) as definition from pg_index i join pg_class c on c.oid = i.indexrelid
           where i.indrelid = 'requirement_links'::regclass and i.indnkeyatts = 2 order by c.relname`,
    );
    const definitions = rowsOf<{ definition: string }>(result).map((r) => r.definition.replace(/.* USING btree /, ''));
    expect(definitions).toEqual([
      '(child_id, parent_id) INCLUDE (created_at, validated_at)',
      '(parent_id, child_id) INCLUDE (created_at, validated_at)',
    ]);
  });

  it('creates children in child documents, linked, with errors keyed per row', async () => {
    const { parentDoc, childDoc } = await linkedPair();
    const cat = await suite.w.category(childDoc.id, 'K');
    const p = await suite.w.requirement(parentDoc.id, 'p');
    const bad = await suite.user.agent.put(`/api/requirements/createchildren/${p.id}`, {
      children: [
        { document_id: childDoc.id, category_id: cat.id, name: 'ok' },
        { document_id: parentDoc.id, category_id: null, name: 'wrong doc' },
        { document_id: childDoc.id, category_id: null, name: '' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.data.errors).sort()).toEqual(['children.2.name']);
    const wrongDoc = await suite.user.agent.put(`/api/requirements/createchildren/${p.id}`, {
      children: [{ document_id: parentDoc.id, category_id: null, name: 'x' }],
    });
    expect(Object.keys(wrongDoc.data.errors)).toEqual(['children.0.document_id']);
    expect(await suite.w.ok('GET', `/api/documents/requirements/${childDoc.id}`)).toHaveLength(0);

    const created = await suite.w.ok('PUT', `/api/requirements/createchildren/${p.id}`, {
      children: [
        { document_id: childDoc.id, category_id: cat.id, name: 'c1' },
        { document_id: childDoc.id, category_id: null, name: 'c2' },
      ],
    });
    expect(created.map((r: { reference: string }) => r.reference)).toEqual(['SRS_K_001', 'SRS_002']);
    expect((await suite.w.ok('GET', `/api/requirements/${p.id}`)).children.map((l: { id: number }) => l.id)).toEqual(
      created.map((r: { id: number }) => r.id),
    );
  });
});

describe('order, copy and delete', () => {
  it('places new requirements last and swaps with neighbours, no-op at the ends', async () => {
    const project = await suite.w.project();
    const doc = await suite.w.document(project.id, 'D');
    const a = await suite.w.requirement(doc.id, 'a');
    const b = await suite.w.requirement(doc.id, 'b');
    const c = await suite.w.requirement(doc.id, 'c');
    await suite.w.ok('POST', `/api/requirements/moveorderup/${c.id}`);
    await suite.w.ok('POST', `/api/requirements/moveorderup/${a.id}`);
    await suite.w.ok('POST', `/api/requirements/moveorderdown/${b.id}`);
    const ids = (await suite.w.ok('GET', `/api/documents/requirements/${doc.id}`)).map((r: { id: number }) => r.id);
    expect(ids).toEqual([a.id, c.id, b.id]);
  });

  it('copies just after the original, in the caller’s language, without links; tests cannot be copied', async () => {
    const { parentDoc, childDoc } = await linkedPair();
    const p = await suite.w.requirement(parentDoc.id, 'p');
    const a = await suite.w.requirement(childDoc.id, 'first');
    const b = await suite.w.requirement(childDoc.id, 'second');
    await suite.w.ok('PUT', `/api/requirements/${a.id}`, { parents_id: [p.id], status: 2 });
    suite.user.agent.lang = 'fr';
    const copy = await suite.user.agent.post(`/api/requirements/copy/${a.id}`);
    suite.user.agent.lang = 'en';
    expect(copy.statusCode).toBe(201);
    expect(copy.data.data).toMatchObject({
      name: 'Copie de first',
      description: '<p>first</p>',
      parents: [],
      status: 0,
    });
    const ids = (await suite.w.ok('GET', `/api/documents/requirements/${childDoc.id}`)).map(
      (r: { id: number }) => r.id,
    );
    expect(ids).toEqual([a.id, copy.data.data.id, b.id]);

    await suite.t.ctx.db.update(requirements).set({ type: 'test' }).where(eq(requirements.id, b.id));
    expect((await suite.user.agent.post(`/api/requirements/copy/${b.id}`)).statusCode).toBe(422);
  });

  it('deletes a requirement and its links', async () => {
    const { project, parentDoc, childDoc } = await linkedPair();
    const p = await suite.w.requirement(parentDoc.id, 'p');
    const c = await suite.w.requirement(childDoc.id, 'c');
    await suite.w.ok('PUT', `/api/requirements/${c.id}`, { parents_id: [p.id] });
    expect((await suite.user.agent.delete(`/api/requirements/${p.id}`)).statusCode).toBe(204);
    expect((await suite.user.agent.get(`/api/requirements/${p.id}`)).statusCode).toBe(404);
    expect(await suite.w.ok('GET', `/api/projects/requirementlinks/${project.id}`)).toEqual([]);
  });
});
