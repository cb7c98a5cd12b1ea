import { describe, expect, it } from 'vitest';
import { until, useCollaborationApp } from '../test/collaboration-client';
import type { SignedUp } from '../test/harness';
import { sharedRequirement as sharedRequirementOf } from '../test/working-area';
import { readHtml } from '../modules/working-area/requirements/description/shared-description';

// A restore (decisions §22) while the description is open in a co-editing session: real Hocuspocus providers see
// the restored text, and what they type after it, or while it is under way, is kept.

const suite = useCollaborationApp();
const { edit } = suite;

const stored = async (user: SignedUp, id: number) =>
  (await user.agent.get(`/api/requirements/${id}`)).data.data as { description: string; version: number };

/** "Braking" changed once by the API to "Braking hard": its revision holds "Braking". */
async function changedOnce() {
  const shared = await sharedRequirementOf(suite.t);
  const { owner, requirement } = shared;
  const put = await owner.agent.put(`/api/requirements/${requirement.id}`, { description: '<p>Braking hard</p>' });
  expect(put.statusCode).toBe(200);
  const [revision] = (await owner.agent.get(`/api/requirements/revisions/${requirement.id}`)).data.data as {
    id: number;
    description: string;
  }[];
  expect(revision!.description).toBe('<p>Braking</p>');
  return { ...shared, revision: revision!, version: put.data.data.version as number };
}

describe('a restore while people edit the description', () => {
  it('reaches every open editor, and what they type after it is written back beside it', async () => {
    const { owner, member, requirement, revision, version } = await changedOnce();
    const a = edit(member, requirement.id);
    const b = edit(owner, requirement.id);
    await Promise.all([a.authenticated, b.authenticated]);
    await until(() => readHtml(a.doc) === '<p>Braking hard</p>' && readHtml(b.doc) === '<p>Braking hard</p>');
    const res = await owner.agent.post(`/api/requirements/restore/${requirement.id}`, {
      revision_id: revision.id,
      version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.data.description).toBe('<p>Braking</p>');
    await until(() => readHtml(a.doc) === '<p>Braking</p>' && readHtml(b.doc) === '<p>Braking</p>');
    a.type('after ');
    await until(() => readHtml(b.doc) === '<p>after Braking</p>');
    const final = await until(async () => {
      const r = await stored(owner, requirement.id);
      return r.description.includes('after') ? r : null;
    });
    expect(final.description).toBe('<p>after Braking</p>');
    expect(final.version).toBeGreaterThan(res.data.data.version);
  });

  it('keeps what was typed while the restore was under way, as a PUT of the description does', async () => {
    const { owner, member, requirement, revision } = await changedOnce();
    const a = edit(member, requirement.id);
    await a.authenticated;
    await until(() => readHtml(a.doc) === '<p>Braking hard</p>');
    // Typed, not yet written back (the write-back waits a second), when the restore arrives.
    a.type('typed ');
    const res = await owner.agent.post(`/api/requirements/restore/${requirement.id}`, { revision_id: revision.id });
    expect(res.statusCode).toBe(200);
    await until(() => !readHtml(a.doc).includes('hard'));
    expect(readHtml(a.doc)).toBe('<p>typed Braking</p>');
    const final = await until(async () => {
      const r = await stored(owner, requirement.id);
      return r.description === '<p>typed Braking</p>' ? r : null;
    });
    expect(final.description).toBe('<p>typed Braking</p>');
  });
});
