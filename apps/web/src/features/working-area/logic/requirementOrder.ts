import {
  compareReadingOrder,
  inReadingOrder,
  type CategoryPresented,
  type RequirementPresented,
} from '@reqloom/domain';
import { htmlToText } from './htmlText';

export const SORT_KEYS = [
  'none',
  'referenceNumber',
  'name',
  'categoryName',
  'categoryPosition',
  'status',
  'updatedAt',
  'score',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

type CategoryLookup = ReadonlyMap<number, CategoryPresented>;

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function comparator(
  key: Exclude<SortKey, 'none'>,
  categories: CategoryLookup,
  scores: ReadonlyMap<number, number> | undefined,
) {
  const categoryName = (r: RequirementPresented) =>
    r.category_id === null ? '' : (categories.get(r.category_id)?.name ?? '');
  switch (key) {
    case 'referenceNumber':
      return (a: RequirementPresented, b: RequirementPresented) => a.reference_number - b.reference_number;
    case 'name':
      return (a: RequirementPresented, b: RequirementPresented) => collator.compare(a.name, b.name);
    case 'categoryName':
      return (a: RequirementPresented, b: RequirementPresented) => collator.compare(categoryName(a), categoryName(b));
    case 'categoryPosition':
      return compareReadingOrder(categories);
    case 'status':
      return (a: RequirementPresented, b: RequirementPresented) => a.status - b.status;
    case 'updatedAt':
      return (a: RequirementPresented, b: RequirementPresented) => a.updated_at.localeCompare(b.updated_at);
    case 'score':
      // An unscored row (not checked yet, or a test) counts above any score.
      return (a: RequirementPresented, b: RequirementPresented) =>
        (scores?.get(a.id) ?? 101) - (scores?.get(b.id) ?? 101);
  }
}

/**
 * The table's order. "none" keeps the server's reading order (what a reader of the document expects); the
 * others sort stably, ties kept in reading order whatever the direction.
 */
export function sortRequirements(
  requirements: readonly RequirementPresented[],
  key: SortKey,
  direction: SortDirection,
  categories: CategoryLookup,
  /** The quality scores by requirement id (decisions §25), for the `score` key. */
  scores?: ReadonlyMap<number, number>,
): RequirementPresented[] {
  const reading = inReadingOrder(requirements, categories);
  if (key === 'none') return direction === 'asc' ? reading : reading.reverse();
  const compare = comparator(key, categories, scores);
  const sign = direction === 'asc' ? 1 : -1;
  const rank = new Map(reading.map((r, index) => [r.id, index]));
  return reading.sort((a, b) => sign * compare(a, b) || rank.get(a.id)! - rank.get(b.id)!);
}

/** Lower-cased, accent-free text, so that "Sécurité" matches "securite". */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/**
 * The text the filter looks in for each requirement: name, description text, author name, category name and
 * tag titles. Built once per list, not on every keystroke: at a thousand rows that is what keeps typing smooth.
 */
export function buildSearchIndex(
  requirements: readonly RequirementPresented[],
  categories: CategoryLookup,
): Map<number, string> {
  return new Map(
    requirements.map((r) => [
      r.id,
      searchable(
        [
          r.name,
          htmlToText(r.description),
          r.author?.name ?? '',
          r.category_id === null ? '' : (categories.get(r.category_id)?.name ?? ''),
          ...r.tags.map((tag) => tag.title),
        ].join('\n'),
      ),
    ]),
  );
}

export function filterRequirements(
  requirements: readonly RequirementPresented[],
  query: string,
  index: ReadonlyMap<number, string>,
): RequirementPresented[] {
  const needle = searchable(query.trim());
  if (!needle) return [...requirements];
  return requirements.filter((r) => index.get(r.id)?.includes(needle));
}

/** The requirements before and after one in reading order (spec 2, requirement view). */
export function neighbours<T extends { id: number }>(list: readonly T[], id: number): { previous?: T; next?: T } {
  const index = list.findIndex((item) => item.id === id);
  if (index < 0) return {};
  return { previous: list[index - 1], next: list[index + 1] };
}

/** Puts a created or changed requirement in a document's list, keeping reading order. */
export function upsertRequirement(
  list: readonly RequirementPresented[],
  documentId: number,
  requirement: RequirementPresented,
  categories: CategoryLookup,
): RequirementPresented[] {
  const others = list.filter((r) => r.id !== requirement.id);
  // A requirement moved to another document leaves this list.
  if (requirement.document_id !== documentId) return others;
  return inReadingOrder([...others, requirement], categories);
}

/** Counts per status (0 draft … 3 validated), for the donuts. */
export function statusCounts(requirements: readonly { status: number }[]): number[] {
  const counts = [0, 0, 0, 0];
  for (const r of requirements) counts[Math.min(3, Math.max(0, r.status))]! += 1;
  return counts;
}
