import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { COMMENT_MAX } from '@reqloom/domain';
import { commentReads, comments } from '../../db/schema';
import { createTestApp, type SignedUp, type TestApp } from '../../test/harness';
import { workingArea } from '../../test/working-area';

let t: TestApp;
let alice: SignedUp;
let bob: SignedUp;
let w: ReturnType<typeof workingArea>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp({ name: 'Alice Liddell' });
  bob = await t.signUp({ name: 'Bob Marley Junior' });
  w = workingArea(alice);
});
afterAll(async () => {
  await t.close();
});

/** Alice's project with a document, a category and a requirement in it, which Bob has joined. */
async function shared() {
  const project = await w.project();
  const document = await w.document(project.id, 'SRS');
  const category = await w.category(document.id, 'INT');
  const requirement = await w.requirement(document.id, 'r', category.id);
  await bob.agent.post(`/api/projects/join/${alice.username}/${project.slug}`, { token: project.join_token });
  return { project, document, category, requirement };
}

const pause = () => new Promise((r) => setTimeout(r, 5));

describe('comments', () => {
  it('are posted and read on a project, a document, a category and a requirement, oldest first', async () => {
    const s = await shared();
    const targets = [
      ['projects', s.project.id],
      ['documents', s.document.id],
      ['categories', s.category.id],
      ['requirements', s.requirement.id],
    ] as const;
    for (const [segment, id] of targets) {
      const type = segment === 'categories' ? 'category' : segment.slice(0, -1);
      const first =
        segment === 'projects'
          ? await alice.agent.post(`/api/projects/comment/${id}`, {
              commentable_type: 'project',
              commentable_id: id,
              content: 'first',
            })
          : await alice.agent.post(`/api/${segment}/comment/${id}`, { content: 'first' });
      expect(first.statusCode).toBe(201);
      expect(first.data.data).toMatchObject({
        author_id: alice.id,
        author: { id: alice.id, name: 'Alice Liddell', initials: 'AL' },
        commentable_type: type,
        commentable_id: id,
        project_id: s.project.id,
        content: 'first',
      });
      await pause();
      const second = await bob.agent.post(`/api/projects/comment/${s.project.id}`, {
        commentable_type: type,
        commentable_id: id,
        content: 'second',
      });
      expect(second.statusCode).toBe(201);
      expect(second.data.data.author.initials).toBe('BMJ');
      const list = await alice.agent.get(`/api/${segment}/comments/${id}`);
      expect(list.statusCode).toBe(200);
      expect(list.data.data.map((c: { content: string }) => c.content)).toEqual(['first', 'second']);
      expect(list.data.read_at).toBeNull();
      expect(Date.parse(list.data.data[0].created_at)).toBeLessThanOrEqual(Date.parse(list.data.data[1].created_at));
    }
    // Each element has its own comments: ids of different kinds do not mix.
    const onProject = await alice.agent.get(`/api/projects/comments/${s.project.id}`);
    expect(onProject.data.data).toHaveLength(2);
  });

  it('refuse, through the project, an element of another project or one that does not exist (422)', async () => {
    const s = await shared();
    const other = await w.project('Other');
    const otherDoc = await w.document(other.id, 'OTH');
    const cases = [
      { commentable_type: 'document', commentable_id: otherDoc.id },
      { commentable_type: 'project', commentable_id: other.id },
      { commentable_type: 'requirement', commentable_id: 2_000_000_000 },
      { commentable_type: 'category', commentable_id: s.document.id + 1_000_000 },
    ];
    for (const target of cases) {
      const res = await alice.agent.post(`/api/projects/comment/${s.project.id}`, { ...target, content: 'x' });
      expect(res.statusCode, JSON.stringify(target)).toBe(422);
      expect(res.data.errors.commentable_id).toEqual(['This element does not belong to this project.']);
    }
    const badType = await alice.agent.post(`/api/projects/comment/${s.project.id}`, {
      commentable_type: 'test',
      commentable_id: s.requirement.id,
      content: 'x',
    });
    expect(badType.statusCode).toBe(422);
    expect(Object.keys(badType.data.errors)).toEqual(['commentable_type']);
    expect((await alice.agent.get(`/api/documents/comments/${otherDoc.id}`)).data.data).toEqual([]);
  });

  it('sanitise the text like rich text and keep its line breaks', async () => {
    const s = await shared();
    const post = (content: unknown) => alice.agent.post(`/api/requirements/comment/${s.requirement.id}`, { content });
    const typed = await post(
      '  first line\nsecond <script>alert(1)</script>line\n\n<b onmouseover="x()">a</b> < b & c  ',
    );
    expect(typed.statusCode).toBe(201);
    expect(typed.data.data.content).toBe('first line\nsecond line\n\n<b>a</b> &lt; b &amp; c');
    const link = await post('<a href="javascript:alert(1)" onclick="x()">see</a>');
    expect(link.data.data.content).toBe('<a rel="noopener noreferrer nofollow" target="_blank">see</a>');
    const stored = await t.ctx.db
      .select({ content: comments.content })
      .from(comments)
      .where(eq(comments.id, link.data.data.id));
    expect(stored[0]!.content).not.toContain('javascript');
  });

  it('answer bad input with a 422 in the {message, errors} shape, never a 500', async () => {
    const s = await shared();
    const url = `/api/documents/comment/${s.document.id}`;
    const cases: Array<[unknown, string]> = [
      [{}, 'This field is required.'],
      [{ content: '' }, 'This field is required.'],
      [{ content: ' \n\t ' }, 'This field is required.'],
      [{ content: 42 }, 'This field must be a text.'],
      [{ content: ['a'] }, 'This field must be a text.'],
      [{ content: 'x'.repeat(COMMENT_MAX + 1) }, `This field must not be greater than ${COMMENT_MAX} characters.`],
      [{ content: '<script>alert(1)</script>' }, 'The comment has no text left once unsafe markup is removed.'],
      [{ content: 'nul \u0000 inside' }, 'This value is invalid.'],
    ];
    for (const [body, message] of cases) {
      const res = await alice.agent.post(url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.data).toEqual({ message: 'The given data was invalid.', errors: { content: [message] } });
    }
    const longest = await alice.agent.post(url, { content: 'y'.repeat(COMMENT_MAX) });
    expect(longest.statusCode).toBe(201);
    const malformed = await alice.agent.request('POST', url, undefined, { rawBody: '{"content": ' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.data.message).toBeTypeOf('string');
    expect((await alice.agent.post('/api/documents/comment/2000000000', { content: 'x' })).statusCode).toBe(404);
    expect((await alice.agent.post('/api/documents/comment/abc', { content: 'x' })).statusCode).toBe(404);
    expect((await alice.agent.get('/api/requirements/comments/0')).statusCode).toBe(404);
    bob.agent.lang = 'fr';
    const french = await bob.agent.post(url, { content: '' });
    bob.agent.lang = 'en';
    expect(french.data.errors.content).toEqual(['Ce champ est obligatoire.']);
  });
});

describe('read markers', () => {
  it('count the comments of others after the marker, and none once it is set', async () => {
    const s = await shared();
    const url = `/api/requirements/comments/${s.requirement.id}`;
    await alice.agent.post(`/api/requirements/comment/${s.requirement.id}`, { content: 'mine' });
    await bob.agent.post(`/api/requirements/comment/${s.requirement.id}`, { content: 'one' });
    await bob.agent.post(`/api/requirements/comment/${s.requirement.id}`, { content: 'two' });
    // No marker: all of the others' comments are unread, never one's own.
    expect(await alice.agent.get(url)).toMatchObject({ data: { read_at: null, unread: 2 } });
    expect((await bob.agent.get(url)).data.unread).toBe(1);

    const mark = await alice.agent.post(`/api/commentable/updatereadat/requirement/${s.requirement.id}`);
    expect(mark.statusCode).toBe(204);
    expect(mark.body).toBe('');
    const after = await alice.agent.get(url);
    expect(after.data.unread).toBe(0);
    expect(Date.parse(after.data.read_at)).toBeGreaterThanOrEqual(Date.parse(after.data.data[2].created_at));
    await pause();
    await bob.agent.post(`/api/requirements/comment/${s.requirement.id}`, { content: 'three' });
    expect((await alice.agent.get(url)).data.unread).toBe(1);
    // Marking again moves the marker (one row per reader and element).
    await alice.agent.post(`/api/commentable/updatereadat/requirement/${s.requirement.id}`);
    expect((await alice.agent.get(url)).data.unread).toBe(0);
    const rows = await t.ctx.db.select().from(commentReads).where(eq(commentReads.requirementId, s.requirement.id));
    expect(rows).toHaveLength(1);
    // Bob's marker is his own.
    expect((await bob.agent.get(url)).data).toMatchObject({ read_at: null, unread: 1 });
  });

  it('exist per element, for every kind', async () => {
    const s = await shared();
    const ids = {
      project: s.project.id,
      document: s.document.id,
      category: s.category.id,
      requirement: s.requirement.id,
    };
    for (const [type, id] of Object.entries(ids)) {
      await bob.agent.post(`/api/projects/comment/${s.project.id}`, {
        commentable_type: type,
        commentable_id: id,
        content: type,
      });
    }
    const segment = { project: 'projects', document: 'documents', category: 'categories', requirement: 'requirements' };
    await alice.agent.post(`/api/commentable/updatereadat/category/${s.category.id}`);
    for (const [type, id] of Object.entries(ids)) {
      const res = await alice.agent.get(`/api/${segment[type as keyof typeof segment]}/comments/${id}`);
      expect(res.data.unread, type).toBe(type === 'category' ? 0 : 1);
    }
  });

  it('answer 404 for an unknown kind or element, and 403 to a non-member on every kind', async () => {
    const s = await shared();
    const stranger = await t.signUp();
    expect((await alice.agent.post(`/api/commentable/updatereadat/test/${s.requirement.id}`)).statusCode).toBe(404);
    expect((await alice.agent.post('/api/commentable/updatereadat/document/2000000000')).statusCode).toBe(404);
    const ids = {
      project: s.project.id,
      document: s.document.id,
      category: s.category.id,
      requirement: s.requirement.id,
    };
    for (const [type, id] of Object.entries(ids)) {
      const res = await stranger.agent.post(`/api/commentable/updatereadat/${type}/${id}`);
      expect(res.statusCode, type).toBe(403);
      expect(res.data).toEqual({ message: 'This action is unauthorized.' });
    }
    const [count] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(commentReads)
      .where(eq(commentReads.userId, stranger.id));
    expect(count!.n).toBe(0);
  });
});

describe('has_comments', () => {
  it('is false until a requirement has a comment, wherever requirements are listed', async () => {
    const s = await shared();
    const other = await w.requirement(s.document.id, 'other', s.category.id);
    const lists = async () => {
      const flags = (list: Array<{ id: number; has_comments: boolean }>) =>
        Object.fromEntries(list.map((r) => [r.id, r.has_comments]));
      return [
        flags((await alice.agent.get(`/api/documents/requirements/${s.document.id}`)).data.data),
        flags((await alice.agent.get(`/api/categories/requirements/${s.category.id}`)).data.data),
        flags((await alice.agent.get(`/api/categories/requirementsdeep/${s.category.id}`)).data.data),
        { [s.requirement.id]: (await alice.agent.get(`/api/requirements/${s.requirement.id}`)).data.data.has_comments },
      ];
    };
    for (const flags of await lists()) expect(flags[s.requirement.id]).toBe(false);
    // A comment on the document or the category is not one on its requirements.
    await alice.agent.post(`/api/documents/comment/${s.document.id}`, { content: 'doc' });
    await alice.agent.post(`/api/categories/comment/${s.category.id}`, { content: 'cat' });
    for (const flags of await lists()) expect(flags[s.requirement.id]).toBe(false);

    await bob.agent.post(`/api/requirements/comment/${s.requirement.id}`, { content: 'hello' });
    for (const flags of await lists()) {
      expect(flags[s.requirement.id]).toBe(true);
      if (other.id in flags) expect(flags[other.id]).toBe(false);
    }
    // The answers of writes present it too.
    const renamed = await w.ok('PUT', `/api/requirements/${s.requirement.id}`, { name: 'renamed' });
    expect(renamed.has_comments).toBe(true);
    const moved = await w.ok('POST', `/api/requirements/moveorderup/${other.id}`);
    expect(moved.has_comments).toBe(false);
  });

  it('goes with the requirement: deleting an element deletes its comments and markers', async () => {
    const s = await shared();
    await bob.agent.post(`/api/requirements/comment/${s.requirement.id}`, { content: 'bye' });
    await alice.agent.post(`/api/commentable/updatereadat/requirement/${s.requirement.id}`);
    await bob.agent.post(`/api/documents/comment/${s.document.id}`, { content: 'doc' });
    expect((await alice.agent.delete(`/api/requirements/${s.requirement.id}`)).statusCode).toBe(204);
    const left = await t.ctx.db.select().from(comments).where(eq(comments.requirementId, s.requirement.id));
    expect(left).toEqual([]);
    expect(await t.ctx.db.select().from(commentReads).where(eq(commentReads.requirementId, s.requirement.id))).toEqual(
      [],
    );
    expect((await alice.agent.get(`/api/requirements/comments/${s.requirement.id}`)).statusCode).toBe(404);
    expect((await alice.agent.delete(`/api/documents/${s.document.id}`)).statusCode).toBe(204);
    expect(await t.ctx.db.select().from(comments).where(eq(comments.documentId, s.document.id))).toEqual([]);
  });
});
