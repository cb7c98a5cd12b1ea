import { getSchema } from '@tiptap/core';
import { generateHTML } from '@tiptap/html';
import { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { initProseMirrorDoc, updateYFragment, yXmlFragmentToProsemirrorJSON } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { boundTableSpans, richTextExtensions } from '@reqloom/rich-text';
import { htmlToDocJson } from '../../../../rich-text/parse-html';
import { sanitizeRichText } from '../../../../security/sanitize';
import { escapeText } from '../../../../rich-text/escape';

/**
 * A requirement's description as a shared (Yjs) document and back (decisions §15). The browser's editor binds the
 * fragment `default` (TipTap's Collaboration extension) with the schema of `@reqloom/rich-text`; the server uses the
 * same schema, so what one side writes the other reads whole.
 */
export const FRAGMENT = 'default';

/** Thrown from a hook: Hocuspocus closes the document's connection with this reason, the update not applied. */
export const TOO_MANY_ELEMENTS = Object.assign(new Error('The description holds too many elements.'), {
  code: 4413,
  reason: 'The description holds too many elements.',
});

const extensions = richTextExtensions();
const schema = getSchema(extensions);

export const documentName = (requirementId: number) => `requirement.${requirementId}`;

/** `requirement.{id}` → id; anything else → null (the name comes from the client). */
export function requirementIdOf(name: string): number | null {
  const match = /^requirement\.([1-9]\d{0,9})$/.exec(name);
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : null;
}

function nodeOfHtml(html: string): ProseMirrorNode {
  return ProseMirrorNode.fromJSON(schema, htmlToDocJson(html || '<p></p>'));
}

/** Makes the fragment equal to the HTML by the smallest change: what is the same stays the same Yjs items. */
export function writeHtml(doc: Y.Doc, html: string, origin?: unknown): void {
  const fragment = doc.getXmlFragment(FRAGMENT);
  const { meta } = initProseMirrorDoc(fragment, schema);
  doc.transact(() => updateYFragment(doc, fragment, nodeOfHtml(html), meta), origin);
}

type JsonNode = { type?: unknown; text?: unknown; content?: unknown; marks?: unknown; attrs?: unknown };

/**
 * What of a node the schema knows: a node of an unknown type gives way to its content, an unknown mark is dropped.
 * Any member's client can put anything into the shared document; the editor's own never does this.
 */
function known(node: JsonNode): JsonNode[] {
  const content = Array.isArray(node.content) ? (node.content as JsonNode[]).flatMap(known) : undefined;
  if (typeof node.type !== 'string' || !(node.type in schema.nodes)) return content ?? [];
  const marks = Array.isArray(node.marks)
    ? (node.marks as { type?: unknown }[]).filter((m) => typeof m.type === 'string' && m.type in schema.marks)
    : undefined;
  return [{ ...node, ...(content ? { content } : {}), ...(marks ? { marks } : {}) }];
}

/**
 * The words of the shared document, one paragraph per block: the last resort for a document the schema cannot hold.
 * Read from the Yjs types with their tree walker, which keeps no stack: a client may nest blocks deeper than any
 * recursion (the JSON conversion itself overflowed on 8,000 nested quotes).
 */
function plainParagraphs(fragment: Y.XmlFragment): string[] {
  const textOf = (node: unknown): string => {
    if (!(node instanceof Y.XmlText)) return '';
    const delta = node.toDelta() as { insert?: unknown }[];
    return delta.map((op) => (typeof op.insert === 'string' ? op.insert : '')).join('');
  };
  const texts: string[] = [];
  for (const block of fragment.toArray()) {
    const words = [textOf(block)];
    if (block instanceof Y.XmlElement) for (const node of block.createTreeWalker(() => true)) words.push(textOf(node));
    const text = words.join('');
    if (text) texts.push(`<p>${escapeText(text)}</p>`);
  }
  return texts;
}

/**
 * The description the shared document holds, sanitised like every description the API takes. It never throws: a
 * description that cannot be written back would leave everything typed after it unsaved.
 */
export function readHtml(doc: Y.Doc): string {
  const fragment = doc.getXmlFragment(FRAGMENT);
  let html: string;
  try {
    const json = yXmlFragmentToProsemirrorJSON(fragment) as JsonNode;
    const cleaned = known(json)[0] ?? { type: 'doc', content: [] };
    // A client's table may say it spans a billion columns, and the HTML's column group would be that wide.
    boundTableSpans(cleaned);
    schema.nodeFromJSON(cleaned).check();
    html = generateHTML(cleaned as Parameters<typeof generateHTML>[0], extensions);
  } catch {
    // What the schema cannot hold, or nesting deeper than the conversions' recursion (a RangeError) can walk.
    html = plainParagraphs(fragment).join('') || '<p></p>';
  }
  // An empty editor holds one empty paragraph: the description is then empty, as a new requirement's is.
  return html === '<p></p>' ? '' : sanitizeRichText(html);
}

/**
 * The HTML as the shared document reads it back (`readHtml` of `writeHtml`): the same content in the editor's own
 * spelling. A description that came in another spelling (an import, the demo, the API: a table without its
 * `colgroup`, cells without `colspan`) reads back different without a change of meaning.
 */
export function canonicalHtml(html: string): string {
  const doc = new Y.Doc();
  writeHtml(doc, html);
  const canonical = readHtml(doc);
  doc.destroy();
  return canonical;
}

/** Empty paragraphs at the end mean nothing: the browser's editor adds one after a closing table or image. */
const withoutTrailingEmpty = (html: string) => html.replace(/(?:<p><\/p>)+$/, '');

/**
 * Whether the shared document's HTML says what the stored description says: the same text, or the same content in
 * the editor's own spelling (`canonicalHtml`), give or take empty paragraphs at the end.
 */
export function sameDescription(shared: string, stored: string): boolean {
  return shared === stored || withoutTrailingEmpty(shared) === withoutTrailingEmpty(canonicalHtml(stored));
}

/** A new shared document holding the HTML, as one update (the first state of `requirement.{id}`). */
export function stateOfHtml(html: string): Uint8Array {
  const doc = new Y.Doc();
  writeHtml(doc, html);
  return Y.encodeStateAsUpdate(doc);
}

/**
 * The update that turns the stored state into the given HTML. Applied to a live document that moved on since the
 * state was stored, it merges like any concurrent edit: it removes only what the stored state had, so text typed
 * meanwhile stays (a REST change of the description while people edit, decisions §15).
 */
export function updateTowardsHtml(state: Uint8Array, html: string): { update: Uint8Array; state: Uint8Array } {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  const before = Y.encodeStateVector(doc);
  writeHtml(doc, html);
  return { update: Y.encodeStateAsUpdate(doc, before), state: Y.encodeStateAsUpdate(doc) };
}
