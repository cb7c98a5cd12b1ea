// CONTRACT: the plain text the offsets of a finding point into. Blocks (paragraphs, headings, list items, cells, code
// blocks) are joined by '\n', a <br> is '\n', tags are dropped and entities decoded. The browser rebuilds the same
// text from the editor's textblocks, so an offset lands on the same character on both sides.
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const BLOCK_END = /<\/(?:p|div|h[1-6]|pre|blockquote|li|td|th)>|<br\b[^>]*>/gi;

export function qualityText(html: string): string {
  return html
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\n+$/, '');
}
