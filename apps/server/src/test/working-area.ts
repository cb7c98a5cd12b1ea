import { afterAll, beforeAll } from 'vitest';
import { createTestApp, unique, type SignedUp, type TestApp } from './harness';

/** Small builders for the working area, over the real API, that fail loudly. */
export function workingArea(user: SignedUp) {
  const ok = async (method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, body?: unknown) => {
    const res = await user.agent.request(method, url, body);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.data?.data;
  };
  return {
    ok,
    project: (name = 'Project') =>
      ok('POST', '/api/projects', { name, acronym: 'PRJ', slug: unique('prj'), group_id: null }),
    document: (projectId: number, acronym: string, parents: number[] = []) =>
      ok('POST', '/api/documents', { project_id: projectId, name: `Doc ${acronym}`, acronym, parents_id: parents }),
    category: (documentId: number, acronym: string, parentId: number | null = null) =>
      ok('POST', '/api/categories', { document_id: documentId, parent_id: parentId, name: `Cat ${acronym}`, acronym }),
    requirement: (documentId: number, name: string, categoryId: number | null = null) =>
      ok('POST', '/api/requirements', {
        document_id: documentId,
        category_id: categoryId,
        name,
        description: `<p>${name}</p>`,
      }),
  };
}

/** A test file's app and one signed-up user with the working-area builders, made before its tests and closed after. */
export function useWorkingArea() {
  const suite = {} as { t: TestApp; user: SignedUp; w: ReturnType<typeof workingArea> };
  beforeAll(async () => {
    suite.t = await createTestApp();
    suite.user = await suite.t.signUp();
    suite.w = workingArea(suite.user);
  });
  afterAll(async () => {
    await suite.t.close();
  });
  return suite;
}

/** A project of Olive Owner that Max Member joined, with one requirement, "Braking", in a document SRS. */
export async function sharedRequirement(t: TestApp) {
  const owner = await t.signUp({ name: 'Olive Owner' });
  const member = await t.signUp({ name: 'Max Member' });
  const w = workingArea(owner);
  const project = await w.project();
  await member.agent.post(`/api/projects/join/${owner.username}/${project.slug}`, { token: project.join_token });
  const document = await w.document(project.id, 'SRS');
  const requirement = await w.requirement(document.id, 'Braking');
  return { owner, member, project, requirement, w };
}
