// The plain text the offsets of a finding point into (decisions §25), the same as the browser rebuilds from the
// editor (apps/web features/quality/editorText.ts): textblocks (paragraphs, headings, code blocks) joined by one '\n'
// each, an empty one too; a <br> is '\n'; tags dropped, entities decoded, whitespace between blocks dropped as the
// editor's parser drops it. A list item or a cell holding bare text (an import's HTML) ends a block as well, once.
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
// Marks of the private use area, taken out of the text first so that no text can fake them.
const CONTAINER_END = '\uE000';
const TEXTBLOCK_END = '\uE001';
const HARD_BREAK = '\uE002';
const TEXTBLOCK_TAG_END = /<\/(?:p|h[1-6]|pre)\s*>/gi;
const CONTAINER_TAG_END = /<\/(?:div|blockquote|li|td|th|tr|ul|ol|table|thead|tbody)\s*>/gi;
const BREAK_TAG = /<br\b[^>]*>/gi;
const BETWEEN_BLOCKS = /\s*[\uE000\uE001][\uE000\uE001\s]*/g;

export function qualityText(html: string): string {
  const marked = html
    .replace(/[\uE000-\uE002]/g, '')
    .replace(TEXTBLOCK_TAG_END, TEXTBLOCK_END)
    .replace(CONTAINER_TAG_END, CONTAINER_END)
    .replace(BREAK_TAG, HARD_BREAK)
    .replace(/<[^>]*>/g, '')
    .trim();
  // A run of block ends is as many separators as it closes textblocks (at least one), none at the start or the end.
  const joined = marked.replace(BETWEEN_BLOCKS, (run, at: number) => {
    if (at === 0 || at + run.length === marked.length) return '';
    return '\n'.repeat(Math.max(1, run.split(TEXTBLOCK_END).length - 1));
  });
  return joined.replaceAll(HARD_BREAK, '\n').replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) return codePoint(name, whole);
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A numeric reference's character; one beyond Unicode (`&#99999999;`) stays as written rather than throwing. */
function codePoint(name: string, whole: string): string {
  const value = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  return value <= 0x10ffff ? String.fromCodePoint(value) : whole;
}
