import { compareTreeOrder, inReadingOrder, type CategoryPresented } from '@reqloom/domain';
import type { StructureDocument } from '../../working-area/api/workingAreaApi';
import { layoutDocumentGraph } from '../../working-area/logic/documentGraph';
import type { MapRequirement } from './mapData';
import { descriptionHeight, mapMetrics, type MapMetrics } from './mapMetrics';
import type { Trace } from './trace';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DocumentBox extends Box {
  document: StructureDocument;
  column: number;
  /** False while its requirements are on their way: the box shows, its cards come later. */
  loaded: boolean;
}

export interface CategoryBox extends Box {
  category: CategoryPresented;
  /** 0 for a root category. */
  level: number;
}

export interface CardBox extends Box {
  requirement: MapRequirement;
  column: number;
  /** The part in sight when stacked under the next card (decisions §18, overlapping); its whole height otherwise. */
  strip: number;
  /** The preview shown in the card when its description is open, else null. */
  description: string | null;
}

export interface LinkLine {
  parent: number;
  child: number;
  /** Undefined for a document link, which carries no mark. */
  upToDate: boolean | undefined;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface MapLayout {
  metrics: MapMetrics;
  width: number;
  height: number;
  documents: DocumentBox[];
  categories: CategoryBox[];
  /** Cards by column, each column from top to bottom: what finds the cards in sight by bisection. */
  columns: CardBox[][];
  /** Each column's left and right edges and its tallest card, for the search of the cards in sight. */
  columnBounds: { left: number; right: number; tallest: number }[];
  cards: Map<number, CardBox>;
  links: LinkLine[];
  documentLinks: LinkLine[];
}

export interface LayoutInput {
  documents: readonly StructureDocument[];
  /** Each document's requirements, in reading order; undefined while they load. */
  requirements: ReadonlyMap<number, readonly MapRequirement[] | undefined>;
}

export interface LayoutOptions {
  fontSize: number;
  overlapping: boolean;
  overlappingOffset: number;
  /** Left out of the map (hideInactive): their place goes to the rest. */
  hidden: Trace | null;
  /** Requirements shown whole even when stacked: the selected one and those with an open description. */
  unstacked: ReadonlySet<number>;
  /** Open descriptions: requirement → preview text. */
  descriptions: ReadonlyMap<number, string>;
}

/** Where a link meets a card: halfway down the part of it in sight. */
export const anchorY = (card: CardBox) => card.y + Math.min(card.strip, card.height) / 2;

/**
 * Lays the whole map out once per change of data or options (never on a pan or a zoom, which only move the view):
 * documents in columns by their depth in the document graph (roots on the left, `layoutDocumentGraph`), one under
 * the other within a column; inside a document its root requirements, then its categories as nested containers in
 * tree order, each with its own requirements (reading order) before its sub-categories. With `overlapping`, the
 * cards of a run stack with `overlappingOffset` pixels of each in sight, the last one whole.
 */
export function layoutMap(input: LayoutInput, options: LayoutOptions): MapLayout {
  const metrics = mapMetrics(options.fontSize);
  const { hidden } = options;
  const documents = input.documents.filter((d) => !hidden?.documents.has(d.id));
  const graph = layoutDocumentGraph(documents);
  const documentBoxes: DocumentBox[] = [];
  const categoryBoxes: CategoryBox[] = [];
  const cards = new Map<number, CardBox>();

  // Each document laid out at (0, 0) first; columns and rows place it after, once widths are known.
  type Placed = { box: DocumentBox; categories: CategoryBox[]; cards: CardBox[] };
  const placed = documents.map((document): Placed => {
    const list = input.requirements.get(document.id);
    const categories = document.categories.filter((c) => !hidden?.categories.has(c.id));
    const byId = new Map(categories.map((c) => [c.id, c]));
    const requirements = (list ?? []).filter((r) => !hidden?.requirements.has(r.id));
    const ordered = inReadingOrder(requirements, byId);
    const own = new Map<number | null, MapRequirement[]>();
    for (const r of ordered) {
      // A requirement of a hidden or unknown category shows at the document's root rather than nowhere.
      const key = r.category_id !== null && byId.has(r.category_id) ? r.category_id : null;
      const run = own.get(key);
      if (run) run.push(r);
      else own.set(key, [r]);
    }
    const childrenOf = new Map<number | null, CategoryPresented[]>();
    for (const c of [...categories].sort(compareTreeOrder)) {
      const parent = c.parent_id !== null && byId.has(c.parent_id) ? c.parent_id : null;
      const siblings = childrenOf.get(parent);
      if (siblings) siblings.push(c);
      else childrenOf.set(parent, [c]);
    }
    const levels = (parent: number | null): number =>
      Math.max(0, ...(childrenOf.get(parent) ?? []).map((c) => 1 + levels(c.id)));
    const width = metrics.cardWidth + 2 * metrics.inset * (1 + levels(null));
    const box: DocumentBox = { document, column: 0, loaded: list !== undefined, x: 0, y: 0, width, height: 0 };
    const docCategories: CategoryBox[] = [];
    const docCards: CardBox[] = [];

    const placeRun = (run: readonly MapRequirement[], x: number, top: number): number => {
      let y = top;
      run.forEach((requirement, index) => {
        const description = options.descriptions.get(requirement.id) ?? null;
        const height = metrics.cardHeight + (description === null ? 0 : descriptionHeight(description, metrics));
        const stacked =
          options.overlapping && index < run.length - 1 && !options.unstacked.has(requirement.id) && !description;
        const strip = stacked ? Math.min(options.overlappingOffset, height) : height;
        docCards.push({ requirement, column: 0, x, y, width: metrics.cardWidth, height, strip, description });
        y += stacked ? strip : height + metrics.cardGap;
      });
      return y;
    };
    // Cards of a container at `cardX`; a category of nesting `level` is a box `inset` further in on each side.
    const placeContainer = (parent: number | null, cardX: number, top: number, level: number): number => {
      let y = placeRun(own.get(parent) ?? [], cardX, top);
      for (const category of childrenOf.get(parent) ?? []) {
        const boxX = metrics.inset * (1 + level);
        const categoryBox: CategoryBox = { category, level, x: boxX, y, width: width - 2 * boxX, height: 0 };
        docCategories.push(categoryBox);
        const bottom = placeContainer(category.id, boxX + metrics.inset, y + metrics.categoryHeader, level + 1);
        categoryBox.height = Math.max(metrics.categoryHeader, bottom - y) + metrics.inset - metrics.cardGap;
        y += categoryBox.height + metrics.cardGap;
      }
      return y;
    };
    const bottom = placeContainer(null, metrics.inset, metrics.documentHeader, 0);
    box.height = Math.max(bottom + metrics.inset, metrics.documentHeader + metrics.inset);
    return { box, categories: docCategories, cards: docCards };
  });

  // Columns: each as wide as its widest document, a gap between them for the links to curve through.
  const columnWidths = Array.from({ length: graph.columns }, () => 0);
  placed.forEach(({ box }) => {
    const place = graph.places.get(box.document.id)!;
    box.column = place.column;
    columnWidths[place.column] = Math.max(columnWidths[place.column]!, box.width);
  });
  const columnX: number[] = [];
  let x = 0;
  for (const w of columnWidths) {
    columnX.push(x);
    x += w + metrics.columnGap;
  }
  const columns: CardBox[][] = columnWidths.map(() => []);
  const columnBottom = columnWidths.map(() => 0);
  const byRow = [...placed].sort(
    (a, b) => graph.places.get(a.box.document.id)!.row - graph.places.get(b.box.document.id)!.row,
  );
  for (const { box, categories, cards: docCards } of byRow) {
    const dx = columnX[box.column]!;
    const dy = columnBottom[box.column]!;
    box.x = dx;
    box.y = dy;
    columnBottom[box.column] = dy + box.height + metrics.documentGap;
    documentBoxes.push(box);
    for (const c of categories) categoryBoxes.push({ ...c, x: c.x + dx, y: c.y + dy });
    for (const card of docCards) {
      const moved = { ...card, column: box.column, x: card.x + dx, y: card.y + dy };
      columns[box.column]!.push(moved);
      cards.set(card.requirement.id, moved);
    }
  }

  const links: LinkLine[] = [];
  for (const card of cards.values()) {
    for (const link of card.requirement.children) {
      const child = cards.get(link.id);
      if (!child) continue;
      links.push({
        parent: card.requirement.id,
        child: link.id,
        upToDate: link.upToDate,
        x1: card.x + card.width,
        y1: anchorY(card),
        x2: child.x,
        y2: anchorY(child),
      });
    }
  }
  const boxById = new Map(documentBoxes.map((b) => [b.document.id, b]));
  const documentLinks: LinkLine[] = graph.edges.flatMap(({ parent, child }) => {
    const from = boxById.get(parent);
    const to = boxById.get(child);
    if (!from || !to) return [];
    const y = (b: DocumentBox) => b.y + metrics.documentHeader / 2;
    return [{ parent, child, upToDate: undefined, x1: from.x + from.width, y1: y(from), x2: to.x, y2: y(to) }];
  });

  return {
    metrics,
    width: Math.max(0, x - metrics.columnGap),
    height: Math.max(0, ...columnBottom.map((b) => b - metrics.documentGap)),
    documents: documentBoxes,
    categories: categoryBoxes,
    columns,
    columnBounds: columns.map((column, c) => ({
      left: columnX[c]!,
      right: columnX[c]! + columnWidths[c]!,
      tallest: column.reduce((max, card) => Math.max(max, card.height), 0),
    })),
    cards,
    links,
    documentLinks,
  };
}
