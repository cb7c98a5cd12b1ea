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
