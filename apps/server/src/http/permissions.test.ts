import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROLES, roleAtLeast, TAG_COLORS, type ProjectRole } from '@reqloom/domain';
import { attachments } from '../db/schema';
import { leastRole } from './access';
import { joinAs } from '../test/members';
import { openEditor, type TestEditor } from '../test/collaboration-client';
import { cookieOf, createTestApp, listen, unique, type SignedUp, type TestApp } from '../test/harness';
import { png } from '../test/images';
import type { FormPart } from '../test/multipart';

// Walks EVERY project-scoped route the app registers and calls it as a signed-in non-member and as a member of
// each role below the route's least role (decisions §20): each must answer 403, before the body is validated (the
// body sent is malformed), and change nothing. A route added later is walked without a change here; a route that
// takes a new kind of id fails until its fixture is added below.

let t: TestApp;
let owner: SignedUp;
let stranger: SignedUp;
/** A member of each role below maintainer (the owner is the maintainer). */
const members = new Map<ProjectRole, SignedUp>();
let project: { id: number; slug: string; name: string; join_token: string };
let requirementId = 0;
/** Per locator: the path parameters and the body (or multipart form) that name the owner's things. */
const fixtures: Record<string, { params?: Record<string, string>; body?: Record<string, unknown>; form?: FormPart[] }> =
  {};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  stranger = await t.signUp();
  project = (
    await owner.agent.post('/api/projects', { name: 'Guarded', acronym: 'GRD', slug: unique('prj'), group_id: null })
  ).data.data;
  const document = (await owner.agent.post('/api/documents', { project_id: project.id, name: 'D', acronym: 'D' })).data
    .data;
  const category = (await owner.agent.post('/api/categories', { document_id: document.id, name: 'C', acronym: 'C' }))
    .data.data;
  const requirement = (
    await owner.agent.post('/api/requirements', { document_id: document.id, category_id: category.id, name: 'R' })
  ).data.data;
  for (const role of ['viewer', 'reviewer', 'editor'] as const) {
    const member = await t.signUp();
    await joinAs(t, owner, { ...project, join_token: (project as { join_token?: string }).join_token! }, member, role);
    members.set(role, member);
  }
  // The member routes name a user too: the owner, whom no call of the walk may demote or remove.
  fixtures['project.id'] = { params: { id: String(project.id), userId: String(owner.id) } };
  fixtures['project.path'] = { params: { namespace: owner.username, slug: project.slug } };
  fixtures['document.id'] = { params: { id: String(document.id) } };
  fixtures['category.id'] = { params: { id: String(category.id) } };
  fixtures['requirement.id'] = { params: { id: String(requirement.id) } };
  requirementId = requirement.id;
  fixtures['body.project_id'] = { body: { project_id: project.id } };
  fixtures['body.document_id'] = { body: { document_id: document.id } };
  // A validation of links finds its project from its first link's parent (decisions §22).
  fixtures['body.links'] = { body: { links: [{ parent_id: requirement.id, child_id: requirement.id }] } };
  fixtures['commentable.type_id'] = { params: { type: 'requirement', id: String(requirement.id) } };
  const classifier = (
    await owner.agent.post('/api/classifiers', {
      document_id: document.id,
      name: 'Kind',
      tags: [{ title: 'Safety', color: TAG_COLORS[0] }],
    })
  ).data.data;
  fixtures['classifier.id'] = { params: { id: String(classifier.id) } };
  fixtures['tag.id'] = { params: { id: String(classifier.tags[0].id) } };
  fixtures['body.classifier_id'] = { body: { classifier_id: classifier.id } };
  const form = (): FormPart[] => [
    { name: 'project_id', value: String(project.id) },
    { name: 'fileName', value: 'a.png' },
    { name: 'attachment', filename: 'a.png', type: 'image/png', data: png() },
  ];
  fixtures['form.project_id'] = { form: form() };
  const uploaded = await owner.agent.upload('/api/attachments', form());
  fixtures['attachment.fileName'] = { params: { fileName: uploaded.data.fileName } };
  // A spreadsheet's dry run names its document in the form; its apply names the plan (decisions §24).
  const sheetForm = (): FormPart[] => [
    { name: 'document_id', value: String(document.id) },
    { name: 'file', filename: 'a.csv', type: 'text/csv', data: Buffer.from('name\nSheet row\n') },
  ];
  fixtures['form.document_or_project_id'] = { form: sheetForm() };
  const plan = (await owner.agent.upload('/api/documents/importxlsx', sheetForm())).data.data;
  fixtures['body.plan_id'] = { body: { plan_id: plan.plan_id } };
  const baseline = (await owner.agent.post('/api/baselines', { project_id: project.id, name: 'Kept' })).data.data;
  fixtures['baseline.id'] = { params: { id: String(baseline.id) } };
  // A review of the document with the reviewer as approver, and feedback on it (decisions §23).
  const review = (
    await owner.agent.post('/api/reviews', {
      project_id: project.id,
      title: 'Walked',
      document_ids: [document.id],
      participants: [{ user_id: members.get('reviewer')!.id, role: 'approver' }],
    })
  ).data.data;
  fixtures['review.id'] = { params: { id: String(review.id) } };
  const feedback = (
    await owner.agent.post(`/api/reviews/feedback/${review.id}`, { kind: 'comment', content: 'Walked over' })
  ).data.data;
  fixtures['reviewFeedback.id'] = { params: { id: String(feedback.id) } };
});
afterAll(async () => {
  await t.close();
});

