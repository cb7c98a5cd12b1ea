import type { beforeSyncPayload, Extension } from '@hocuspocus/server';
import * as Y from 'yjs';
import { RICH_TEXT_ELEMENTS_MAX } from '@reqloom/domain';
import { TABLE_COLUMNS_MAX } from '@reqloom/rich-text';
import { FRAGMENT, TOO_MANY_ELEMENTS } from '../modules/working-area/requirements/description/shared-description';

/**
 * The elements of the HTML a shared description writes back (what RICH_TEXT_ELEMENTS_MAX counts): a node is an
 * element, a mark on a run of text one more, a table also its `colgroup`, `col`s and `tbody`. Walked with Yjs's
 * tree walker, which keeps no stack.
 */
export function sharedElements(fragment: Y.XmlFragment): number {
  let count = 0;
  for (const node of fragment.createTreeWalker(() => true)) {
    if (node instanceof Y.XmlElement) {
      count += 1;
      if (node.nodeName === 'table') count += 2 + columnsOf(node);
    } else if (node instanceof Y.XmlText) {
      for (const op of node.toDelta() as { insert?: unknown; attributes?: object }[]) {
        if (op.attributes) count += Object.keys(op.attributes).length;
        if (typeof op.insert !== 'string') count += 1;
      }
    }
  }
  return count;
}

function columnsOf(table: Y.XmlElement): number {
  const row = table.get(0);
  if (!(row instanceof Y.XmlElement)) return 0;
  let columns = 0;
  for (const cell of row.toArray())
    columns += cell instanceof Y.XmlElement ? Math.max(1, Number(cell.getAttribute('colspan')) || 1) : 0;
  return Math.min(columns, TABLE_COLUMNS_MAX);
}

/**
 * What an update can add at most: each new node or text, each mark set, each embed (decoded, not applied); a table
 * as many columns as a table may have.
 */
function addedAtMost(update: Uint8Array): number {
  let added = 0;
  for (const struct of Y.decodeUpdate(update).structs) {
    if (!(struct instanceof Y.Item)) continue;
    const content = struct.content;
    if (content instanceof Y.ContentType)
      added += content.type instanceof Y.XmlElement && content.type.nodeName === 'table' ? 3 + TABLE_COLUMNS_MAX : 1;
    else if (content instanceof Y.ContentFormat || content instanceof Y.ContentEmbed) added += 1;
  }
  return added;
}

/**
 * Refuses a sync message whose new content could take the shared description past RICH_TEXT_ELEMENTS_MAX, the
 * elements a PUT may carry: converting a description (its first open, each write-back) costs more than linearly in
 * its elements, and any member's client can send anything. As with the size (size.extension.ts), the count is an
 * upper bound kept as messages come, walked again only when the bound would pass the limit, so a keystroke costs no
 * more than its own update.
 */
export function elementsExtension(): Extension {
  const bounds = new WeakMap<Y.Doc, number>();
  return {
    async beforeSync({ type, payload, document }: beforeSyncPayload) {
      // Step 1 is a state vector: it asks, it adds nothing.
      if (type === 0) return;
      const added = addedAtMost(Y.diffUpdate(payload, Y.encodeStateVector(document)));
      if (added === 0) return;
      let count = bounds.get(document);
      if (count === undefined || count + added > RICH_TEXT_ELEMENTS_MAX) {
        // Changes that came another way (an API change merged in, another instance) are counted here.
        count = sharedElements(document.getXmlFragment(FRAGMENT));
        if (count + added > RICH_TEXT_ELEMENTS_MAX) throw TOO_MANY_ELEMENTS;
      }
      bounds.set(document, count + added);
    },
  };
}
