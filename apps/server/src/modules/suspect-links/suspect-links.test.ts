import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SUSPECT_VALIDATE_MAX } from '@reqloom/domain';
import { rowsOf } from '../../db/prepared';
import { useWorkingArea } from '../../test/working-area';

// Suspect links (decisions §22): the rule, the list with the parent's change, and the validation.

const suite = useWorkingArea();

/** A project with a document SYS and a child document SRS, a parent requirement in SYS and `n` children in SRS. */
async function linked(n = 1) {
  const { w } = suite;
  const project = await w.project();
  const sys = await w.document(project.id, 'SYS');
  const srs = await w.document(project.id, 'SRS', [sys.id]);
  const category = await w.category(sys.id, 'GEN');
  const parent = await w.requirement(sys.id, 'The pump shall start', category.id);
  const other = await w.category(sys.id, 'OTH');
  const children = [];
  for (let i = 0; i < n; i++) children.push(await w.requirement(srs.id, `Child ${i}`));
  await w.ok('PUT', `/api/requirements/${parent.id}`, { children_id: children.map((c) => c.id) });
  return { project, sys, srs, parent, children, other };
}

const marksOf = async (childId: number) =>
  ((await suite.w.ok('GET', `/api/requirements/${childId}`)) as { parents: { id: number; upToDate: boolean }[] })
    .parents;
