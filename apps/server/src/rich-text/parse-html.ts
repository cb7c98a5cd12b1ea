import { getSchema } from '@tiptap/core';
import { DOMParser as ProseMirrorDOMParser } from '@tiptap/pm/model';
import { Window } from 'happy-dom';
import { boundTableSpans, richTextExtensions } from '@reqloom/rich-text';
import { withinNesting } from '../security/sanitize';

// HTML to the editor's document (ProseMirror JSON), as `generateJSON` of @tiptap/html does, without its cost per
// call: it builds the schema and a whole happy-dom window every time (about 4 ms), which made a 1,000-requirement
// export spend seconds parsing. The schema, the window and the parser are made once and the window renewed now and
// then, so that whatever a window keeps does not grow without bound.

const extensions = richTextExtensions();
export const richTextSchema = getSchema(extensions);
const parser = ProseMirrorDOMParser.fromSchema(richTextSchema);
const RENEW_AFTER = 1000;

let window: Window | null = null;
let uses = 0;

function domParser() {
  if (!window || uses >= RENEW_AFTER) {
    void window?.happyDOM.abort();
    void window?.happyDOM.close();
    window = new Window({
      settings: {
        disableJavaScriptEvaluation: true,
        disableJavaScriptFileLoading: true,
        disableCSSFileLoading: true,
        disableIframePageLoading: true,
        disableComputedStyleRendering: true,
      },
    });
    uses = 0;
  }
  uses += 1;
  return new window.DOMParser();
}

export type DocJson = { type: string; content?: DocJson[]; [key: string]: unknown };

/** The document the editor would make of this HTML: what its schema cannot hold is left out. */
export function htmlToDocJson(html: string): DocJson {
  const document = domParser().parseFromString(
    `<!DOCTYPE html><html><body>${withinNesting(html)}</body></html>`,
    'text/html',
  );
  // happy-dom's element stands for the DOM's; typed through unknown so that it checks with and without the DOM lib.
  const body: unknown = document.body;
  const json = parser.parse(body as Parameters<typeof parser.parse>[0]).toJSON() as DocJson;
  // Each cell's span is bounded as it is parsed; a row's cells together, here (table-spans.ts).
  boundTableSpans(json);
  return json;
}
