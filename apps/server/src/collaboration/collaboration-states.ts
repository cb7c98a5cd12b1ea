import { eq } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../db/client';
import { collaborationStates, requirements } from '../db/schema';
import { withinRichTextElements } from '@reqloom/domain';
import { TOO_MANY_ELEMENTS } from './elements.extension';
import { stateOfHtml, updateTowardsHtml } from './shared-description';

/**
 * The stored shared document of a requirement. Opened for the first time, it is built from the stored HTML and
 * inserted at once: two instances opening it together must start from one state, or their two initial copies of
 * the same text would both survive the merge. Null when the requirement does not exist.
 */
export async function loadOrCreateState(db: Db, requirementId: number): Promise<Uint8Array | null> {
  const [stored] = await db
    .select({ state: collaborationStates.state })
    .from(collaborationStates)
    .where(eq(collaborationStates.requirementId, requirementId));
  if (stored) return stored.state;
  return db.transaction(async (tx) => {
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
      .where(eq(collaborationStates.requirementId, requirementId));
    return row?.state ?? null;
  });
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
  const merged = Y.encodeStateAsUpdate(doc);
  await tx
    .insert(collaborationStates)
    .values({ requirementId, state: merged, updatedAt: new Date() })
    .onConflictDoUpdate({ target: collaborationStates.requirementId, set: { state: merged, updatedAt: new Date() } });
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
  const { update, state } = updateTowardsHtml(stored.state, html);
  await tx
    .update(collaborationStates)
    .set({ state, updatedAt: new Date() })
    .where(eq(collaborationStates.requirementId, requirementId));
  return Buffer.from(update).toString('base64');
}
