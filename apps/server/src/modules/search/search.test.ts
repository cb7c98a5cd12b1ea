import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResultPresented } from '@reqloom/domain';
import { createTestApp, type SignedUp, type TestApp } from '../../test/harness';
import { workingArea } from '../../test/working-area';
import { setAlpha } from '../user/user-admin.service';

let t: TestApp;
let alice: SignedUp;
let w: ReturnType<typeof workingArea>;
let project: { id: number; slug: string; join_token: string };
let srs: { id: number };
let other: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  w = workingArea(alice);
  project = await w.project('Plant');
  srs = await w.document(project.id, 'SRS');
  await w.ok('PUT', `/api/documents/${srs.id}`, { name: 'Software requirements' });
  const int = await w.category(srs.id, 'INT');
  await w.ok('PUT', `/api/categories/${int.id}`, { name: 'Interfaces hydrauliques' });
  const purge = await w.requirement(srs.id, 'Électrovanne de purge', int.id);
  await w.ok('PUT', `/api/requirements/${purge.id}`, {
    description: '<p>The <strong>purge</strong> valve opens when the tank pressure exceeds 3 bar &amp; stays open.</p>',
  });
  const pump = await w.requirement(srs.id, 'Pump start', int.id);
  await w.ok('PUT', `/api/requirements/${pump.id}`, {
    description: '<p>The pump starts after the electrovanne has opened.</p>',
  });
  await w.requirement(srs.id, 'Log every <script>alert(1)</script> event');
  // Another project's element must never be found.
  other = await w.project('Elsewhere');
  const otherDoc = await w.document(other.id, 'SRS');
  await w.requirement(otherDoc.id, 'Électrovanne secrète');
});
afterAll(async () => {
  await t.close();
});

const search = async (query: string, limit?: number) => {
  const res = await alice.agent.post(`/api/projects/search/${project.id}`, { query, limit });
  return res;
};
const found = async (query: string, limit?: number): Promise<SearchResultPresented[]> => {
  const res = await search(query, limit);
  expect(res.statusCode, res.body).toBe(200);
  return res.data.data;
};

