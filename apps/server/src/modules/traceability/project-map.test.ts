import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMapPresented } from '@reqloom/domain';
import { createTestApp, type SignedUp, type TestApp } from '../../test/harness';
import { workingArea } from '../../test/working-area';
import { setAlpha } from '../user/user-admin.service';

// GET projects/map/{id}, the synaeptic map's one read (issue 13): the structure and compact rows of requirements
// and links, for members only; tests and their links only for alpha users.

let t: TestApp;
let alpha: SignedUp;
let plain: SignedUp;
let stranger: SignedUp;
let w: ReturnType<typeof workingArea>;

beforeAll(async () => {
  t = await createTestApp();
  alpha = await t.signUp();
  plain = await t.signUp();
  stranger = await t.signUp();
  await setAlpha(t.ctx, alpha.email, true);
  w = workingArea(alpha);
});
afterAll(async () => {
  await t.close();
});

/** A parent and a child document, a two-level category, a link p → c, a requirement linked to nothing. */
async function linkedProject() {
  const project = await w.project();
  await plain.agent.post(`/api/projects/join/${alpha.username}/${project.slug}`, { token: project.join_token });
  const parentDoc = await w.document(project.id, 'P');
  const childDoc = await w.document(project.id, 'C', [parentDoc.id]);
  const top = await w.category(childDoc.id, 'K');
  const sub = await w.category(childDoc.id, 'S', top.id);
  const p = await w.requirement(parentDoc.id, 'p');
  const c = await w.requirement(childDoc.id, 'c', sub.id);
  const lonely = await w.requirement(childDoc.id, 'lonely');
  await w.ok('PUT', `/api/requirements/${c.id}`, { parents_id: [p.id] });
  return { project, parentDoc, childDoc, top, sub, p, c, lonely };
}

const mapOf = async (who: SignedUp, projectId: number) => {
  const res = await who.agent.get(`/api/projects/map/${projectId}`);
  expect(res.statusCode, res.body).toBe(200);
  return projectMapPresented.parse(res.data.data);
};

