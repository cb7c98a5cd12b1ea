import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedUp, type TestApp } from '../../../test/harness';
import { workingArea } from '../../../test/working-area';
import { setAlpha } from '../../user/user-admin.service';

// Tests (alpha; decisions §16) through the API: the flag gates creating, changing and running a test, after the
// membership check; the test's fields are checked; a run is kept with the server's verdict.

let t: TestApp;
let alpha: SignedUp;
let plain: SignedUp;
let stranger: SignedUp;
let w: ReturnType<typeof workingArea>;
let projectId: number;
let upper: number;
let lower: number;

const steps = [
  { step: 1, description: 'Power the unit', expectedResult: '' },
  { step: 2, description: 'Press start', expectedResult: 'The green light is on' },
  { step: 3, description: 'Press stop', expectedResult: 'The light is off' },
];

beforeAll(async () => {
  t = await createTestApp();
  alpha = await t.signUp();
  plain = await t.signUp();
  stranger = await t.signUp();
  await setAlpha(t.ctx, alpha.email, true);
  w = workingArea(alpha);
  const project = await w.project();
  projectId = project.id;
  await plain.agent.post(`/api/projects/join/${alpha.username}/${project.slug}`, { token: project.join_token });
  upper = (await w.document(projectId, 'SYS')).id;
  lower = (await w.document(projectId, 'TST', [upper])).id;
});
afterAll(async () => {
  await t.close();
});

const newTest = (who: SignedUp, body: Record<string, unknown> = {}) =>
  who.agent.post('/api/requirements', {
    document_id: lower,
    name: 'Start and stop',
    description: '<p>Checks the light</p>',
    type: 'test',
    initialConditions: '<p>Unit <strong>off</strong><script>alert(1)</script></p>',
    steps,
    ...body,
  });

