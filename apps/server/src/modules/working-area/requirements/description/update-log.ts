import { asc, desc, eq, inArray } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../../../../db/client';
import { collaborationUpdates } from '../../../../db/schema';

// The log of a shared description's updates (decisions §26). Hocuspocus acknowledges an update once it is applied
// in memory and stores the document up to 2 s later (the debounce of the write-back): a server killed in between
// lost what the editor had shown as saved. Each update a client sends is therefore appended here before it is
// applied and acknowledged (`persistence.extension.ts`, `beforeSync`), and folded into `collaboration_states` by
// the next store, which deletes exactly the rows it read, in its own transaction.

/** An empty Yjs update (no structs, no deletions): what a client sends when it has nothing the server lacks. */
const EMPTY_UPDATE_BYTES = 2;

type Pending = { row: typeof collaborationUpdates.$inferInsert; done: () => void; failed: (error: unknown) => void };

/** Rows per INSERT at most: three parameters each, far below the 65,535 a statement may carry. */
const BATCH_ROWS = 5000;

/**
 * Appends client updates, each promise resolved once its row is committed. Group commit: while one INSERT is on its
 * way, the updates that arrive wait and go together in the next one. One INSERT per keystroke held the pool with 50
 * editors typing on a busy machine (the bench's deliveries fell behind by seconds); batched, a keystroke waits at
 * most for the INSERT before its own, and the database sees a few statements a second however many people type.
 */
export function updateLog(db: Db) {
  let queue: Pending[] = [];
  let writing: Promise<void> | null = null;

  async function write() {
    while (queue.length > 0) {
      const batch = queue.slice(0, BATCH_ROWS);
      queue = queue.slice(batch.length);
      try {
        await db.insert(collaborationUpdates).values(batch.map((pending) => pending.row));
        for (const pending of batch) pending.done();
      } catch (error) {
        for (const pending of batch) pending.failed(error);
      }
    }
    writing = null;
  }

  return {
    /** Resolves once the update is committed; empty updates are not written. */
    append(requirementId: number, data: Uint8Array, userId: number | null): Promise<void> {
      if (data.byteLength <= EMPTY_UPDATE_BYTES) return Promise.resolve();
      return new Promise<void>((done, failed) => {
        queue.push({ row: { requirementId, data, userId }, done, failed });
        writing ??= write();
      });
    },
  };
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
