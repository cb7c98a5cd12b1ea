import { asc, desc, eq, inArray } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../db/client';
import { collaborationUpdates } from '../db/schema';

// The log of a shared description's updates (decisions §26). Hocuspocus acknowledges an update once it is applied
// in memory and stores the document up to 2 s later (the debounce of the write-back): a server killed in between
// lost what the editor had shown as saved. Each update a client sends is therefore appended here before it is
// applied and acknowledged (`persistence.extension.ts`, `beforeSync`), and folded into `collaboration_states` by
// the next store, which deletes exactly the rows it read, in its own transaction.

/** An empty Yjs update (no structs, no deletions): what a client sends when it has nothing the server lacks. */
const EMPTY_UPDATE_BYTES = 2;

/** Appends one client update; resolves once it is committed. Empty updates are not written. */
export async function logUpdate(db: Db, requirementId: number, data: Uint8Array, userId: number | null) {
  if (data.byteLength <= EMPTY_UPDATE_BYTES) return;
  await db.insert(collaborationUpdates).values({ requirementId, data, userId });
}

/**
 * Applies a document's logged updates to `doc`, in the order they were written, and answers their ids (for
 * `forgetFolded`) and who wrote the last one. Applying an update twice changes nothing (Yjs updates are
 * idempotent), so a row already in the state, or also received through Redis, is harmless.
 */
export async function foldLog(
  tx: Db,
  requirementId: number,
  doc: Y.Doc,
): Promise<{ ids: number[]; lastWriterId: number | null }> {
  const rows = await tx
    .select({ id: collaborationUpdates.id, data: collaborationUpdates.data, userId: collaborationUpdates.userId })
    .from(collaborationUpdates)
    .where(eq(collaborationUpdates.requirementId, requirementId))
    .orderBy(asc(collaborationUpdates.id));
  if (rows.length > 0) Y.applyUpdate(doc, Y.mergeUpdates(rows.map((row) => row.data)));
  return { ids: rows.map((row) => row.id), lastWriterId: rows.at(-1)?.userId ?? null };
}

/**
 * Deletes the rows a store folded in, by id: a row committed meanwhile (another keystroke, another instance) was
 * not read and stays for the next store. In slices, to stay far below the parameters a statement may carry.
 */
export async function forgetFolded(tx: Db, ids: number[]) {
  for (let at = 0; at < ids.length; at += 1000)
    await tx.delete(collaborationUpdates).where(inArray(collaborationUpdates.id, ids.slice(at, at + 1000)));
}

/** The requirements that have logged updates, with who wrote the last: what a crash left to write back. */
export async function loggedRequirements(db: Db): Promise<{ requirementId: number; lastWriterId: number | null }[]> {
  const rows = await db
    .selectDistinctOn([collaborationUpdates.requirementId], {
      requirementId: collaborationUpdates.requirementId,
      lastWriterId: collaborationUpdates.userId,
    })
    .from(collaborationUpdates)
    .orderBy(collaborationUpdates.requirementId, desc(collaborationUpdates.id));
  return rows;
}
