import type { SearchResultPresented } from '@reqloom/domain';

/** One run of an extract's text, marked when it is a match. */
export type ExtractPart = { text: string; marked: boolean };

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * The server's extract (escaped HTML with `<mark>`) as plain runs of text, for React to render as text: nothing of it
 * is ever set as HTML, so whatever it holds shows as characters, never as markup.
 */
export function extractParts(html: string): ExtractPart[] {
  const parts: ExtractPart[] = [];
  let marked = false;
  for (const piece of html.split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece) parts.push({ text: decode(piece), marked });
  }
  return parts;
}

/** The option the arrow keys move to: down from none is the first, up from none the last, and round at the ends. */
export function movedIndex(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current < 0 || current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}

/** The detailed view of a found element, under the project's path. */
export function resultSubPath(result: Pick<SearchResultPresented, 'model' | 'id'>): string {
  return `detailed/${result.model}/${result.id}`;
}

/** Ctrl+Shift+F (or ⌘+Shift+F): the project search's shortcut (spec 2). */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'code'>) {
  return (event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.code === 'KeyF';
}

/**
 * What Enter opens (issue 31): the highlighted result, else the first one, but only among results of what is typed
 * now (`settled`): a list still showing an earlier query's results opens nothing yet, and the box waits for its own.
 */
export function enterChoice<T>(list: readonly T[], active: number, settled: boolean): T | undefined {
  if (active >= 0 && list[active]) return list[active];
  return settled ? list[0] : undefined;
}