/** Wrong in type for every field a body schema of a project route has. */
const MALFORMED = {
  name: 42,
  acronym: 42,
  description: 42,
  content: 42,
  role: 'king',
  settings: 'none',
  query: 42,
  owner_type: 'nobody',
  owner_id: 'x',
  status: 'x',
  children: 'x',
  tags: 'x',
  version: 'x',
  commentable_type: 'x',
  parents_id: 'x',
  revision_id: 'x',
};

describe('project-scoped routes', () => {
  it('declare an access rule on every API route', () => {
    const undeclared = t.routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.access);
    expect(undeclared).toEqual([]);
  });

  it('answer 403 to a non-member and to every role below the route’s least, before validation, and change nothing', async () => {
    const scoped = t.routes.filter((r) => r.access?.kind === 'project');
    expect(scoped.length).toBeGreaterThanOrEqual(30);
    const failures: string[] = [];
    let refused = 0;
    for (const route of scoped) {
      if (route.access?.kind !== 'project') continue;
      const fixture = fixtures[route.access.locate.name];
      if (!fixture) {
        failures.push(`${route.method} ${route.url}: no fixture for locator ${route.access.locate.name}`);
        continue;
      }
      const least = leastRole(route.access, route.method);
      const callers: [string, SignedUp][] = [
        ['non-member', stranger],
        ...[...members].filter(([role]) => !roleAtLeast(role, least)),
      ];
      const url = route.url.replace(/:(\w+)\??/g, (_, name: string) => fixture.params?.[name] ?? `MISSING-${name}`);
      // Malformed for every body schema: the refusal must come before the body is read.
      const body = route.method === 'GET' ? undefined : { ...MALFORMED, ...fixture.body };
      for (const [who, caller] of callers) {
        const res = fixture.form
          ? await caller.agent.upload(url, fixture.form)
          : await caller.agent.request(route.method as 'GET', url, body);
        refused += 1;
        if (res.statusCode !== 403 || res.data?.message !== 'This action is unauthorized.') {
          failures.push(`${who} ${route.method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(scoped.length * 2);
    const still = await owner.agent.get(`/api/projects/${project.id}`);
    expect(still.statusCode).toBe(200);
    expect(still.data.data).toMatchObject({
      name: 'Guarded',
      members_count: 4,
      documents_count: 1,
      join_token: project.join_token,
      my_role: 'maintainer',
    });
    const roles = (await owner.agent.get(`/api/projects/members/${project.id}`)).data.data as { role: string }[];
    expect(roles.map((m) => m.role).sort()).toEqual([...PROJECT_ROLES].sort());
    const reqs = await owner.agent.get(`/api/documents/requirements/${fixtures['document.id']!.params!.id}`);
    expect(reqs.data.data).toHaveLength(1);
    expect(reqs.data.data[0].has_comments).toBe(false);
    for (const segment of ['projects', 'documents', 'categories', 'requirements']) {
      const id = fixtures[`${segment === 'categories' ? 'category' : segment.slice(0, -1)}.id`]!.params!.id;
      const comments = await owner.agent.get(`/api/${segment}/comments/${id}`);
      expect(comments.data, segment).toEqual({ data: [], read_at: null, unread: 0 });
    }
    expect(await t.ctx.db.select({ id: attachments.id }).from(attachments)).toHaveLength(1);
    const kept = await owner.agent.get(`/api/projects/baselines/${project.id}`);
    expect(kept.data.data.map((b: { name: string }) => b.name)).toEqual(['Review: Walked', 'Kept']);
    const review = await owner.agent.get(`/api/reviews/${fixtures['review.id']!.params!.id}`);
    expect(review.data.data).toMatchObject({
      state: 'open',
      revision: 1,
      counts: { items: 1, approved: 0, rejected: 0, feedback_open: 1 },
      signatures: [],
    });
    const classifiers = await owner.agent.get(`/api/documents/classifiers/${fixtures['document.id']!.params!.id}`);
    expect(classifiers.data.data.map((c: { name: string; tags: unknown[] }) => [c.name, c.tags.length])).toEqual([
      ['Kind', 1],
    ]);
  });

  it('declare the least role of decisions §20: reviewers comment, maintainers run the project, editors the rest', () => {
    const byRole: Record<ProjectRole, string[]> = { viewer: [], reviewer: [], editor: [], maintainer: [] };
    for (const route of t.routes)
      if (route.access?.kind === 'project' && route.method !== 'GET' && route.method !== 'HEAD')
        byRole[leastRole(route.access, route.method)].push(`${route.method} ${route.url}`);
    expect(byRole.viewer.sort()).toEqual(['DELETE /api/projects/members/:id/:userId', 'POST /api/projects/search/:id']);
    // Reviewers also take part in the reviews they are invited to (decisions §23); the review's own rules (the
    // moderator, a participant, an approver) are the policy's, tested with the reviews.
    expect(byRole.reviewer.sort()).toEqual([
      'POST /api/categories/comment/:id',
      'POST /api/commentable/updatereadat/:type/:id',
      'POST /api/documents/comment/:id',
      'POST /api/projects/comment/:id',
      'POST /api/requirements/comment/:id',
      'POST /api/reviews/feedback/:id',
      'POST /api/reviews/revokesignature/:id',
      'POST /api/reviews/sign/:id',
      'PUT /api/reviews/feedback/:id',
      'PUT /api/reviews/verdict/:id',
    ]);
    // Signing re-authenticates (decisions §23): these two, and only these, refuse an access token on a project route.
    const sessionOnly = t.routes
      .filter((r) => r.access?.kind === 'project' && r.access.session)
      .map((r) => `${r.method} ${r.url}`);
    expect(sessionOnly.sort()).toEqual(['POST /api/reviews/revokesignature/:id', 'POST /api/reviews/sign/:id']);
    expect(byRole.maintainer.sort()).toEqual([
      'DELETE /api/baselines/:id',
      'DELETE /api/projects/:id',
      'POST /api/projects/jointoken/:id',
      'PUT /api/projects/:id',
      'PUT /api/projects/members/:id/:userId',
      'PUT /api/projects/owner/:id',
      'PUT /api/projects/settings/:id',
    ]);
    // Every read is a viewer's, but the audit trail's, which is an editor's (decisions §21).
    const editorReads = ['/api/projects/audit/:id', '/api/projects/auditexport/:id'];
    for (const route of t.routes)
      if (route.access?.kind === 'project' && route.method === 'GET')
        expect(leastRole(route.access, route.method), route.url).toBe(
          editorReads.includes(route.url) ? 'editor' : 'viewer',
        );
    const declared = (url: string) => t.routes.find((r) => r.method === 'GET' && r.url === url);
    for (const url of editorReads) expect(declared(url)?.access?.kind, url).toBe('project');
    // The CSV link is followed by the user it was made for: a user route, with its own check of the project role.
    expect(declared('/api/projects/auditdownload/:token')?.access?.kind).toBe('user');
    // Revisions are a viewer's to read, and an editor's to restore (decisions §22).
    const least = (method: string, url: string) => {
      const route = t.routes.find((r) => r.method === method && r.url === url);
      return route?.access?.kind === 'project' ? leastRole(route.access, route.method) : undefined;
    };
    expect(least('GET', '/api/requirements/revisions/:id')).toBe('viewer');
    expect(least('POST', '/api/requirements/restore/:id')).toBe('editor');
    // Change control's reads (decisions §22): a viewer's, walked above like every project route.
    expect(least('GET', '/api/requirements/impact/:id')).toBe('viewer');
    expect(least('GET', '/api/projects/suspectlinks/:id')).toBe('viewer');
    expect(least('GET', '/api/projects/suspectlinkcount/:id')).toBe('viewer');
    // A baseline's Word files are a viewer's too; their links are followed on the user route of every export.
    expect(least('GET', '/api/baselines/comparereport/:id')).toBe('viewer');
    expect(least('GET', '/api/baselines/exportmsword/:id')).toBe('viewer');
    expect(declared('/api/downloads/:token')?.access?.kind).toBe('user');
    // The traceability matrix (decisions §24): a viewer's to read and export; its link on a user route.
    for (const url of ['/api/projects/matrix/:id', '/api/projects/matrixpairs/:id', '/api/projects/matrixexport/:id'])
      expect(least('GET', url), url).toBe('viewer');
    expect(declared('/api/projects/matrixdownload/:token')?.access?.kind).toBe('user');
    // Requirement quality (decisions §25): a viewer's to read, walked above like every project route.
    for (const url of ['/api/requirements/quality/:id', '/api/documents/quality/:id']) {
      expect(declared(url)?.access?.kind, url).toBe('project');
      expect(least('GET', url), url).toBe('viewer');
    }
  });

  it("refuses the audit trail's export link to anyone but its maker, and to its maker once below editor", async () => {
    const editor = members.get('editor')!;
    const link = await editor.agent.get(`/api/projects/auditexport/${project.id}`);
    expect(link.statusCode).toBe(200);
    const url = link.data.url as string;
    for (const caller of [stranger, members.get('viewer')!, owner])
      expect((await caller.agent.get(url)).statusCode).toBe(404);
    // Demoted to viewer: its own link no longer opens.
    expect(
      (await owner.agent.put(`/api/projects/members/${project.id}/${editor.id}`, { role: 'viewer' })).statusCode,
    ).toBe(200);
    try {
      expect((await editor.agent.get(url)).statusCode).toBe(404);
    } finally {
      await owner.agent.put(`/api/projects/members/${project.id}/${editor.id}`, { role: 'editor' });
    }
  });

  it('answer 404 for a project that does not exist, and 401 without a session', async () => {
    expect((await stranger.agent.get('/api/projects/99999999')).statusCode).toBe(404);
    expect((await t.agent().get(`/api/projects/${project.id}`)).statusCode).toBe(401);
  });
});

describe('the collaboration connection', () => {
  it('lets the owner in, and refuses a non-member and a client without a session; nothing they send is kept', async () => {
    const base = await listen(t.app);
    const outcome = (e: TestEditor) =>
      Promise.race([e.authenticated.then(() => 'accepted'), e.failed.then(() => 'refused')]);
    const editors = [
      openEditor(base, requirementId, { cookie: cookieOf(owner) }),
      openEditor(base, requirementId, { cookie: cookieOf(stranger) }),
      openEditor(base, requirementId),
    ];
    try {
      expect(await Promise.all(editors.map(outcome))).toEqual(['accepted', 'refused', 'refused']);
      editors[1]!.type('from a stranger ');
      editors[2]!.type('from nobody ');
      await new Promise((r) => setTimeout(r, 2500));
      const stored = (await owner.agent.get(`/api/requirements/${requirementId}`)).data.data as { description: string };
      expect(stored.description).toBe('');
    } finally {
      for (const e of editors) e.destroy();
    }
  });
});