const suspects = async (projectId: number, query = '') => {
  const res = await suite.user.agent.get(`/api/projects/suspectlinks/${projectId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.data.data as {
    parent: { id: number; reference: string };
    child: { id: number };
    suspect_since: string;
    changed_by: { id: number; name: string } | null;
    changes: Record<string, { before: unknown; after: unknown }>;
  }[];
};

describe('suspect links', () => {
  it('turns a link suspect on a change of its parent’s name, description or status, not of its category', async () => {
    const { project, parent, children, other } = await linked();
    const [child] = children;
    expect(await marksOf(child.id)).toEqual([expect.objectContaining({ id: parent.id, upToDate: true })]);
    expect(await suspects(project.id)).toEqual([]);

    await suite.w.ok('PUT', `/api/requirements/${parent.id}`, { category_id: other.id });
    expect((await marksOf(child.id))[0]!.upToDate).toBe(true);
    expect(await suspects(project.id)).toEqual([]);

    await suite.w.ok('PUT', `/api/requirements/${parent.id}`, {
      name: 'The pump shall start within 2 s',
      status: 1,
    });
    expect((await marksOf(child.id))[0]!.upToDate).toBe(false);
    const [link, ...rest] = await suspects(project.id);
    expect(rest).toEqual([]);
    expect(link).toMatchObject({
      parent: { id: parent.id, name: 'The pump shall start within 2 s', reference: 'SYS_OTH_001' },
      child: { id: child.id, name: 'Child 0', reference: 'SRS_001' },
      changed_by: { id: suite.user.id, name: suite.user.name },
      changes: {
        name: { before: 'The pump shall start', after: 'The pump shall start within 2 s' },
        status: { before: 0, after: 1 },
      },
    });
    expect(link!.changes.description).toBeUndefined();
    expect(Date.parse(link!.suspect_since)).toBeGreaterThan(Date.now() - 60_000);
    // The parent's own view marks its child link the same way; the map and the links' list follow the one rule.
    const parentView = await suite.w.ok('GET', `/api/requirements/${parent.id}`);
    expect(parentView.children).toEqual([expect.objectContaining({ id: child.id, upToDate: false })]);
    const links = await suite.w.ok('GET', `/api/projects/requirementlinks/${project.id}`);
    expect(links).toEqual([expect.objectContaining({ parent_id: parent.id, child_id: child.id, upToDate: false })]);

    // The child's change answers it, as before.
    await suite.w.ok('PUT', `/api/requirements/${child.id}`, { name: 'Child 0, revised' });
    expect((await marksOf(child.id))[0]!.upToDate).toBe(true);
    expect(await suspects(project.id)).toEqual([]);
  });

  it('marks links as reviewed, logs each with the comment, sends both ends, and shows the next change from there', async () => {
    const { project, parent, children } = await linked(2);
    await suite.w.ok('PUT', `/api/requirements/${parent.id}`, { description: '<p>The pump shall start at once.</p>' });
    expect(await suspects(project.id)).toHaveLength(2);

    const res = await suite.user.agent.request(
      'POST',
      '/api/requirementlinks/validate',
      { links: [{ parent_id: parent.id, child_id: children[0].id }], comment: '  Checked with the pump team  ' },
      { headers: { prefer: 'return=representation' } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const sent = (res.data.events as { name: string; payload: { requirement?: { id: number } } }[]).map(
      (e) => `${e.name}:${e.payload.requirement?.id}`,
    );
    expect(sent.sort()).toEqual([`RequirementUpdated:${children[0].id}`, `RequirementUpdated:${parent.id}`].sort());
    const left = await suspects(project.id);
    expect(left.map((l) => l.child.id)).toEqual([children[1].id]);
    expect((await marksOf(children[0].id))[0]!.upToDate).toBe(true);

    const trail = await suite.w.ok('GET', `/api/projects/audit/${project.id}?action=link_validated`);
    expect(trail).toEqual([
      expect.objectContaining({
        action: 'link_validated',
        entity_type: 'link',
        entity_id: children[0].id,
        entity_reference: 'SYS_GEN_001 → SRS_001',
        changes: {
          parent_id: { new: parent.id },
          child_id: { new: children[0].id },
          comment: { new: 'Checked with the pump team' },
        },
      }),
    ]);

    // The next change is shown from the state that was reviewed, not from the link's creation.
    await suite.w.ok('PUT', `/api/requirements/${parent.id}`, { description: '<p>The pump shall start in 1 s.</p>' });
    const again = await suspects(project.id);
    const reviewed = again.find((l) => l.child.id === children[0].id)!;
    expect(reviewed.changes).toEqual({
      description: { before: '<p>The pump shall start at once.</p>', after: '<p>The pump shall start in 1 s.</p>' },
    });
    const never = again.find((l) => l.child.id === children[1].id)!;
    expect(never.changes.description).toEqual({
      before: '<p>The pump shall start</p>',
      after: '<p>The pump shall start in 1 s.</p>',
    });
    // Newest change first: both share the parent's last change, then by child.
    expect(again.map((l) => l.child.id)).toEqual([children[0].id, children[1].id]);
  });

  it('refuses pairs that are not links of the project, too many or none, and changes nothing', async () => {
    const { project, parent, children } = await linked(1);
    const elsewhere = await linked(1);
    await suite.w.ok('PUT', `/api/requirements/${parent.id}`, { name: 'Changed' });
    const post = (body: unknown) => suite.user.agent.post('/api/requirementlinks/validate', body);
    const ok = { parent_id: parent.id, child_id: children[0].id };
    const reversed = { parent_id: children[0].id, child_id: parent.id };
    const foreign = { parent_id: elsewhere.parent.id, child_id: elsewhere.children[0].id };
    const bad = await post({ links: [ok, reversed, foreign] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.data.errors).sort()).toEqual(['links.1', 'links.2']);
    expect(bad.data.errors['links.1']).toEqual(['These two requirements are not linked in this project.']);
    expect((await post({ links: [] })).statusCode).toBe(422);
    const many = Array.from({ length: SUSPECT_VALIDATE_MAX + 1 }, () => ok);
    expect((await post({ links: many })).statusCode).toBe(422);
    expect((await post({ links: [{ parent_id: 999_999_999, child_id: 1 }] })).statusCode).toBe(422);
    expect((await post({ links: [ok], comment: 'x'.repeat(2001) })).statusCode).toBe(422);
    expect(await suspects(project.id)).toHaveLength(1);
    // Named twice, validated once.
    const twice = await post({ links: [ok, ok] });
    expect(twice.statusCode, twice.body).toBe(204);
    expect(await suspects(project.id)).toEqual([]);
    const trail = await suite.w.ok('GET', `/api/projects/audit/${project.id}?action=link_validated`);
    expect(trail).toHaveLength(1);
  });

  it('filters by document, author and date, and refuses bad filters', async () => {
    const { project, sys, srs, parent } = await linked(1);
    await suite.w.ok('PUT', `/api/requirements/${parent.id}`, { status: 2 });
    const unrelated = await suite.w.document(project.id, 'OTH');
    expect(await suspects(project.id, `?document_id=${sys.id}`)).toHaveLength(1);
    expect(await suspects(project.id, `?document_id=${srs.id}`)).toHaveLength(1);
    expect(await suspects(project.id, `?document_id=${unrelated.id}`)).toEqual([]);
    expect(await suspects(project.id, `?changed_by=${suite.user.id}`)).toHaveLength(1);
    expect(await suspects(project.id, `?changed_by=${suite.user.id + 100_000}`)).toEqual([]);
    expect(await suspects(project.id, '?after=2000-01-01')).toHaveLength(1);
    expect(await suspects(project.id, '?after=2999-01-01T00:00:00Z')).toEqual([]);
    for (const query of ['?after=yesterday', '?document_id=x', '?changed_by=-1', '?after=2026-13-45']) {
      const res = await suite.user.agent.get(`/api/projects/suspectlinks/${project.id}${query}`);
      expect(res.statusCode, query).toBe(422);
    }
  });

  it('pages the list by a stable keyset, counts what the filters keep, and refuses a bad cursor or limit', async () => {
    const { project, sys, srs, parent, children } = await linked(5);
    const second = await suite.w.requirement(sys.id, 'Second parent');
    const late = await suite.w.requirement(srs.id, 'Late child');
    await suite.w.ok('PUT', `/api/requirements/${second.id}`, { children_id: [late.id] });
    await suite.w.ok('PUT', `/api/requirements/${parent.id}`, { name: 'Parent, changed' });
    await suite.w.ok('PUT', `/api/requirements/${second.id}`, { name: 'Second parent, changed' });
    const count = async (query = '') => {
      const res = await suite.user.agent.get(`/api/projects/suspectlinkcount/${project.id}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.data as { count: number };
    };
    const page = async (query: string) => {
      const res = await suite.user.agent.get(`/api/projects/suspectlinks/${project.id}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.data as { data: { parent: { id: number }; child: { id: number } }[]; next_cursor: string | null };
    };
    expect(await count()).toEqual({ count: 6 });
    expect(await count(`?child_id=${children[2].id}`)).toEqual({ count: 1 });
    expect(await count(`?changed_by=${suite.user.id + 100_000}`)).toEqual({ count: 0 });

    const everything = await page('');
    expect(everything.next_cursor).toBeNull();
    const pair = (l: { parent: { id: number }; child: { id: number } }) => `${l.parent.id}:${l.child.id}`;
    // Newest change first: the second parent's, then the first's children in order.
    expect(everything.data.map(pair)).toEqual([
      `${second.id}:${late.id}`,
      ...children.map((c) => `${parent.id}:${c.id}`),
    ]);

    const first = await page('?limit=2');
    expect(first.data.map(pair)).toEqual(everything.data.slice(0, 2).map(pair));
    expect(first.next_cursor).toEqual(expect.any(String));
    // A link of the next page answered meanwhile leaves the list; the rest neither shifts nor repeats.
    await suite.w.ok('POST', '/api/requirementlinks/validate', {
      links: [{ parent_id: parent.id, child_id: children[1].id }],
    });
    const rest: string[] = [];
    let cursor = first.next_cursor;
    while (cursor) {
      const next = await page(`?limit=2&cursor=${cursor}`);
      rest.push(...next.data.map(pair));
      cursor = next.next_cursor;
    }
    expect(rest).toEqual([2, 3, 4].map((i) => `${parent.id}:${children[i].id}`));
    expect((await page(`?child_id=${children[3].id}`)).data.map(pair)).toEqual([`${parent.id}:${children[3].id}`]);

    const forged = Buffer.from('123.4', 'utf8').toString('base64url');
    for (const query of ['?limit=0', '?limit=501', '?limit=x', '?cursor=***', `?cursor=${forged}`, '?child_id=0']) {
      const res = await suite.user.agent.get(`/api/projects/suspectlinks/${project.id}${query}`);
      expect(res.statusCode, query).toBe(422);
    }
    for (const query of ['?after=yesterday', '?child_id=x']) {
      const res = await suite.user.agent.get(`/api/projects/suspectlinkcount/${project.id}${query}`);
      expect(res.statusCode, query).toBe(422);
    }
  });

  it('starts every requirement’s change time from its last update (migration 0020), and moves it forward only', async () => {
    const { parent } = await linked(1);
    const read = async () =>
      rowsOf<{ changed: string; updated: string }>(
        await suite.t.ctx.db.execute(
          sql`select content_changed_at::text as changed, updated_at::text as updated from requirements where id = ${parent.id}`,
        ),
      )[0]!;
    // A write that sets an older updated_at (another instance's clock) still moves the change time on.
    const before = await read();
    await suite.t.ctx.db.execute(
      sql`update requirements set name = 'Back in time', updated_at = updated_at - interval '1 hour' where id = ${parent.id}`,
    );
    const after = await read();
    expect(Date.parse(after.changed)).toBeGreaterThan(Date.parse(before.changed));
    // A change of category alone leaves it.
    await suite.t.ctx.db.execute(sql`update requirements set category_id = null where id = ${parent.id}`);
    expect((await read()).changed).toBe(after.changed);
  });
});
