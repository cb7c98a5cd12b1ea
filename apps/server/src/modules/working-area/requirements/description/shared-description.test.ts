import { yXmlFragmentToProsemirrorJSON } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { FRAGMENT, readHtml, stateOfHtml } from './shared-description';

const ours = '/api/attachments/AbCdEfGhIjKlMnOpQrSt_-12.png';

function docOf(html: string): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, stateOfHtml(html));
  return doc;
}

const imagesIn = (doc: Y.Doc): unknown[] =>
  (yXmlFragmentToProsemirrorJSON(doc.getXmlFragment(FRAGMENT)).content as Array<{ type: string; attrs?: unknown }>)
    .filter((node) => node.type === 'image')
    .map((node) => node.attrs);

describe('images in the shared description', () => {
  it("keeps the project's images and leaves out any other when the HTML is parsed", () => {
    const doc = docOf(
      `<p>Plan</p><img src="${ours}" alt="plan"><img src="https://evil.example/pixel.png">` +
        '<img src="data:image/png;base64,iVBORw0KGgo="><img src="/api/auth/logout">',
    );
    expect(imagesIn(doc)).toEqual([expect.objectContaining({ src: ours, alt: 'plan' })]);
    expect(readHtml(doc)).toBe(`<p>Plan</p><img src="${ours}" alt="plan" />`);
  });
});

describe('a shared description the schema does not know', () => {
  it('is read without what the schema lacks, keeping the words, so that the write-back goes on', () => {
    const doc = docOf('<p>Braking</p>');
    const fragment = doc.getXmlFragment(FRAGMENT);
    const unknown = new Y.XmlElement('evil');
    const inside = new Y.XmlElement('paragraph');
    inside.insert(0, [new Y.XmlText('kept words')]);
    unknown.insert(0, [inside]);
    fragment.insert(1, [unknown]);
    const text = (fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text.format(0, 3, { blink: {} });
    expect(readHtml(doc)).toBe('<p>Braking</p><p>kept words</p>');
  });

  it('falls back to its words, one paragraph per block, when its structure cannot be held', () => {
    const doc = docOf('<p>Braking</p>');
    // A paragraph inside a paragraph: both types are known, the structure is not allowed.
    const outer = new Y.XmlElement('paragraph');
    const inner = new Y.XmlElement('paragraph');
    inner.insert(0, [new Y.XmlText('nested <b>words</b>')]);
    outer.insert(0, [inner]);
    doc.getXmlFragment(FRAGMENT).insert(1, [outer]);
    expect(readHtml(doc)).toBe('<p>Braking</p><p>nested &lt;b&gt;words&lt;/b&gt;</p>');
  });
});

describe('tables in the shared description', () => {
  const spans = (html: string) => [...html.matchAll(/colspan="(\d+)"/g)].map((m) => Number(m[1]));

  // A description stored before the sanitiser bounded spans (or sent by a client straight into the shared document)
  // held a colspan of 1,000,000,000: the write-back's column group ran the server out of its heap, and it died.
  it('reads a span past 100 columns as what its row has left, from stored HTML and from a client', () => {
    const stored =
      '<table><tbody><tr><td colspan="1000000000"><p>a</p></td><td colspan="7"><p>b</p></td></tr></tbody></table>';
    expect(spans(readHtml(docOf(stored)))).toEqual([100, 1]);

    const doc = new Y.Doc();
    const table = new Y.XmlElement('table');
    const row = new Y.XmlElement('tableRow');
    const cell = new Y.XmlElement('tableCell');
    cell.setAttribute('colspan', 1_000_000_000 as unknown as string);
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('c')]);
    cell.insert(0, [paragraph]);
    row.insert(0, [cell]);
    table.insert(0, [row]);
    doc.getXmlFragment(FRAGMENT).insert(0, [table]);
    expect(spans(readHtml(doc))).toEqual([100]);
  });
});

describe('nesting in the shared description', () => {
  // A client nested 8,000 quotes: reading the shared document back overflowed the stack outside readHtml's fallback,
  // the store failed, and nothing typed in the requirement afterwards was written back or kept.
  it('is read back as its words when it is too deep for the schema, without throwing', () => {
    const doc = new Y.Doc();
    doc.transact(() => {
      let parent: Y.XmlFragment | Y.XmlElement = doc.getXmlFragment(FRAGMENT);
      for (let i = 0; i < 20_000; i++) {
        const quote = new Y.XmlElement('blockquote');
        parent.insert(0, [quote]);
        parent = quote;
      }
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText('bottom line')]);
      parent.insert(0, [paragraph]);
    });
    expect(readHtml(doc)).toBe('<p>bottom line</p>');
  });
});
