import type { beforeSyncPayload, Extension, onLoadDocumentPayload, onStoreDocumentPayload } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import * as Y from 'yjs';
import type { AppContext } from '../core/context';
import { writeBackDescription } from '../modules/working-area/requirements/description/description-writeback';
import { runWork } from '../core/work';
import { loadStoredDocument } from '../modules/working-area/requirements/description/collaboration-states';
import { holdAcknowledgement } from './durable-acknowledgement';
import type { CollaborationContext } from './context';
import { requirementIdOf } from '../modules/working-area/requirements/description/shared-description';
import { loggedRequirements, updateLog } from '../modules/working-area/requirements/description/update-log';

/** Stores nothing new: a write-back of it folds the stored state and the log alone. */
const NOTHING = Y.encodeStateAsUpdate(new Y.Doc());

/**
 * Keeps the shared document in the database (so that every instance and every backup has it) and writes the
 * description back (decisions §15). Hocuspocus calls the store hook at most `maxDebounce` after a change, only on
 * the instance where the change was typed, with that connection's context: the write-back is credited to the
 * person who typed last. Every update a client sends is logged before it is applied and acknowledged (decisions
 * §26, `update-log.ts`), so that what the editor shows as saved survives a crash before that store.
 */
export function persistenceExtension(
  ctx: AppContext,
  onGone: (documentName: string) => void,
  log: FastifyBaseLogger,
): Extension & { settle(): Promise<void>; recover(): Promise<void> } {
  const storing = new Set<Promise<unknown>>();
  const updates = updateLog(ctx.db);

  /** A write-back, tracked so that a shutdown waits for it. Answers false when the requirement is gone. */
  async function store(requirementId: number, state: Uint8Array, writerId: number | null): Promise<boolean> {
    // The write-back is credited to who typed last; one that a crash left (no writer known) to the server itself.
    const actor =
      writerId === null
        ? ({ type: 'cli', name: 'collaboration recovery' } as const)
        : ({ type: 'user', id: writerId } as const);
    const writing = runWork(ctx, { actor }, (work) => writeBackDescription(work, requirementId, state, writerId));
    storing.add(writing);
    try {
      return await writing;
    } finally {
      storing.delete(writing);
    }
  }

  /** Writes back what a crash left in the log; a failure is logged, and the log stays for the next store. */
  function recoverLater(requirementId: number, writerId: number | null) {
    store(requirementId, NOTHING, writerId).catch((error: unknown) =>
      log.error({ err: error, requirementId }, 'collaboration log not written back'),
    );
  }

  return {
    /** Waits for the write-backs under way (a shutdown must not close the database under them). */
    async settle() {
      while (storing.size > 0) await Promise.allSettled([...storing]);
    },

    /**
     * At start: every description whose log a crash left is written back, opened or not, so that the description
     * (what lists, exports and searches read) holds what the editors were told was saved.
     */
    async recover() {
      const reading = loggedRequirements(ctx.db);
      storing.add(reading);
      try {
        for (const { requirementId, lastWriterId } of await reading) recoverLater(requirementId, lastWriterId);
      } finally {
        storing.delete(reading);
      }
    },

    // Hocuspocus awaits this before it applies a sync message, relays it and acknowledges it
    // (`MessageReceiver.readSyncMessage`), one message of a connection at a time. The append is not awaited here:
    // only the sender's acknowledgement waits for its commit (`durable-acknowledgement.ts`), the other editors get
    // the update at once. This extension comes after the authentication, size and elements checks, so a refused
    // update is not logged. Updates relayed by Redis from another instance come without a connection and skip this
    // hook: the instance that received them logged them.
    async beforeSync({ type, payload, documentName, connection, context }: beforeSyncPayload<CollaborationContext>) {
      // Step 1 is a state vector: it asks, it adds nothing.
      if (type === 0 || connection.readOnly) return;
      const requirementId = requirementIdOf(documentName);
      if (requirementId === null) return;
      holdAcknowledgement(connection, updates.append(requirementId, payload, context?.auth?.user.id ?? null));
    },

    async onLoadDocument({ document, documentName }: onLoadDocumentPayload<CollaborationContext>) {
      const requirementId = requirementIdOf(documentName);
      const stored = requirementId === null ? null : await loadStoredDocument(ctx.db, requirementId);
      if (!stored || requirementId === null) throw new Error('Not found.');
      Y.applyUpdate(document, stored.state);
      if (stored.logged > 0) recoverLater(requirementId, stored.lastWriterId);
      return document;
    },

    async onStoreDocument({ document, documentName, lastContext }: onStoreDocumentPayload<CollaborationContext>) {
      const requirementId = requirementIdOf(documentName);
      if (requirementId === null) return;
      const state = Y.encodeStateAsUpdate(document);
      if (!(await store(requirementId, state, lastContext?.auth?.user.id ?? null))) onGone(documentName);
    },
  };
}
