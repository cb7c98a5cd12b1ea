import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_COLORS, type ClassifierPresented, type RequirementPresented } from '@reqloom/domain';
import type { WireMessage } from '../../events/wire-message';
import { createTestApp, type SignedUp, type TestApp } from '../../test/harness';
import { workingArea } from '../../test/working-area';

let t: TestApp;
let alice: SignedUp;
let w: ReturnType<typeof workingArea>;
const wire: WireMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  w = workingArea(alice);
  t.ctx.events.subscribe((work) => void wire.push(...work.wire));
});
afterAll(async () => {
  await t.close();
});

const [RED, ORANGE, YELLOW] = TAG_COLORS;

async function setUp() {
  const project = await w.project();
  const document = await w.document(project.id, 'SRS');
  const other = await w.document(project.id, 'OTH');
  const r1: RequirementPresented = await w.requirement(document.id, 'r1');
  const r2: RequirementPresented = await w.requirement(document.id, 'r2');
  const kind: ClassifierPresented = await w.ok('POST', '/api/classifiers', {
    document_id: document.id,
    name: 'Kind',
    tags: [
      { title: 'Safety', color: RED },
      { title: 'Performance', color: ORANGE },
    ],
  });
  return { project, document, other, r1, r2, kind };
}

const events = async <T>(fn: () => Promise<T>) => {
  wire.length = 0;
  const result = await fn();
  return { result, names: wire.map((m) => m.name), wire: [...wire] };
};

