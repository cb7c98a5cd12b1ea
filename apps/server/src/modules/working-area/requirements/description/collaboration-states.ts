import { eq } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../../../../db/client';
import { collaborationStates, requirements } from '../../../../db/schema';
import { withinRichTextElements } from '@reqloom/domain';
import { stateOfHtml, TOO_MANY_ELEMENTS, updateTowardsHtml } from './shared-description';
import { foldLog, forgetFolded } from './update-log';

/**
 * The stored shared document of a requirement, with the updates logged since its last store applied (decisions
 * §26), and how many there were (a crash left them: the caller writes them back). Opened for the first time, it is
 * built from the stored HTML and inserted at once: two instances opening it together must start from one state, or
 * their two initial copies of the same text would both survive the merge. Null when the requirement does not exist.
 */
export async function loadStoredDocument(
  db: Db,
  requirementId: number,
): Promise<{ state: Uint8Array; logged: number; lastWriterId: number | null } | null> {
  return db.transaction(async (tx) => {
    // FOR SHARE: a store folding the log in (FOR UPDATE) either committed before, and both reads see its result,
    // or waits for this one; read apart, the state could predate a store whose log rows were already gone.
    const [stored] = await tx
      .select({ state: collaborationStates.state })
      .from(collaborationStates)
      .where(eq(collaborationStates.requirementId, requirementId))
      .for('share');
    const state = stored?.state ?? (await createState(tx, requirementId));
    if (!state) return null;
    const doc = new Y.Doc();
    try {
      Y.applyUpdate(doc, state);
      const { ids, lastWriterId } = await foldLog(tx, requirementId, doc);
      if (ids.length === 0) return { state, logged: 0, lastWriterId };
      return { state: Y.encodeStateAsUpdate(doc), logged: ids.length, lastWriterId };
    } finally {
      doc.destroy();
    }
  });
}

/** The stored shared document with its logged updates (see loadStoredDocument). */
export async function loadOrCreateState(db: Db, requirementId: number): Promise<Uint8Array | null> {
  return (await loadStoredDocument(db, requirementId))?.state ?? null;
}

async function createState(tx: Db, requirementId: number): Promise<Uint8Array | null> {
  const [requirement] = await tx
    .select({ description: requirements.description })
    .from(requirements)
    .where(eq(requirements.id, requirementId));
  if (!requirement) return null;
  // Stored before rich text was bounded in elements: converting it would hold the server for seconds (and the
  // bound's reason), so it is not opened for editing together; a PUT within the bound replaces it.
  if (!withinRichTextElements(requirement.description)) throw TOO_MANY_ELEMENTS;
  await tx
    .insert(collaborationStates)
    .values({ requirementId, state: stateOfHtml(requirement.description) })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ state: collaborationStates.state })
    .from(collaborationStates)
    .where(eq(collaborationStates.requirementId, requirementId))
    .for('share');
  return row?.state ?? null;
}

/**
 * Adds a live document's state to the stored one (merged, so that an instance a little behind never takes back
 * what another stored) and answers the merged document. The caller holds the requirement's row lock.
 */
export async function storeState(tx: Db, requirementId: number, state: Uint8Array): Promise<Y.Doc> {
  const doc = new Y.Doc();
  const [stored] = await tx
    .select({ state: collaborationStates.state })
    .from(collaborationStates)
    .where(eq(collaborationStates.requirementId, requirementId))
    .for('update');
  if (stored) Y.applyUpdate(doc, stored.state);
  Y.applyUpdate(doc, state);
  // The log is compacted here (decisions §26): what it holds is in the state written below, in this transaction.
  const { ids } = await foldLog(tx, requirementId, doc);
  const merged = Y.encodeStateAsUpdate(doc);
  await tx
    .insert(collaborationStates)
    .values({ requirementId, state: merged, updatedAt: new Date() })
    .onConflictDoUpdate({ target: collaborationStates.requirementId, set: { state: merged, updatedAt: new Date() } });
  await forgetFolded(tx, ids);
  return doc;
}

/**
 * A description changed through the API: the stored shared document takes the change, and the update that made it
 * is answered (base64) for the live documents of every instance to merge. Undefined when nobody has opened the
 * description yet (it will be built from the new HTML). The caller holds the requirement's row lock.
 */
export async function applyHtmlToState(tx: Db, requirementId: number, html: string): Promise<string | undefined> {
  const [stored] = await tx
    .select({ state: collaborationStates.state })
    .from(collaborationStates)
    .where(eq(collaborationStates.requirementId, requirementId))
    .for('update');
  if (!stored) return undefined;
  // The diff starts from the stored state, the last written back, which is what the caller could have read: text
  // typed since (in the log, acknowledged) is not in `html`, and a diff from it would delete it. The diff is then
  // applied over the log, as the live document applies it over what was typed: both stay.
  const { update } = updateTowardsHtml(stored.state, html);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, stored.state);
  const { ids } = await foldLog(tx, requirementId, doc);
  Y.applyUpdate(doc, update);
  const state = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  await tx
    .update(collaborationStates)
    .set({ state, updatedAt: new Date() })
    .where(eq(collaborationStates.requirementId, requirementId));
  await forgetFolded(tx, ids);
  return Buffer.from(update).toString('base64');
}
