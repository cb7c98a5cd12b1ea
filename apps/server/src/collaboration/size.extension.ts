import type { beforeSyncPayload, Extension } from '@hocuspocus/server';
import * as Y from 'yjs';

/**
 * The most a shared description may hold, encoded: what one `PUT requirements/{id}` can carry (the body limit of
 * app.ts, 2 MB). Any member's client
 * can send anything, and the description is read back whole on the server's thread at every store (2 s after a
 * change): four updates of 7 MB made a 28 MB description, and that store held every request of the server for 18 s.
 */
export const MAX_SHARED_STATE_BYTES = 2 * 1024 * 1024;

/** Thrown from a hook: Hocuspocus closes the document's connection with this reason, the update not applied. */
const TOO_LARGE = Object.assign(new Error('The description is too large.'), {
  code: 4413,
  reason: 'The description is too large.',
});

/**
 * Refuses a sync message whose new content would take the shared document past MAX_SHARED_STATE_BYTES. What a
 * message adds is what the document does not have yet (a client sends its whole state again when it reconnects);
 * the document's size is an upper bound kept as messages come, measured again (one encoding) only when the bound
 * would pass the limit, so a keystroke costs no more than its own bytes.
 */
export function sizeExtension(): Extension {
  const bounds = new WeakMap<Y.Doc, number>();
  return {
    async beforeSync({ type, payload, document }: beforeSyncPayload) {
      // Step 1 is a state vector: it asks, it adds nothing.
      if (type === 0) return;
      const growth = Y.diffUpdate(payload, Y.encodeStateVector(document)).byteLength;
      let size = bounds.get(document);
      if (size === undefined || size + growth > MAX_SHARED_STATE_BYTES) {
        // Changes that came another way (an API change merged in, another instance) are counted here.
        size = Y.encodeStateAsUpdate(document).byteLength;
        if (size + growth > MAX_SHARED_STATE_BYTES) throw TOO_LARGE;
      }
      bounds.set(document, size + growth);
    },
  };
}
