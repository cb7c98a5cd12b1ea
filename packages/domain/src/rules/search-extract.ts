// The words of a search and the extract around what they found (decisions §6 Search). Pure, so that the server's
// answer and its tests agree on what "accent- and case-insensitive" means: a character is folded by removing its
// diacritics (NFD, combining marks dropped) and its case; ligatures unfold (œ → oe) as PostgreSQL's unaccent does.

const LIGATURES: Record<string, string> = { œ: 'oe', Œ: 'oe', æ: 'ae', Æ: 'ae', ß: 'ss' };

/** One character folded: '' for a lone combining mark, possibly two letters for a ligature. */
function foldChar(c: string): string {
  return (LIGATURES[c] ?? c).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function foldText(text: string): string {
  let out = '';
  for (const c of text) out += foldChar(c);
  return out;
}

/** The folded words of a query (letters and digits; everything else separates). */
export function searchWords(query: string): string[] {
  return foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 16);
}

// Marks of the private use area, taken out of the text first: no text can fake them.
const ITEM_END = '\uE000';
const CELL_END = '\uE001';
const LINE_END = '\uE002';
const BLOCK_END = /<\/(?:p|div|h[1-6]|pre|blockquote|ul|ol|table|thead|tbody|li|tr)>|<br\b[^>]*>/gi;

/**
 * Rich text as one readable line, for extracts and previews: blocks end with a space, the entities the sanitiser writes
 * their characters, and the structure a line would lose stays readable: list items and table rows end with "; ",
 * cells are apart by " · ". Flattened to words alone, a list and a table ran on ("the valve the vents Period Day").
 */
export function plainText(html: string): string {
  return flatten(html.replace(/[\uE000-\uE002]/g, ''));
}

function flatten(html: string): string {
  return (
    html
      .replace(/<\/(?:li|tr)>/gi, ITEM_END)
      .replace(/<\/(?:td|th)>/gi, CELL_END)
      // A block's end is a space; an inline tag is nothing ("<p>ex<em>am</em>ple</p>" is one word).
      .replace(/<\/(?:p|div|h[1-6]|pre|blockquote|ul|ol|table|thead|tbody)>|<(?:br|hr|img)\b[^>]*>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      // A row's last cell ends with the row; a list in a list item ends with that item.
      .replace(/[\s\uE001]*\uE000[\s\uE000\uE001]*/g, ITEM_END)
      .replace(/\s*\uE001\s*/g, ' · ')
      .replace(/\s*\uE000\s*/g, '; ')
      .replace(/(?:; | · )+$/, '')
      .trim()
  );
}

/**
 * Rich text as lines, for spreadsheets (decisions §24): each paragraph, heading, list item, table row or line break
 * ends a line; within a line, the same text as `plainText`.
 */
export function plainLines(html: string): string {
  return flatten(html.replace(/[\uE000-\uE002]/g, '').replace(BLOCK_END, (tag) => `${tag}${LINE_END}`))
    .replace(/(?:; | · )?\s*\uE002[\s\uE002]*/g, '\n')
    .replace(/(?:; | · )+(?=\n|$)/g, '')
    .trim();
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Where each word occurs in the text, as [start, end) ranges of the original characters, merged and in order. */
export function matchRanges(text: string, words: string[]): [number, number][] {
  const chars = [...text];
  let folded = '';
  // For each folded position, the index (in `chars`) of the original character it came from.
  const origin: number[] = [];
  chars.forEach((c, i) => {
    const f = foldChar(c);
    folded += f;
    for (let k = 0; k < f.length; k++) origin.push(i);
  });
  const ranges: [number, number][] = [];
  for (const word of words) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + word.length)) {
      ranges.push([origin[at]!, origin[at + word.length - 1]! + 1]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/**
 * Escaped HTML of the text around its first match (about `width` characters, cut at spaces, with ellipses where
 * cut), every match inside in `<mark>`; the text's start when nothing matches. Ranges count characters (code points).
 */
export function searchExtract(text: string, words: string[], width = 160): string {
  const chars = [...text];
  const ranges = matchRanges(text, words);
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - Math.floor(width / 3));
  let end = Math.min(chars.length, start + width);
  start = Math.max(0, Math.min(start, end - width));
  // Whole words at the edges.
  while (start > 0 && start < first && chars[start - 1] !== ' ') start++;
  while (end < chars.length && end > start && chars[end] !== ' ' && end - start > width - 20) end--;
  if (end < chars.length && chars[end] !== ' ') {
    const next = chars.indexOf(' ', end);
    end = next === -1 || next - end > 20 ? end : next;
  }
  let html = start > 0 ? '…' : '';
  let at = start;
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) continue;
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    html += escapeHtml(chars.slice(at, a).join('')) + `<mark>${escapeHtml(chars.slice(a, b).join(''))}</mark>`;
    at = b;
  }
  html += escapeHtml(chars.slice(at, end).join(''));
  if (end < chars.length) html += '…';
  return html.trim();
}