describe('classifiers', () => {
  it('are created with their tags, multiselect by default, and listed in creation order', async () => {
    const { document, kind } = await setUp();
    expect(kind).toMatchObject({ document_id: document.id, name: 'Kind', multiselect: true });
    expect(kind.tags.map((tag) => [tag.title, tag.color])).toEqual([
      ['Safety', RED],
      ['Performance', ORANGE],
    ]);
    const level = await w.ok('POST', '/api/classifiers', {
      document_id: document.id,
      name: 'Level',
      multiselect: false,
    });
    expect(level).toMatchObject({ multiselect: false, tags: [] });
    const list = await w.ok('GET', `/api/documents/classifiers/${document.id}`);
    expect(list.map((c: ClassifierPresented) => c.name)).toEqual(['Kind', 'Level']);
  });

  it('refuse bad names, colours off the palette and duplicate titles (case-insensitive) with 422, changing nothing', async () => {
    const { document, kind } = await setUp();
    const post = (body: unknown) => alice.agent.post('/api/classifiers', body);
    expect((await post({ document_id: document.id, name: '' })).statusCode).toBe(422);
    expect((await post({ document_id: document.id, name: 'x'.repeat(256) })).statusCode).toBe(422);
    const offPalette = await post({ document_id: document.id, name: 'C', tags: [{ title: 'a', color: '#ff0000' }] });
    expect(offPalette.statusCode).toBe(422);
    expect(offPalette.data.errors).toHaveProperty(['tags.0.color']);
    const twice = await post({
      document_id: document.id,
      name: 'C',
      tags: [
        { title: 'Same', color: RED },
        { title: 'same', color: RED },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.data.errors).toHaveProperty(['tags.1.title']);

    const tag = (body: unknown) => alice.agent.post('/api/tags', body);
    const taken = await tag({ classifier_id: kind.id, title: 'SAFETY', color: YELLOW });
    expect(taken.statusCode).toBe(422);
    expect(taken.data.errors.title).toBeDefined();
    expect((await tag({ classifier_id: kind.id, title: 'x'.repeat(101), color: YELLOW })).statusCode).toBe(422);
    expect((await tag({ classifier_id: kind.id, title: 'Ok', color: 'red' })).statusCode).toBe(422);
    const renamed = await alice.agent.put(`/api/tags/${kind.tags[1]!.id}`, { title: 'safety' });
    expect(renamed.statusCode).toBe(422);
    // Its own title in another case is no clash.
    expect((await alice.agent.put(`/api/tags/${kind.tags[0]!.id}`, { title: 'SAFETY' })).statusCode).toBe(200);

    const list: ClassifierPresented[] = await w.ok('GET', `/api/documents/classifiers/${document.id}`);
    expect(list).toHaveLength(1);
    expect(list[0]!.tags.map((x) => x.title)).toEqual(['SAFETY', 'Performance']);
  });

  it('answer 404 for a classifier or tag that does not exist, and 422 for a missing classifier_id', async () => {
    expect((await alice.agent.put('/api/classifiers/99999999', { name: 'x' })).statusCode).toBe(404);
    expect((await alice.agent.delete('/api/tags/99999999')).statusCode).toBe(404);
    expect((await alice.agent.post('/api/tags', { title: 'x', color: RED })).statusCode).toBe(422);
  });

  it('send ClassifierUpdated, TagUpdated, TagDeleted and ClassifierDeleted', async () => {
    const { document } = await setUp();
    const created = await events(() =>
      w.ok('POST', '/api/classifiers', { document_id: document.id, name: 'Area', tags: [{ title: 'A', color: RED }] }),
    );
    expect(created.names).toEqual(['ClassifierUpdated']);
    expect(created.wire[0]!.data).toEqual({ classifier: created.result });
    const classifier: ClassifierPresented = created.result;

    const tag = await events(() => w.ok('POST', '/api/tags', { classifier_id: classifier.id, title: 'B', color: RED }));
    expect(tag.names).toEqual(['TagUpdated']);
    expect(tag.wire[0]!.data).toEqual({
      tag: { id: tag.result.id, classifier_id: classifier.id, title: 'B', color: RED },
    });

    const recoloured = await events(() => w.ok('PUT', `/api/tags/${tag.result.id}`, { color: YELLOW }));
    expect(recoloured.names).toEqual(['TagUpdated']);
    const same = await events(() => w.ok('PUT', `/api/tags/${tag.result.id}`, { color: YELLOW }));
    expect(same.names).toEqual([]);

    const renamed = await events(() => w.ok('PUT', `/api/classifiers/${classifier.id}`, { name: 'Areas' }));
    expect(renamed.names).toEqual(['ClassifierUpdated']);
    expect(renamed.result.name).toBe('Areas');

    const tagGone = await events(() => w.ok('DELETE', `/api/tags/${tag.result.id}`));
    expect(tagGone.wire.map((m) => [m.name, m.data])).toEqual([
      ['TagDeleted', { classifier_id: classifier.id, tag_id: tag.result.id }],
    ]);
    const gone = await events(() => w.ok('DELETE', `/api/classifiers/${classifier.id}`));
    expect(gone.wire.map((m) => [m.name, m.data])).toEqual([
      ['ClassifierDeleted', { document_id: document.id, classifier_id: classifier.id }],
    ]);
    expect(
      (await alice.agent.get(`/api/documents/classifiers/${document.id}`)).data.data.map(
        (c: ClassifierPresented) => c.name,
      ),
    ).toEqual(['Kind']);
  });
});

describe('tags on requirements', () => {
  it('are set by PUT requirements tags_id, listed on every requirement, without a revision or a new updated_at', async () => {
    const { document, r1, kind } = await setUp();
    const [safety, performance] = kind.tags;
    const put = await events(() =>
      w.ok('PUT', `/api/requirements/${r1.id}`, { tags_id: [performance!.id, safety!.id], version: r1.version }),
    );
    const tagged: RequirementPresented = put.result;
    expect(tagged.tags.map((x) => x.title)).toEqual(['Safety', 'Performance']);
    expect(tagged.version).toBe(r1.version + 1);
    expect(tagged.updated_at).toBe(r1.updated_at);
    expect(put.names).toEqual(['RequirementUpdated']);
    const read = await w.ok('GET', `/api/requirements/${r1.id}`);
    expect(read.tags).toEqual(tagged.tags);
    expect(read.revisions).toEqual([]);
    const listed: RequirementPresented[] = await w.ok('GET', `/api/documents/requirements/${document.id}`);
    expect(listed.find((r) => r.id === r1.id)!.tags).toEqual(tagged.tags);
    expect(listed.find((r) => r.id !== r1.id)!.tags).toEqual([]);

    // The same set again changes nothing; an empty set clears.
    const again: RequirementPresented = await w.ok('PUT', `/api/requirements/${r1.id}`, {
      tags_id: [safety!.id, performance!.id],
    });
    expect(again.version).toBe(tagged.version);
    const cleared: RequirementPresented = await w.ok('PUT', `/api/requirements/${r1.id}`, { tags_id: [] });
    expect(cleared.tags).toEqual([]);
  });

  it('refuse a tag of another document and two tags of a single-select classifier (422 on tags_id)', async () => {
    const { other, r1, kind } = await setUp();
    const foreign: ClassifierPresented = await w.ok('POST', '/api/classifiers', {
      document_id: other.id,
      name: 'Foreign',
      tags: [{ title: 'F', color: RED }],
    });
    const refused = await alice.agent.put(`/api/requirements/${r1.id}`, { tags_id: [foreign.tags[0]!.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.data.errors.tags_id).toBeDefined();
    expect((await alice.agent.put(`/api/requirements/${r1.id}`, { tags_id: [99999999] })).statusCode).toBe(422);

    await w.ok('PUT', `/api/classifiers/${kind.id}`, { multiselect: false });
    const two = await alice.agent.put(`/api/requirements/${r1.id}`, { tags_id: kind.tags.map((x) => x.id) });
    expect(two.statusCode).toBe(422);
    expect(two.data.errors.tags_id).toBeDefined();
    expect((await w.ok('GET', `/api/requirements/${r1.id}`)).tags).toEqual([]);
  });

  it('refuse making a classifier single-select while a requirement holds two of its tags (422 on multiselect)', async () => {
    const { r1, kind } = await setUp();
    await w.ok('PUT', `/api/requirements/${r1.id}`, { tags_id: kind.tags.map((x) => x.id) });
    const refused = await alice.agent.put(`/api/classifiers/${kind.id}`, { multiselect: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.data.errors.multiselect).toBeDefined();
    await w.ok('PUT', `/api/requirements/${r1.id}`, { tags_id: [kind.tags[0]!.id] });
    expect((await w.ok('PUT', `/api/classifiers/${kind.id}`, { multiselect: false })).multiselect).toBe(false);
  });

  it('leave every requirement when their tag or classifier is deleted, which moves the version and reloads the list', async () => {
    const { document, r1, r2, kind } = await setUp();
    const a: RequirementPresented = await w.ok('PUT', `/api/requirements/${r1.id}`, { tags_id: [kind.tags[0]!.id] });
    const b: RequirementPresented = await w.ok('PUT', `/api/requirements/${r2.id}`, {
      tags_id: kind.tags.map((x) => x.id),
    });
    const gone = await events(() => w.ok('DELETE', `/api/tags/${kind.tags[0]!.id}`));
    expect(gone.names).toEqual(['TagDeleted', 'RequirementsUpdated']);
    expect(gone.wire[1]!.data).toEqual({ document_ids: [document.id] });
    const after1 = await w.ok('GET', `/api/requirements/${r1.id}`);
    expect(after1.tags).toEqual([]);
    expect(after1.version).toBe(a.version + 1);
    await w.ok('DELETE', `/api/classifiers/${kind.id}`);
    const after2 = await w.ok('GET', `/api/requirements/${r2.id}`);
    expect(after2.tags).toEqual([]);
    expect(after2.version).toBe(b.version + 2);
    // A renamed tag reloads the lists that show it.
    const fresh: ClassifierPresented = await w.ok('POST', '/api/classifiers', {
      document_id: document.id,
      name: 'Again',
      tags: [{ title: 'T', color: RED }],
    });
    await w.ok('PUT', `/api/requirements/${r1.id}`, { tags_id: [fresh.tags[0]!.id] });
    const renamed = await events(() => w.ok('PUT', `/api/tags/${fresh.tags[0]!.id}`, { title: 'T2' }));
    expect(renamed.names).toEqual(['TagUpdated', 'RequirementsUpdated']);
    expect((await w.ok('GET', `/api/requirements/${r1.id}`)).tags[0].title).toBe('T2');
  });

  it('are kept by a copy, and dropped by a move to another document', async () => {
    const { other, r1, kind } = await setUp();
    await w.ok('PUT', `/api/requirements/${r1.id}`, { tags_id: [kind.tags[1]!.id] });
    const copy: RequirementPresented = await w.ok('POST', `/api/requirements/copy/${r1.id}`);
    expect(copy.tags.map((x) => x.title)).toEqual(['Performance']);
    const moved: RequirementPresented = await w.ok('PUT', `/api/requirements/${r1.id}`, { document_id: other.id });
    expect(moved.tags).toEqual([]);
    expect((await w.ok('GET', `/api/requirements/${copy.id}`)).tags.map((x: { title: string }) => x.title)).toEqual([
      'Performance',
    ]);
  });

  it('go with their document', async () => {
    const { document, kind } = await setUp();
    await w.ok('DELETE', `/api/documents/${document.id}`);
    expect((await alice.agent.put(`/api/classifiers/${kind.id}`, { name: 'x' })).statusCode).toBe(404);
  });
});

describe('concurrency', () => {
  it('keeps single-select whole when tags are set while the classifier becomes single-select', async () => {
    const { r1, kind } = await setUp();
    const both = kind.tags.map((x) => x.id);
    const results = await Promise.all([
      alice.agent.put(`/api/requirements/${r1.id}`, { tags_id: both }),
      alice.agent.put(`/api/classifiers/${kind.id}`, { multiselect: false }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const classifier = (await w.ok('GET', `/api/documents/classifiers/${kind.document_id}`))[0];
    const held = (await w.ok('GET', `/api/requirements/${r1.id}`)).tags;
    // Either the tags came first (the classifier stayed multiselect) or the classifier did (the tags were refused).
    expect({ multiselect: classifier.multiselect, held: held.length }).toEqual(
      classifier.multiselect ? { multiselect: true, held: 2 } : { multiselect: false, held: 0 },
    );
  });

  it('never makes two tags of one title, also under concurrent creation', async () => {
    const { document, kind } = await setUp();
    const results = await Promise.all(
      ['Same', 'SAME', 'same'].map((title) =>
        alice.agent.post('/api/tags', { classifier_id: kind.id, title, color: RED }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    const list: ClassifierPresented[] = await w.ok('GET', `/api/documents/classifiers/${document.id}`);
    expect(list[0]!.tags.filter((x) => x.title.toLowerCase() === 'same')).toHaveLength(1);
  });

  it('answers writes racing the deletion of their classifier with 404 or 422, never 500', async () => {
    const statuses = new Set<number>();
    for (let round = 0; round < 15; round++) {
      const { r1, kind } = await setUp();
      const results = await Promise.all([
        alice.agent.put(`/api/tags/${kind.tags[0]!.id}`, { title: `renamed ${round}` }),
        alice.agent.put(`/api/requirements/${r1.id}`, { tags_id: [kind.tags[1]!.id] }),
        alice.agent.post('/api/tags', { classifier_id: kind.id, title: 'new', color: RED }),
        alice.agent.put(`/api/classifiers/${kind.id}`, { multiselect: false }),
        alice.agent.delete(`/api/classifiers/${kind.id}`),
      ]);
      for (const r of results) statuses.add(r.statusCode);
      expect((await w.ok('GET', `/api/requirements/${r1.id}`)).tags).toEqual([]);
    }
    expect([...statuses].filter((s) => ![200, 201, 204, 404, 422].includes(s))).toEqual([]);
  });
});
