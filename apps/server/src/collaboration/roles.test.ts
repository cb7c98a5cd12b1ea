import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEditor, until, type TestEditor } from '../test/collaboration-client';
import { createTestApp, type SignedUp, type TestApp } from '../test/harness';
import { joinAs, setRole } from '../test/members';
import { workingArea } from '../test/working-area';
import { readHtml } from '../modules/working-area/requirements/description/shared-description';

// Collaboration by role (decisions §20): viewers and reviewers connect read-only; a role dropped below editor makes
// an open connection read-only within 2 s. Real Hocuspocus providers against the app on a real port.

let t: TestApp;
let base: string;
const editors: TestEditor[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const e of editors) e.destroy();
  await t.close();
});

const cookieOf = (user: SignedUp) => [...user.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
function edit(user: SignedUp, requirementId: number) {
  const editor = openEditor(base, requirementId, { cookie: cookieOf(user) });
  editors.push(editor);
  return editor;
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stored = async (user: SignedUp, id: number) =>
  ((await user.agent.get(`/api/requirements/${id}`)).data.data as { description: string }).description;

async function sharedRequirement(role: 'viewer' | 'reviewer' | 'editor') {
  const owner = await t.signUp({ name: 'Olive Owner' });
  const member = await t.signUp({ name: 'Max Member' });
  const w = workingArea(owner);
  const project = await w.project();
  await joinAs(t, owner, project, member, role);
  const document = await w.document(project.id, 'SRS');
  const requirement = await w.requirement(document.id, 'Braking');
  return { owner, member, project, requirement };
}

describe('collaboration by role', () => {
  it.each(['viewer', 'reviewer'] as const)(
    'lets a %s in read-only: their updates are never applied, their awareness still flows',
    async (role) => {
      const { owner, member, requirement } = await sharedRequirement(role);
      const o = edit(owner, requirement.id);
      const m = edit(member, requirement.id);
      await Promise.all([o.authenticated, m.authenticated]);
      expect(m.provider.authorizedScope).toBe('readonly');
      expect(o.provider.authorizedScope).toBe('read-write');
      await until(() => readHtml(m.doc).includes('Braking'));
      m.provider.setAwarenessField('user', { name: 'anyone' });
      await until(() => o.provider.awareness!.getStates().has(m.doc.clientID));
      m.type('from a reader ');
      m.push('pushed by a reader ');
      o.type('from the owner ');
      await until(async () => (await stored(owner, requirement.id)).includes('from the owner'));
      await pause(2500);
      expect(readHtml(o.doc)).not.toContain('reader');
      expect(await stored(owner, requirement.id)).not.toContain('reader');
    },
  );

  it('makes an open connection read-only within 2 s when the role drops below editor, and writable again', async () => {
    const { owner, member, project, requirement } = await sharedRequirement('editor');
    const o = edit(owner, requirement.id);
    const m = edit(member, requirement.id);
    await Promise.all([o.authenticated, m.authenticated]);
    expect(m.provider.authorizedScope).toBe('read-write');
    m.type('while editor ');
    await until(() => readHtml(o.doc).includes('while editor'));
    await setRole(owner, project.id, member, 'viewer');
    await pause(2000);
    m.type('after the drop ');
    o.type('owner goes on ');
    await until(async () => (await stored(owner, requirement.id)).includes('owner goes on'));
    await pause(1500);
    expect(readHtml(o.doc)).not.toContain('after the drop');
    expect(await stored(owner, requirement.id)).not.toContain('after the drop');
    // Raised again: what the member types now is applied.
    await setRole(owner, project.id, member, 'editor');
    await pause(2000);
    m.push('editor again ');
    await until(() => readHtml(o.doc).includes('editor again'));
  });
});