describe('project search', () => {
  it('names the document each hit is in (issue 31)', async () => {
    const sys = await w.document(project.id, 'SYS');
    await w.ok('PUT', `/api/documents/${sys.id}`, { name: 'System requirements' });
    await w.requirement(sys.id, 'Pump stop');
    const hits = await found('pump');
    expect(hits.map((r) => [r.name, r.reference, r.document_name]).sort()).toEqual([
      ['Pump start', 'SRS_INT_002', 'Software requirements'],
      ['Pump stop', 'SYS_001', 'System requirements'],
    ]);
    // A document names itself; a category its document.
    expect((await found('SYS'))[0]).toMatchObject({ model: 'document', document_name: 'System requirements' });
    expect((await found('hydrauliques'))[0]).toMatchObject({
      model: 'category',
      document_name: 'Software requirements',
    });
  });

  it('finds names and descriptions whatever their accents and case, both ways', async () => {
    const plain = await found('electrovanne');
    expect(plain.map((r) => r.name)).toEqual(['Électrovanne de purge', 'Pump start']);
    expect(plain[0]).toMatchObject({ model: 'requirement', reference: 'SRS_INT_001', document_id: srs.id });
    expect(plain[0]!.extract).toBe('<mark>Électrovanne</mark> de purge');
    expect(plain[1]!.extract).toBe('The pump starts after the <mark>electrovanne</mark> has opened.');
    const accented = await found('ÉLECTROVANNE');
    expect(accented.map((r) => r.name)).toEqual(plain.map((r) => r.name));
    // A word's beginning finds it, and so does a part of a name.
    expect((await found('électro')).map((r) => r.name)).toContain('Électrovanne de purge');
    expect((await found('vanne')).map((r) => r.name)).toContain('Électrovanne de purge');
  });

  it('ranks a match in the name above one in the description, and needs every word', async () => {
    const results = await found('purge');
    expect(results.map((r) => r.name)).toEqual(['Électrovanne de purge']);
    expect((await found('pump electrovanne')).map((r) => r.name)).toEqual(['Pump start']);
    expect(await found('pump zebra')).toEqual([]);
  });

  it('marks the description around the match, escaped', async () => {
    const [hit] = await found('pressure');
    expect(hit!.extract).toBe(
      'The purge valve opens when the tank <mark>pressure</mark> exceeds 3 bar &amp; stays open.',
    );
    const [script] = await found('script');
    expect(script!.name).toBe('Log every <script>alert(1)</script> event');
    expect(script!.extract).toBe('Log every &lt;<mark>script</mark>&gt;alert(1)&lt;/<mark>script</mark>&gt; event');
  });

  it('puts an element whose reference is the query first, whatever its case', async () => {
    expect((await found('srs_int_001'))[0]).toMatchObject({ model: 'requirement', name: 'Électrovanne de purge' });
    expect((await found('SRS_003'))[0]).toMatchObject({ model: 'requirement', reference: 'SRS_003' });
    expect((await found('SRS_INT'))[0]).toMatchObject({ model: 'category', reference: 'SRS_INT' });
    expect((await found('SRS'))[0]).toMatchObject({
      model: 'document',
      reference: 'SRS',
      name: 'Software requirements',
    });
    expect((await found('hydrauliques'))[0]).toMatchObject({ model: 'category', name: 'Interfaces hydrauliques' });
  });

  // The number went to the database as it was typed, past an integer's range: PostgreSQL refused it, and the search
  // answered 422 "The given data was invalid." to a query that is valid.
  it('finds nothing, without an error, for a reference whose number no requirement can have', async () => {
    expect(await found('SRS_INT_99999999999999999999')).toEqual([]);
    expect(await found('SRS_2147483648')).toEqual([]);
  });

  it('keeps to the project, and to the limit', async () => {
    const results = await found('électrovanne');
    expect(results.some((r) => r.name === 'Électrovanne secrète')).toBe(false);
    expect(await found('electrovanne', 1)).toHaveLength(1);
    const otherSearch = await alice.agent.post(`/api/projects/search/${other.id}`, { query: 'electrovanne' });
    expect(otherSearch.data.data.map((r: SearchResultPresented) => r.name)).toEqual(['Électrovanne secrète']);
  });

  it('refuses fewer than 3 characters (after trimming), a limit outside 1–15, and non-members', async () => {
    expect((await search('ab')).statusCode).toBe(422);
    expect((await search('  ab  ')).statusCode).toBe(422);
    expect((await search('abc', 0)).statusCode).toBe(422);
    expect((await search('abc', 16)).statusCode).toBe(422);
    expect((await search('x'.repeat(201))).statusCode).toBe(422);
    expect(await found('%%%')).toEqual([]);
    expect(await found("' & | ! :*")).toEqual([]);
    const stranger = await t.signUp();
    expect(
      (await stranger.agent.post(`/api/projects/search/${project.id}`, { query: 'electrovanne' })).statusCode,
    ).toBe(403);
  });

  it('sees every write at once: the index is kept by the writes', async () => {
    const r = await w.requirement(srs.id, 'Thermostat');
    expect((await found('thermostat')).map((x) => x.id)).toEqual([r.id]);
    await w.ok('PUT', `/api/requirements/${r.id}`, { name: 'Hygrostat', description: '<p>Humidity</p>' });
    expect(await found('thermostat')).toEqual([]);
    expect((await found('humidity')).map((x) => x.id)).toEqual([r.id]);
    await w.ok('DELETE', `/api/requirements/${r.id}`);
    expect(await found('hygrostat')).toEqual([]);
  });

  it('finds tests only for alpha users, by words and by reference (decisions §16)', async () => {
    await setAlpha(t.ctx, alice.email, true);
    const res = await alice.agent.post('/api/requirements', {
      document_id: srs.id,
      name: 'Zeppelin mooring test',
      type: 'test',
      steps: [{ step: 1, description: 'Moor it', expectedResult: 'Moored' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const test = res.data.data;
    const bob = await t.signUp();
    const joined = await bob.agent.post(`/api/projects/join/${alice.username}/${project.slug}`, {
      token: project.join_token,
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    const bobFinds = async (query: string) => {
      const answer = await bob.agent.post(`/api/projects/search/${project.id}`, { query });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.data.data.map((r: SearchResultPresented) => r.id);
    };
    expect((await found('zeppelin')).map((r) => r.id)).toEqual([test.id]);
    expect((await found(test.reference)).map((r) => r.id)).toEqual([test.id]);
    expect(await bobFinds('zeppelin')).toEqual([]);
    expect(await bobFinds(test.reference)).toEqual([]);
    // A requirement of the same words is still found by a member without the flag.
    const plain = await w.requirement(srs.id, 'Zeppelin mast');
    expect(await bobFinds('zeppelin')).toEqual([plain.id]);
  });
});

describe('project search of long descriptions', () => {
  // The extract was made from the whole description, twice per result, a character at a time: a search whose 15
  // results had descriptions of a million characters held every request of the server for 10 to 15 s.
  it('makes extracts from the start of a long description, in a moment', async () => {
    const long = await w.project('Long');
    const doc = await w.document(long.id, 'LNG');
    const description = `<p>${'ozymandias '.repeat(80_000)}</p><p>${'dust '.repeat(20_000)}</p>`;
    for (let i = 0; i < 6; i++) {
      const r = await w.requirement(doc.id, `Statue ${i}`);
      await w.ok('PUT', `/api/requirements/${r.id}`, { description });
    }
    const started = performance.now();
    const res = await alice.agent.post(`/api/projects/search/${long.id}`, { query: 'ozymandias' });
    // Before, about 6 s for these six; the bound leaves room for a busy machine (it failed nowhere at 1 s, but a
    // loaded CI machine stretches a call over HTTP and PGlite more than the pure functions above).
    expect(performance.now() - started).toBeLessThan(3000);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data.data).toHaveLength(6);
    expect(res.data.data[0].extract).toMatch(/^<mark>ozymandias<\/mark> <mark>ozymandias<\/mark>/);
    // Found by a word past the start: the extract is then the name's.
    const deep = await alice.agent.post(`/api/projects/search/${long.id}`, { query: 'dust' });
    expect(deep.data.data.map((r: SearchResultPresented) => r.extract)).toContain('Statue 0');
  });
});
