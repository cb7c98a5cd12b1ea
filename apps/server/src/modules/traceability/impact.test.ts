import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impactPresented } from '@reqloom/domain';
import { requirementLinks } from '../../db/schema';
import { createTestApp, type SignedUp, type TestApp } from '../../test/harness';
import { workingArea } from '../../test/working-area';
import { setAlpha } from '../user/user-admin.service';

// GET requirements/impact/{id} (decisions §22): everything downstream of a requirement, each once at its smallest
// depth, with the requirement it is reached through; tests only for alpha users.

let t: TestApp;
let alpha: SignedUp;
let plain: SignedUp;
let w: ReturnType<typeof workingArea>;

beforeAll(async () => {
  t = await createTestApp();
  alpha = await t.signUp();
  plain = await t.signUp();
  await setAlpha(t.ctx, alpha.email, true);
  w = workingArea(alpha);
});
afterAll(async () => {
  await t.close();
});

const link = (child: { id: number }, parents: { id: number }[]) =>
  w.ok('PUT', `/api/requirements/${child.id}`, { parents_id: parents.map((p) => p.id) });

/**
 * SYS → SRS → TST → VER, and SYS → TST too. From a (SYS): b1 and b2 (SRS) at depth 1; d (TST) below both at depth 2,
 * and c (TST) both below b1 (depth 2) and straight below a (depth 1); e (VER) below c and d.
 */
async function diamonds() {
  const project = await w.project();
  await plain.agent.post(`/api/projects/join/${alpha.username}/${project.slug}`, { token: project.join_token });
  const sys = await w.document(project.id, 'SYS');
  const srs = await w.document(project.id, 'SRS', [sys.id]);
  const tst = await w.document(project.id, 'TST', [srs.id, sys.id]);
  const ver = await w.document(project.id, 'VER', [tst.id]);
  const cat = await w.category(tst.id, 'K');
  const a = await w.requirement(sys.id, 'a');
  const b1 = await w.requirement(srs.id, 'b1');
  const b2 = await w.requirement(srs.id, 'b2');
  // d first in the document's reading order (at its root), c after it (in a category).
  const c = await w.requirement(tst.id, 'c', cat.id);
  const d = await w.requirement(tst.id, 'd');
  const e = await w.requirement(ver.id, 'e');
  await link(b1, [a]);
  await link(b2, [a]);
  await link(c, [b1, a]);
  await link(d, [b2, b1]);
  await link(e, [d, c]);
  return { project, a, b1, b2, c, d, e, ver };
}

const impactOf = async (who: SignedUp, id: number) => {
  const res = await who.agent.get(`/api/requirements/impact/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return impactPresented.parse(res.data.data);
};

describe('GET requirements/impact/{id}', () => {
  it('lists each requirement downstream once, at its smallest depth, with the one it is reached through', async () => {
    const { a, b1, b2, c, d, e } = await diamonds();
    const impact = await impactOf(plain, a.id);
    expect(impact.map((i) => [i.requirement.reference, i.depth, i.via])).toEqual([
      ['SRS_001', 1, a.id],
      ['SRS_002', 1, a.id],
      // c is below b1 too (depth 2), but straight below a: depth 1, via a.
      ['TST_K_001', 1, a.id],
      // d is below b1 and b2, both at depth 1: once, through the smaller id.
      ['TST_002', 2, Math.min(b1.id, b2.id)],
      // e is below c (depth 1) and d (depth 2): through c.
      ['VER_001', 2, c.id],
    ]);
    expect(impact.find((i) => i.requirement.id === d.id)!.requirement).toEqual({
      id: d.id,
      reference: 'TST_002',
      name: 'd',
      document_id: d.document_id,
      type: 'requirement',
    });
    expect(new Set(impact.map((i) => i.requirement.id)).size).toBe(impact.length);
    expect(impact.map((i) => i.requirement.id)).not.toContain(a.id);
    // From further down, only what is below.
    expect((await impactOf(plain, b2.id)).map((i) => [i.requirement.id, i.depth, i.via])).toEqual([
      [d.id, 1, b2.id],
      [e.id, 2, d.id],
    ]);
    expect(await impactOf(plain, e.id)).toEqual([]);
  });

  it('shows tests, marked as such, to alpha users only, and does not walk through them for others', async () => {
    const { project, a, e, ver } = await diamonds();
    const qa = await w.document(project.id, 'QA', [ver.id]);
    const test = await w.ok('POST', '/api/requirements', { document_id: qa.id, name: 'check e', type: 'test' });
    expect(test.type).toBe('test');
    await link(test, [e]);
    const seen = await impactOf(alpha, a.id);
    expect(seen.at(-1)).toMatchObject({ requirement: { id: test.id, type: 'test' }, depth: 3, via: e.id });
    const hidden = await impactOf(plain, a.id);
    expect(hidden).toHaveLength(seen.length - 1);
    expect(hidden.map((i) => i.requirement.type)).not.toContain('test');
  });

  it('stops on a cycle slipped in by hand, never listing the requirement itself', async () => {
    const { project, a, b1, c, e } = await diamonds();
    // The link rules refuse a cycle; written behind their back, the walk must still end.
    await t.ctx.db.insert(requirementLinks).values({ parentId: e.id, childId: a.id, projectId: project.id });
    const impact = await impactOf(plain, b1.id);
    expect(impact.map((i) => i.requirement.id)).toContain(a.id);
    expect(impact.map((i) => i.requirement.id)).not.toContain(b1.id);
    expect(impact.find((i) => i.requirement.id === c.id)).toMatchObject({ depth: 1, via: b1.id });
    expect(new Set(impact.map((i) => i.requirement.id)).size).toBe(impact.length);
  });

  it('answers 404 for a requirement that does not exist, and 403 to a non-member', async () => {
    const { a } = await diamonds();
    expect((await alpha.agent.get('/api/requirements/impact/99999999')).statusCode).toBe(404);
    const stranger = await t.signUp();
    expect((await stranger.agent.get(`/api/requirements/impact/${a.id}`)).statusCode).toBe(403);
  });
});
