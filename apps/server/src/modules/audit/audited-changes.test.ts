import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_COLORS } from '@reqloom/domain';
import { fixture, hasFixtures } from '../../test/fixtures';
import { createTestApp, unique, type SignedUp, type TestApp } from '../../test/harness';
import { workingArea } from '../../test/working-area';
import { setAlpha } from '../user/user-admin.service';

// What the changes outside the working area leave in the audit trail (decisions §21), read through the API: the
// project itself, its settings, owner and join link, classifiers and tags, comments, imports and exports.

let t: TestApp;
let owner: SignedUp;
let w: ReturnType<typeof workingArea>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp({ name: 'Ada Auditor' });
  await setAlpha(t.ctx, owner.email, true);
  w = workingArea(owner);
});
afterAll(async () => {
  await t.close();
});

type Entry = {
  id: number;
  actor: { type: string; id: number | null; name: string };
  action: string;
  entity_type: string;
  entity_id: number | null;
  entity_reference: string | null;
  document_id: number | null;
  changes: Record<string, { old?: unknown; new?: unknown; changed?: true }>;
};

/** The project's entries, oldest first; `after` leaves out those up to an entry id. */
async function entries(projectId: number, after = 0): Promise<Entry[]> {
  const res = await owner.agent.get(`/api/projects/audit/${projectId}?limit=200`);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return (res.data.data as Entry[]).filter((e) => e.id > after).reverse();
}
const lastId = async (projectId: number) => (await entries(projectId)).at(-1)?.id ?? 0;

describe('the project', () => {
  it('records its creation with name, acronym, slug and owner, by its creator', async () => {
    const slug = unique('prj');
    const project = await w.ok('POST', '/api/projects', { name: 'Brakes', acronym: 'BRK', slug, group_id: null });
    expect(await entries(project.id)).toMatchObject([
      {
        actor: { type: 'user', id: owner.id, name: 'Ada Auditor' },
        action: 'created',
        entity_type: 'project',
        entity_id: project.id,
        entity_reference: 'Brakes',
        changes: {
          name: { new: 'Brakes' },
          acronym: { new: 'BRK' },
          slug: { new: slug },
          owner: { new: `user:${owner.username}` },
        },
      },
    ]);
  });

  it('records an update with only what changed, old and new; the description only as changed', async () => {
    const project = await w.project('Before');
    const mark = await lastId(project.id);
    await w.ok('PUT', `/api/projects/${project.id}`, { name: 'After', acronym: 'PRJ', description: '<p>secret</p>' });
    // Nothing changes: nothing recorded.
    await w.ok('PUT', `/api/projects/${project.id}`, { name: 'After' });
    const recorded = await entries(project.id, mark);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ action: 'updated', entity_type: 'project', entity_reference: 'After' });
    expect(recorded[0]!.changes).toEqual({ name: { old: 'Before', new: 'After' }, description: { changed: true } });
    expect(JSON.stringify(recorded)).not.toContain('secret');
  });

  it('records each setting that changed, old and new, the join role included', async () => {
    const project = await w.project();
    const mark = await lastId(project.id);
    await w.ok('PUT', `/api/projects/settings/${project.id}`, {
      settings: { joinRole: 'viewer', acronymMaxSize: 7, organizationName: '' },
    });
    const recorded = await entries(project.id, mark);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ action: 'settings_changed', entity_type: 'project', entity_id: project.id });
    // organizationName was '' already: not a change.
    expect(recorded[0]!.changes).toEqual({
      joinRole: { old: 'editor', new: 'viewer' },
      acronymMaxSize: { old: expect.any(Number), new: 7 },
    });
  });

  it('records that the join link was renewed, never the token', async () => {
    const project = await w.project();
    const mark = await lastId(project.id);
    const renewed = await w.ok('POST', `/api/projects/jointoken/${project.id}`);
    const recorded = await entries(project.id, mark);
    expect(recorded).toMatchObject([
      { action: 'settings_changed', entity_type: 'project', changes: { join_link: { changed: true } } },
    ]);
    const text = JSON.stringify(recorded);
    expect(text).not.toContain(renewed.join_token);
    expect(text).not.toContain(project.join_token);
  });

  it('records a transfer with the old and new owner as user:<username> and group:<slug>', async () => {
    const project = await w.project();
    const slug = unique('grp');
    const group = await w.ok('POST', '/api/groups', { name: 'Team', slug });
    const mark = await lastId(project.id);
    await w.ok('PUT', `/api/projects/owner/${project.id}`, { owner_type: 'group', owner_id: group.id });
    await w.ok('PUT', `/api/projects/owner/${project.id}`, { owner_type: 'user', owner_id: owner.id });
    const recorded = await entries(project.id, mark);
    expect(recorded.map((e) => [e.action, e.changes])).toEqual([
      ['transferred', { owner: { old: `user:${owner.username}`, new: `group:${slug}` } }],
      ['transferred', { owner: { old: `group:${slug}`, new: `user:${owner.username}` } }],
    ]);
  });
});

