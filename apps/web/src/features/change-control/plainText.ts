// Descriptions are sanitised HTML. A word-level diff (decisions §22) compares their text: markup is dropped, each
// block ends a line (so that a diff keeps the paragraphs apart), entities are decoded. No DOM: it runs the same in
// the browser, in unit tests and over many rows.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, code: string) => {
    if (code[0] === '#') {
      const hex = code[1] === 'x' || code[1] === 'X';
      const value = hex ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(value) && value <= 0x10ffff ? String.fromCodePoint(value) : match;
    }
    return ENTITIES[code.toLowerCase()] ?? match;
  });
}

const BLOCK_END = /<\/(?:p|div|li|h[1-6]|pre|blockquote|tr)>|<br\s*\/?>/gi;
const CELL_END = /<\/(?:td|th)>/gi;

/** The plain text of an HTML description: one line per block, spaces collapsed within a line, no empty line. */
export function htmlToPlainText(html: string): string {
  const text = decodeEntities(
    html
      .replace(BLOCK_END, '\n')
      .replace(CELL_END, ' ')
      .replace(/<[^>]*>/g, ''),
  );
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
