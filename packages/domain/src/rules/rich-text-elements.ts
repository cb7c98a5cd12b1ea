import { RICH_TEXT_ELEMENTS_MAX } from '../constants';

// Every element of HTML starts with `<` and a letter; text and attribute values escape `<` once sanitised, so in
// stored rich text this counts the elements exactly. In a client's raw HTML it counts at least as many as the
// sanitiser keeps. One linear scan, without parsing: it runs before any parse.
const START_TAG = /<[a-zA-Z]/g;

/** How many elements rich text (HTML) holds. */
export function richTextElements(html: string): number {
  let count = 0;
  START_TAG.lastIndex = 0;
  while (START_TAG.exec(html)) count += 1;
  return count;
}

/** Whether rich text holds no more elements than RICH_TEXT_ELEMENTS_MAX. */
export const withinRichTextElements = (html: string, max = RICH_TEXT_ELEMENTS_MAX): boolean =>
  richTextElements(html) <= max;

/**
 * Rich text cut before its element `max + 1` (the caller sanitises it again, which closes what the cut left open):
 * what an import keeps of a description over the bound.
 */
export function cutRichTextElements(html: string, max = RICH_TEXT_ELEMENTS_MAX): string {
  START_TAG.lastIndex = 0;
  for (let count = 0; START_TAG.exec(html); count += 1)
    if (count === max) return html.slice(0, START_TAG.lastIndex - 2);
  return html;
}
