import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { collaborationStates, collaborationUpdates } from '../../../../db/schema';
import { until, useCollaborationApp } from '../../../../test/collaboration-client';
import type { SignedUp } from '../../../../test/harness';
import { workingArea } from '../../../../test/working-area';
import { FRAGMENT, readHtml } from './shared-description';

// The update log of decisions §26: an update is in the database before its acknowledgement, the store folds the
// log into the state and empties it, and opening a document replays what a crash left (once, whatever the copies).

const suite = useCollaborationApp();
const { edit } = suite;
const logOf = (requirementId: number) =>
  suite.t.ctx.db.select().from(collaborationUpdates).where(eq(collaborationUpdates.requirementId, requirementId));
const stateOf = async (requirementId: number) =>
  (
    await suite.t.ctx.db.select().from(collaborationStates).where(eq(collaborationStates.requirementId, requirementId))
  )[0]!;
const descriptionOf = async (user: SignedUp, id: number) =>
  ((await user.agent.get(`/api/requirements/${id}`)).data.data as { description: string }).description;

async function requirementOf(user: SignedUp) {
  const w = workingArea(user);
  const project = await w.project();
  const document = await w.document(project.id, 'SRS');
  return (await w.requirement(document.id, 'Braking')) as { id: number };
}

describe('the collaboration update log', () => {
  it('holds an update once it is acknowledged, and the store folds it into the state and empties the log', async () => {
    const user = await suite.t.signUp();
    const requirement = await requirementOf(user);
    const editor = edit(user, requirement.id);
    await until(() => editor.provider.isSynced);
    editor.type('Kept: ');
    await until(() => editor.provider.unsyncedChanges === 0);
    // Acknowledged: in the database already, while the store waits for its debounce (1 s at least).
    const logged = await logOf(requirement.id);
    expect(logged.length).toBeGreaterThan(0);
    // The log goes on from the stored state (the editor typed into its paragraph), which the store has not moved.
    const replayed = new Y.Doc();
    Y.applyUpdate(replayed, (await stateOf(requirement.id)).state);
    expect(readHtml(replayed)).not.toContain('Kept: ');
    for (const row of logged) Y.applyUpdate(replayed, row.data);
    expect(readHtml(replayed)).toContain('Kept: ');
    expect(logged.every((row) => row.userId === user.id)).toBe(true);

    await until(async () => (await descriptionOf(user, requirement.id)).includes('Kept: '));
    await until(async () => (await logOf(requirement.id)).length === 0);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, (await stateOf(requirement.id)).state);
    expect(readHtml(doc)).toContain('Kept: ');
  });

  it('relays an update to the other editors before its row commits, and tells the sender saved only after', async () => {
    const user = await suite.t.signUp();
    const requirement = await requirementOf(user);
    const sender = edit(user, requirement.id);
    const other = edit(user, requirement.id);
    await until(() => sender.provider.isSynced && other.provider.isSynced);
    // The log cannot commit while this transaction holds its table (on PGlite, while it holds the database).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = suite.t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`lock table collaboration_updates in exclusive mode`);
      locked();
      await released;
    });
    await isLocked;
    sender.type('Relayed: ');
    await until(() => readHtml(other.doc).includes('Relayed: '));
    // Seen by the other editor, but not yet saved: the sender still counts it as unsaved.
    expect(sender.provider.unsyncedChanges).toBeGreaterThan(0);
    release();
    await holding;
    await until(() => sender.provider.unsyncedChanges === 0);
    await until(async () => (await descriptionOf(user, requirement.id)).includes('Relayed: '));
  });

  it('replays what a crash left in the log when the document opens, once, and writes it back', async () => {
    const user = await suite.t.signUp();
    const requirement = await requirementOf(user);
    // The state as stored, then an update made on it that only the log holds (the server died before its store).
    const first = edit(user, requirement.id);
    await until(() => first.provider.isSynced && readHtml(first.doc).includes('Braking'));
    first.destroy();
    const doc = new Y.Doc();
    Y.applyUpdate(doc, (await stateOf(requirement.id)).state);
    const before = Y.encodeStateVector(doc);
    const paragraph = doc.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement;
    (paragraph.get(0) as Y.XmlText).insert(0, 'Crash-proof ');
    const update = Y.encodeStateAsUpdate(doc, before);
    // Twice: a replay of a row already applied changes nothing.
    await suite.t.ctx.db.insert(collaborationUpdates).values([
      { requirementId: requirement.id, data: update, userId: user.id },
      { requirementId: requirement.id, data: update, userId: user.id },
    ]);

    const again = edit(user, requirement.id);
    await until(() => again.provider.isSynced);
    expect(readHtml(again.doc)).toContain('Crash-proof Braking');
    expect(readHtml(again.doc).match(/Crash-proof/g)).toHaveLength(1);
    await until(async () => (await descriptionOf(user, requirement.id)).includes('Crash-proof Braking'));
    await until(async () => (await logOf(requirement.id)).length === 0);
  });
});
