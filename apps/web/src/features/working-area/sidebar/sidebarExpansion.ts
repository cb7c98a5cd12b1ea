// Which documents and categories of the side bar are expanded (issue 31). By default the document in view is
// expanded and the others are collapsed (after an import a project may hold dozens of documents, and with every
// one open the document in view was far down); a category is expanded. What the person opens or closes is kept,
// per user and per project, in this browser's localStorage: it is the state of one screen, changed at each click
// and as large as the project's tree, which the user's server preferences (a closed set of small values, at most
// 16 KB) are not made for. The documents' order, one small value that follows the user, is a server preference.

/** key (`d12` for a document, `c34` for a category) → expanded. Only the person's own choices are kept. */
export type Expansion = Readonly<Record<string, boolean>>;

const PREFIX = 'reqloom.sidebar.';
const storageKey = (userId: number, projectId: number) => `${PREFIX}${userId}.${projectId}`;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readExpansion(userId: number, projectId: number): Expansion {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(storageKey(userId, projectId)) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([key, open]) => /^[dc]\d+$/.test(key) && typeof open === 'boolean'),
    );
  } catch {
    return {};
  }
}

/** Keeps the choices about what the project still holds (`known`), so that the entry does not grow forever. */
export function writeExpansion(userId: number, projectId: number, expansion: Expansion, known: Set<string>): void {
  const kept = Object.fromEntries(Object.entries(expansion).filter(([key]) => known.has(key)));
  try {
    storage()?.setItem(storageKey(userId, projectId), JSON.stringify(kept));
  } catch {
    // Storage refused (private mode, quota): the choice holds for this page.
  }
}

interface Node {
  id: number;
  categories: readonly { id: number }[];
}

/** The keys to show collapsed: the person's choice, else every document but the one in view. */
export function collapsedKeys(documents: readonly Node[], expansion: Expansion, activeDocumentId: number | null) {
  const collapsed = new Set<string>();
  for (const document of documents) {
    const key = `d${document.id}`;
    if (!(expansion[key] ?? document.id === activeDocumentId)) collapsed.add(key);
    for (const category of document.categories)
      if (expansion[`c${category.id}`] === false) collapsed.add(`c${category.id}`);
  }
  return collapsed;
}

export function knownKeys(documents: readonly Node[]): Set<string> {
  return new Set(documents.flatMap((d) => [`d${d.id}`, ...d.categories.map((c) => `c${c.id}`)]));
}