describe('classifiers and tags', () => {
  it('records their creation, update and deletion in their document', async () => {
    const project = await w.project();
    const document = await w.document(project.id, 'SRS');
    const mark = await lastId(project.id);
    const classifier = await w.ok('POST', '/api/classifiers', {
      document_id: document.id,
      name: 'Kind',
      tags: [{ title: 'Safety', color: TAG_COLORS[0] }],
    });
    await w.ok('PUT', `/api/classifiers/${classifier.id}`, { name: 'Nature', multiselect: false });
    const tag = await w.ok('POST', '/api/tags', {
      classifier_id: classifier.id,
      title: 'Comfort',
      color: TAG_COLORS[1],
    });
    await w.ok('PUT', `/api/tags/${tag.id}`, { color: TAG_COLORS[2] });
    await w.ok('DELETE', `/api/tags/${tag.id}`);
    await w.ok('DELETE', `/api/classifiers/${classifier.id}`);
    const recorded = (await entries(project.id, mark)).filter((e) => e.entity_type !== 'document');
    expect(recorded.map((e) => [e.action, e.entity_type, e.entity_reference, e.changes])).toEqual([
      [
        'created',
        'classifier',
        'Kind',
        { name: { new: 'Kind' }, multiselect: { new: true }, tags: { new: ['Safety'] } },
      ],
      [
        'updated',
        'classifier',
        'Nature',
        { name: { old: 'Kind', new: 'Nature' }, multiselect: { old: true, new: false } },
      ],
      ['created', 'tag', 'Nature: Comfort', { title: { new: 'Comfort' }, color: { new: TAG_COLORS[1] } }],
      ['updated', 'tag', 'Nature: Comfort', { color: { old: TAG_COLORS[1], new: TAG_COLORS[2] } }],
      ['deleted', 'tag', 'Nature: Comfort', { title: { old: 'Comfort' }, color: { old: TAG_COLORS[2] } }],
      [
        'deleted',
        'classifier',
        'Nature',
        { name: { old: 'Nature' }, multiselect: { old: false }, tags: { old: ['Safety'] } },
      ],
    ]);
    expect(recorded.every((e) => e.document_id === document.id)).toBe(true);
    expect(recorded.filter((e) => e.entity_type === 'classifier').every((e) => e.entity_id === classifier.id)).toBe(
      true,
    );
    expect(recorded.filter((e) => e.entity_type === 'tag').every((e) => e.entity_id === tag.id)).toBe(true);
  });
});