describe('creating and changing tests', () => {
  it('an alpha member creates a test with its fields; the answer has them, sanitised and numbered', async () => {
    const res = await newTest(alpha);
    expect(res.statusCode).toBe(201);
    const test = res.data.data;
    expect(test).toMatchObject({ type: 'test', test: true, previouslyPassedTests: [] });
    expect(test.initialConditions).toBe('<p>Unit <strong>off</strong></p>');
    expect(test.steps).toEqual(steps.map((s) => ({ ...s, status: null, observation: '' })));
    expect(test.reference).toMatch(/^TST_\d+$/);
    // A requirement has none of the test's fields.
    const requirement = await w.requirement(upper, 'Plain');
    expect(requirement).not.toHaveProperty('steps');
  });

  it('without the flag: 403 for creating, changing, deleting and running a test; a stranger 403 before that', async () => {
    const test = (await newTest(alpha)).data.data;
    expect((await newTest(plain)).statusCode).toBe(403);
    expect((await newTest(plain, { steps: 'not steps' })).statusCode).toBe(403);
    expect((await plain.agent.put(`/api/requirements/${test.id}`, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await plain.agent.put(`/api/requirements/${test.id}`, { name: 42 })).statusCode).toBe(403);
    expect((await plain.agent.delete(`/api/requirements/${test.id}`)).statusCode).toBe(403);
    expect((await plain.agent.post(`/api/requirements/moveorderup/${test.id}`)).statusCode).toBe(403);
    const run = { started_at: new Date().toISOString(), duration_s: 5, steps: [] };
    expect((await plain.agent.post(`/api/requirements/testruns/${test.id}`, run)).statusCode).toBe(403);
    expect((await plain.agent.get(`/api/requirements/testruns/${test.id}`)).statusCode).toBe(403);
    expect((await newTest(stranger)).statusCode).toBe(403);
    // Ordinary requirements stay open to every member.
    expect((await plain.agent.post('/api/requirements', { document_id: upper, name: 'Mine' })).statusCode).toBe(201);
    expect((await alpha.agent.get(`/api/requirements/${test.id}`)).data.data.name).toBe('Start and stop');
  });

  it('checks the fields: steps in order, previous tests of this project, test fields only on tests', async () => {
    const disordered = await newTest(alpha, { steps: [{ step: 2, description: 'x' }] });
    expect(disordered.statusCode).toBe(422);
    expect(Object.keys(disordered.data.errors)).toEqual(['steps.0.step']);
    const requirement = await w.requirement(upper, 'Not a test');
    const previous = await newTest(alpha, { previouslyPassedTests: [requirement.id, 99_999_999] });
    expect(previous.statusCode).toBe(422);
    expect(Object.keys(previous.data.errors).sort()).toEqual(['previouslyPassedTests.0', 'previouslyPassedTests.1']);
    const onRequirement = await alpha.agent.put(`/api/requirements/${requirement.id}`, { steps });
    expect(onRequirement.statusCode).toBe(422);
    expect(Object.keys(onRequirement.data.errors)).toEqual(['steps']);
    const first = (await newTest(alpha)).data.data;
    const second = (await newTest(alpha, { previouslyPassedTests: [first.id] })).data.data;
    expect(second.previouslyPassedTests).toEqual([first.id]);
    const self = await alpha.agent.put(`/api/requirements/${second.id}`, { previouslyPassedTests: [second.id] });
    expect(self.statusCode).toBe(422);
  });

  it('new step text is a change (revision, links go stale); statuses alone move only the version', async () => {
    const parent = await w.requirement(upper, 'Light works');
    const test = (await newTest(alpha)).data.data;
    await w.ok('PUT', `/api/requirements/${test.id}`, { parents_id: [parent.id] });
    const linked = await w.ok('GET', `/api/requirements/${test.id}`);
    expect(linked.parents).toEqual([{ id: parent.id, upToDate: true }]);

    const noted = await w.ok('PUT', `/api/requirements/${test.id}`, {
      steps: linked.steps.map((s: object) => ({ ...s, status: true, observation: 'fine' })),
    });
    expect(noted.version).toBe(linked.version + 1);
    expect(noted.updated_at).toBe(linked.updated_at);
    expect(noted.steps[1]).toMatchObject({ status: true, observation: 'fine' });

    // The parent changes after the link: the link is stale until the test is reviewed, and a step's new text is a
    // change of the test that makes a revision.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const rewritten = await w.ok('PUT', `/api/requirements/${test.id}`, {
      steps: [...steps, { step: 4, description: 'Unplug', expectedResult: '' }],
      initialConditions: '<p>Unit on</p>',
    });
    expect(rewritten.steps).toHaveLength(4);
    expect(rewritten.initialConditions).toBe('<p>Unit on</p>');
    expect(rewritten.updated_at > noted.updated_at).toBe(true);
    const read = await w.ok('GET', `/api/requirements/${test.id}`);
    expect(read.revisions).toHaveLength(1);
  });

  it('a test cannot be copied; it counts for coverage as a child', async () => {
    const parent = await w.requirement(upper, 'Covered by a test');
    const test = (await newTest(alpha)).data.data;
    expect((await alpha.agent.post(`/api/requirements/copy/${test.id}`)).statusCode).toBe(422);
    expect((await w.ok('GET', `/api/requirements/${parent.id}`)).coverageStatus).toBe('notCovered');
    await w.ok('PUT', `/api/requirements/${parent.id}`, { children_id: [test.id] });
    expect((await w.ok('GET', `/api/requirements/${parent.id}`)).coverageStatus).not.toBe('notCovered');
  });
});

describe('counts', () => {
  it("a document's requirement count leaves its tests out, for alpha users and the others alike", async () => {
    const document = (await w.document(projectId, 'CNT')).id;
    await w.requirement(document, 'Counted');
    expect((await newTest(alpha, { document_id: document })).statusCode).toBe(201);
    for (const who of [alpha, plain]) {
      const structure = await who.agent.get(`/api/projects/structure/${projectId}`);
      const listed = structure.data.data.find((d: { id: number }) => d.id === document);
      expect(listed.requirements_count).toBe(1);
      expect((await who.agent.get(`/api/documents/${document}`)).data.data.requirements_count).toBe(1);
    }
  });
});

