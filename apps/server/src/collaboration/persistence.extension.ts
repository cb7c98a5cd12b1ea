import type { Extension, onLoadDocumentPayload, onStoreDocumentPayload } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { AppContext } from '../context';
import { writeBackDescription } from '../modules/requirements/description-writeback';
import { runWork } from '../work';
import { loadOrCreateState } from './collaboration-states';
import type { CollaborationContext } from './context';
import { requirementIdOf } from './shared-description';

/**
 * Keeps the shared document in the database (so that every instance and every backup has it) and writes the
 * description back (decisions §15). Hocuspocus calls the store hook at most `maxDebounce` after a change, only on
 * the instance where the change was typed, with that connection's context: the write-back is credited to the
 * person who typed last.
 */
export function persistenceExtension(
  ctx: AppContext,
  onGone: (documentName: string) => void,
): Extension & { settle(): Promise<void> } {
  const storing = new Set<Promise<unknown>>();
  return {
    /** Waits for the write-backs under way (a shutdown must not close the database under them). */
    async settle() {
      while (storing.size > 0) await Promise.allSettled([...storing]);
    },

    async onLoadDocument({ document, documentName }: onLoadDocumentPayload<CollaborationContext>) {
      const requirementId = requirementIdOf(documentName);
      const state = requirementId === null ? null : await loadOrCreateState(ctx.db, requirementId);
      if (!state) throw new Error('Not found.');
      Y.applyUpdate(document, state);
      return document;
    },

    async onStoreDocument({ document, documentName, lastContext }: onStoreDocumentPayload<CollaborationContext>) {
      const requirementId = requirementIdOf(documentName);
      if (requirementId === null) return;
      const state = Y.encodeStateAsUpdate(document);
      const writing = runWork(ctx, {}, (work) =>
        writeBackDescription(work, requirementId, state, lastContext?.auth?.user.id ?? null),
      );
      storing.add(writing);
      try {
        if (!(await writing)) onGone(documentName);
      } finally {
        storing.delete(writing);
      }
    },
  };
}