describe('GET projects/map/{id}', () => {
  it('answers the structure, every requirement as a row in document order and every link with its mark', async () => {
    const { project, parentDoc, childDoc, top, sub, p, c, lonely } = await linkedProject();
    const map = await mapOf(plain, project.id);
    // The structure is the structure read's, to the letter.
    const structure = (await plain.agent.get(`/api/projects/structure/${project.id}`)).data.data;
    expect(map.documents).toEqual(structure);
    expect(map.documents.find((d) => d.id === childDoc.id)!.categories.map((x) => x.id)).toEqual([top.id, sub.id]);
    expect(map.requirements).toEqual([
      // [id, document, category, reference, name, status, test, order, coverage]
      [p.id, parentDoc.id, null, 'P_001', 'p', 0, 0, p.order, 0],
      [c.id, childDoc.id, sub.id, 'C_K_S_001', 'c', 0, 0, c.order, 0],
      // In a child document without a parent: notCovering.
      [lonely.id, childDoc.id, null, 'C_002', 'lonely', 0, 0, lonely.order, 1],
    ]);
    expect(map.links).toEqual([[p.id, c.id, 1]]);
    // No description anywhere: a card's description is read with its requirement.
    expect(JSON.stringify(map)).not.toContain('<p>p</p>');
  });

  it('agrees with the detailed reads on references, statuses, coverage and link marks, stale or not', async () => {
    const { project, parentDoc, childDoc, p, c } = await linkedProject();
    const orphan = await w.requirement(parentDoc.id, 'orphan'); // in a parent document, covered by nothing
    await new Promise((resolve) => setTimeout(resolve, 5));
    await w.ok('PUT', `/api/requirements/${p.id}`, { description: '<p>changed</p>', status: 2 });
    // The marks are those of the detailed reads (computed in SQL there, from the rows' timestamps here).
    const marks = async () =>
      (
        (await w.ok('GET', `/api/projects/requirementlinks/${project.id}`)) as {
          parent_id: number;
          child_id: number;
          upToDate: boolean;
        }[]
      ).map((l) => [l.parent_id, l.child_id, l.upToDate ? 1 : 0]);
    let map = await mapOf(alpha, project.id);
    expect(map.links).toEqual([[p.id, c.id, 0]]);
    expect(map.links).toEqual(await marks());
    const lists = [
      ...(await w.ok('GET', `/api/documents/requirements/${parentDoc.id}`)),
      ...(await w.ok('GET', `/api/documents/requirements/${childDoc.id}`)),
    ] as { id: number; reference: string; status: number; coverageStatus: string; order: number }[];
    const statuses = ['coveredAndCovering', 'notCovering', 'notCovered'];
    for (const row of map.requirements) {
      const listed = lists.find((r) => r.id === row[0])!;
      expect([row[3], row[5], row[7], statuses[row[8]]]).toEqual([
        listed.reference,
        listed.status,
        listed.order,
        listed.coverageStatus,
      ]);
    }
    expect(map.requirements.find((r) => r[0] === orphan.id)![8]).toBe(2);
    expect(map.requirements.find((r) => r[0] === p.id)![5]).toBe(2);
    // The child changed after its parent: the link is up to date again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await w.ok('PUT', `/api/requirements/${c.id}`, { name: 'c reviewed' });
    map = await mapOf(alpha, project.id);
    expect(map.links).toEqual([[p.id, c.id, 1]]);
    expect(map.links).toEqual(await marks());
    expect(map.requirements.find((r) => r[0] === c.id)![4]).toBe('c reviewed');
  });

  it('shows tests and their links to alpha users only; coverage counts them for everyone', async () => {
    const { project, parentDoc, p } = await linkedProject();
    const testDoc = await w.document(project.id, 'T', [parentDoc.id]);
    const uncovered = await w.requirement(parentDoc.id, 'covered by a test only');
    const test = await w.ok('POST', '/api/requirements', {
      document_id: testDoc.id,
      name: 'Check it',
      type: 'test',
    });
    await w.ok('PUT', `/api/requirements/${test.id}`, { parents_id: [uncovered.id] });
    const withTests = await mapOf(alpha, project.id);
    expect(withTests.requirements.find((r) => r[0] === test.id)!.slice(0, 4)).toEqual([
      test.id,
      testDoc.id,
      null,
      'T_001',
    ]);
    expect(withTests.requirements.find((r) => r[0] === test.id)![6]).toBe(1);
    expect(withTests.links).toContainEqual([uncovered.id, test.id, 1]);
    const withoutTests = await mapOf(plain, project.id);
    expect(withoutTests.requirements.map((r) => r[0])).not.toContain(test.id);
    expect(withoutTests.links.flat()).not.toContain(test.id);
    expect(withoutTests.requirements).toHaveLength(withTests.requirements.length - 1);
    // The requirement the test covers is covered for both, as the detailed view says.
    for (const map of [withTests, withoutTests]) {
      expect(map.requirements.find((r) => r[0] === uncovered.id)![8]).toBe(0);
      expect(map.requirements.find((r) => r[0] === p.id)![8]).toBe(0);
    }
  });

  it('is 403 to a signed-in non-member, 404 for a project that does not exist, 401 without a session', async () => {
    const { project } = await linkedProject();
    const refused = await stranger.agent.get(`/api/projects/map/${project.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('P_001');
    expect((await plain.agent.get('/api/projects/map/99999999')).statusCode).toBe(404);
    expect((await t.agent().get(`/api/projects/map/${project.id}`)).statusCode).toBe(401);
  });

  it('answers an empty project with no documents, requirements or links', async () => {
    const project = await w.project();
    expect(await mapOf(alpha, project.id)).toEqual({ documents: [], requirements: [], links: [] });
  });
});