describe('runs', () => {
  const run = (statuses: (boolean | null)[]) => ({
    started_at: '2026-11-25T10:00:00.000Z',
    duration_s: 75,
    steps: statuses.map((status, i) => ({ step: i + 1, status, observation: status === false ? 'stayed red' : '' })),
  });

  it('keeps a passed and a failed run with the server’s verdict, newest first; the test takes the statuses', async () => {
    const test = (await newTest(alpha)).data.data;
    const passed = await alpha.agent.post(`/api/requirements/testruns/${test.id}`, run([true, true, true]));
    expect(passed.statusCode).toBe(201);
    expect(passed.data.data).toMatchObject({
      test_id: test.id,
      runner: { id: alpha.id, name: alpha.name },
      result: 'pass',
      success_ratio: 100,
      duration_s: 75,
      started_at: '2026-11-25T10:00:00.000Z',
    });
    const failed = await alpha.agent.post(`/api/requirements/testruns/${test.id}`, run([true, false, true]));
    expect(failed.data.data).toMatchObject({ result: 'fail', success_ratio: 50 });
    expect(failed.data.data.steps[1]).toMatchObject({
      description: 'Press start',
      status: false,
      observation: 'stayed red',
    });
    const list = await w.ok('GET', `/api/requirements/testruns/${test.id}`);
    expect(list.map((r: { result: string }) => r.result)).toEqual(['fail', 'pass']);
    const after = await w.ok('GET', `/api/requirements/${test.id}`);
    expect(after.steps.map((s: { status: boolean | null }) => s.status)).toEqual([true, false, true]);
    expect(after.updated_at).toBe(test.updated_at);
  });

  it('a test without runs is deleted like a requirement; one with runs is kept: 422 on id, in either language', async () => {
    const parent = await w.requirement(upper, 'Deleted test parent');
    const fresh = (await newTest(alpha)).data.data;
    expect(fresh.has_runs).toBe(false);
    await w.ok('PUT', `/api/requirements/${fresh.id}`, { parents_id: [parent.id] });
    expect((await w.ok('GET', `/api/requirements/${parent.id}`)).children).toEqual([{ id: fresh.id, upToDate: true }]);
    expect((await alpha.agent.delete(`/api/requirements/${fresh.id}`)).statusCode).toBe(204);
    expect((await alpha.agent.get(`/api/requirements/${fresh.id}`)).statusCode).toBe(404);
    expect((await w.ok('GET', `/api/requirements/${parent.id}`)).children).toEqual([]);

    const ran = (await newTest(alpha)).data.data;
    await alpha.agent.post(`/api/requirements/testruns/${ran.id}`, run([true, true, true]));
    const refused = await alpha.agent.delete(`/api/requirements/${ran.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.data).toEqual({
      message: 'The given data was invalid.',
      errors: { id: ['A test that has runs cannot be deleted: its runs are evidence.'] },
    });
    const french = await alpha.agent.request('DELETE', `/api/requirements/${ran.id}`, undefined, {
      headers: { 'accept-language': 'fr' },
    });
    expect(french.statusCode).toBe(422);
    expect(french.data.errors.id).toEqual([
      'Un test qui a des exécutions ne peut pas être supprimé : elles en sont la preuve.',
    ]);
    // Nothing changed: the test and its run are there, and every reading of the test says it has runs.
    expect((await w.ok('GET', `/api/requirements/${ran.id}`)).has_runs).toBe(true);
    expect(await w.ok('GET', `/api/requirements/testruns/${ran.id}`)).toHaveLength(1);
    const listed = await w.ok('GET', `/api/documents/requirements/${lower}`);
    const byId = new Map(listed.map((r: { id: number; has_runs?: boolean }) => [r.id, r.has_runs]));
    expect(byId.get(ran.id)).toBe(true);
    expect([...byId.values()].filter((v) => v === undefined).length).toBe(
      listed.filter((r: { type: string }) => r.type !== 'test').length,
    );
  });

  it('refuses a run that does not give every step with a status, and a requirement that is not a test', async () => {
    const test = (await newTest(alpha)).data.data;
    for (const body of [run([true, true]), run([true, null, true]), run([true, true, true, true])]) {
      const res = await alpha.agent.post(`/api/requirements/testruns/${test.id}`, body);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.data.errors)).toEqual(['steps']);
    }
    const bad = await alpha.agent.post(`/api/requirements/testruns/${test.id}`, {
      ...run([true, true, true]),
      started_at: 'yesterday',
      duration_s: -1,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.data.errors).sort()).toEqual(['duration_s', 'started_at']);
    expect(await w.ok('GET', `/api/requirements/testruns/${test.id}`)).toEqual([]);
    const requirement = await w.requirement(upper, 'Not runnable');
    expect((await alpha.agent.post(`/api/requirements/testruns/${requirement.id}`, run([true]))).statusCode).toBe(404);
  });
});
