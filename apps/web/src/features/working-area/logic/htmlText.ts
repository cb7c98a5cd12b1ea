// Descriptions are sanitised HTML from the server. These helpers read their text without a DOM, so that they
// run the same in the browser, in unit tests and over a thousand rows at once.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, code: string) => {
    if (code[0] === '#') {
      const value = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(value) ? String.fromCodePoint(value) : match;
    }
    return ENTITIES[code.toLowerCase()] ?? match;
  });
}

const BLOCK_END = /<\/(?:p|div|li|h[1-6]|pre|blockquote|tr|td|th)>|<br\s*\/?>/gi;

/** The plain text of an HTML fragment: tags dropped, entities decoded, white space collapsed. */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(BLOCK_END, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text of the first block of the description that has any (a leading empty paragraph is skipped). */
export function firstParagraphText(html: string): string {
  for (const block of html.split(BLOCK_END)) {
    const text = htmlToText(block);
    if (text) return text;
  }
  return '';
}

export const AUTO_NAME_LENGTH = 100;

/** The name that auto-naming gives (spec 2 §4): the first paragraph, cut to 100 characters plus an ellipsis. */
export function autoNameFrom(html: string): string {
  const text = firstParagraphText(html);
  return text.length > AUTO_NAME_LENGTH ? `${text.slice(0, AUTO_NAME_LENGTH)}…` : text;
}

/** Whether the auto-name box starts ticked: the name is empty or is what auto-naming would give. */
export function autoNameInitiallyOn(name: string, descriptionHtml: string): boolean {
  const trimmed = name.trim();
  return trimmed === '' || trimmed === autoNameFrom(descriptionHtml);
}

/** An empty editor writes <p></p>: that is no description. */
export function isEmptyHtml(html: string): boolean {
  return htmlToText(html) === '';
}