describe('comments', () => {
  it('records where a comment was made, by its id, never its content', async () => {
    const project = await w.project('Commented');
    const document = await w.document(project.id, 'SRS');
    const category = await w.category(document.id, 'CAT');
    const requirement = await w.requirement(document.id, 'Braking');
    const mark = await lastId(project.id);
    const made: { id: number }[] = [];
    made.push(await w.ok('POST', `/api/requirements/comment/${requirement.id}`, { content: 'very private words' }));
    made.push(await w.ok('POST', `/api/categories/comment/${category.id}`, { content: 'x' }));
    made.push(await w.ok('POST', `/api/documents/comment/${document.id}`, { content: 'x' }));
    made.push(
      await w.ok('POST', `/api/projects/comment/${project.id}`, {
        commentable_type: 'project',
        commentable_id: project.id,
        content: 'x',
      }),
    );
    // A read marker is the reader's own, not a change of the project.
    await owner.agent.post(`/api/commentable/updatereadat/requirement/${requirement.id}`);
    const recorded = await entries(project.id, mark);
    expect(recorded.map((e) => [e.action, e.entity_type, e.entity_id, e.entity_reference, e.document_id])).toEqual([
      ['created', 'comment', made[0]!.id, `requirement ${requirement.reference}`, document.id],
      ['created', 'comment', made[1]!.id, `category ${category.reference}`, document.id],
      ['created', 'comment', made[2]!.id, 'document Doc SRS', document.id],
      ['created', 'comment', made[3]!.id, 'project Commented', null],
    ]);
    expect(recorded[0]!.changes).toEqual({
      commentable_type: { new: 'requirement' },
      commentable_id: { new: requirement.id },
    });
    expect(JSON.stringify(recorded)).not.toContain('private');
  });
});

describe.skipIf(!hasFixtures)('imports', () => {
  // The contract with the working area's own entries: an import is ONE entry, whatever it made.
  it.each([
    ['reqif/pror_rmf_software_requirements_spec.reqif', '/api/documents/importreqif', 'reqif'],
    ['docx/nasa_hs_requirements_trace_table.docx', '/api/documents/importmsword', 'docx'],
  ] as const)('%s: one imported entry with its counts, no entry per element', async (file, url, format) => {
    const project = await w.project();
    const mark = await lastId(project.id);
    const name = file.split('/').pop()!;
    const res = await owner.agent.upload(url, [
      { name: 'project_id', value: String(project.id) },
      { name: 'file', filename: name, type: 'application/octet-stream', data: fixture(file) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { documents, report } = res.data.data as {
      documents: { id: number; name: string }[];
      report: { created: { documents: number; categories: number; requirements: number } };
    };
    expect(report.created.requirements).toBeGreaterThan(5);
    const recorded = await entries(project.id, mark);
    expect(recorded.map((e) => e.action)).toEqual(['imported']);
    expect(recorded[0]).toMatchObject({
      actor: { type: 'user', id: owner.id },
      entity_type: 'document',
      entity_id: documents[0]!.id,
      document_id: documents[0]!.id,
      changes: {
        file: { new: name },
        format: { new: format },
        documents: { new: report.created.documents },
        categories: { new: report.created.categories },
        requirements: { new: report.created.requirements },
      },
    });
    expect(recorded[0]!.entity_reference).toContain(documents[0]!.name);
  });
});

describe('exports', () => {
  it('records a Word and a ReqIF export when the link is followed, not when it is made', async () => {
    const project = await w.project();
    const document = await w.document(project.id, 'SRS');
    await w.requirement(document.id, 'Braking');
    const mark = await lastId(project.id);
    for (const [route, format] of [
      ['exportmsword', 'msword'],
      ['exportreqif', 'reqif'],
    ] as const) {
      const link = await owner.agent.get(`/api/documents/${route}/${document.id}`);
      expect(link.statusCode).toBe(200);
      expect(await entries(project.id, mark)).toHaveLength(format === 'msword' ? 0 : 1);
      expect((await owner.agent.get(link.data.url as string)).statusCode).toBe(200);
      // A link is used once: following it again neither sends the file nor records anything.
      expect((await owner.agent.get(link.data.url as string)).statusCode).toBe(404);
    }
    expect(
      (await entries(project.id, mark)).map((e) => [
        e.action,
        e.entity_type,
        e.entity_id,
        e.entity_reference,
        e.changes,
      ]),
    ).toEqual([
      ['exported', 'document', document.id, 'Doc SRS', { format: { new: 'msword' } }],
      ['exported', 'document', document.id, 'Doc SRS', { format: { new: 'reqif' } }],
    ]);
  });
});
