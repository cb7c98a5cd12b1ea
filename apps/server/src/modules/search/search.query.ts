import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { foldText } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { documents } from '../../db/schema';
import { loadCategoryTrees, type CategoryTree } from '../../read/categories.presenter';

// The project search (decisions §6): PostgreSQL's full-text search over the folded (unaccented, lower-case) words of
// names and descriptions, prefix-matched, with trigrams on names for what a word search misses (a part of a word:
// `vanne` in `électrovanne`). Indexes: migrations 0006 and 0008 (the requirements' stored name and search vectors). References are not stored (they derive from the
// category chain), so a query that is a reference is looked up through the project's category references.

export type Hit = {
  model: 'document' | 'category' | 'requirement';
  id: number;
  documentId: number;
  categoryId: number | null;
  referenceNumber: number | null;
  name: string;
  description: string;
  updatedAt: Date;
  /** 0 an exact reference, 1 a match in the name, 2 in the description only, 3 a part of a word of the name. */
  tier: number;
  rank: number;
};

/** The document a hit is in: its acronym starts the hit's reference, its name tells the reader where the hit is. */
export type HitDocument = { acronym: string; name: string };

/** The query as a tsquery: every word as a prefix, all of them required. Only letters and digits reach it. */
export function tsQuery(words: string[]): string {
  return words.map((w) => `'${w}':*`).join(' & ');
}

/**
 * How much of a description a hit brings back: its extract is made from the start of it. A description may hold a
 * million characters, and an extract is worked out a character at a time on the server's thread: from whole
 * descriptions, a search of 15 such hits held every request for 10 to 15 s. A match further in shows the name.
 */
export const EXTRACT_SOURCE_MAX = 10_000;

/** `%…%` for LIKE, its own wildcards escaped. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Row = {
  id: number;
  document_id: number;
  category_id: number | null;
  reference_number: number | null;
  name: string;
  description: string;
  updated_at: Date | string;
  rank: number | string;
  tier: number | string;
};

const toHit =
  (model: Hit['model']) =>
  (r: Row): Hit => ({
    model,
    id: Number(r.id),
    documentId: Number(r.document_id),
    categoryId: r.category_id === null ? null : Number(r.category_id),
    referenceNumber: r.reference_number === null ? null : Number(r.reference_number),
    name: r.name,
    description: r.description,
    updatedAt: new Date(r.updated_at),
    rank: Number(r.rank),
    tier: Number(r.tier),
  });

/** Tests are found only by alpha users (decisions §16): the others never see one, not even as a search result. */
const testsFilter = (withTests: boolean) => (withTests ? sql`` : sql` and r.type <> 'test'`);

/**
 * The best matches of each kind in the project, in tiers (`rank` orders within a tier): 1 the name holds the words,
 * 2 only the description does, 3 the name contains the query as a part of a word (trigrams: `vanne` in
 * `électrovanne`). A tier is asked only while the ones before it found fewer than `limit` requirements, so that a
 * common word ranks the requirements it names, never all those whose text it is in.
 */
export async function textHits(
  db: Db,
  projectId: number,
  words: string[],
  query: string,
  limit: number,
  withTests: boolean,
) {
  const tsq = tsQuery(words);
  const folded = foldText(query.trim());
  const like = containing(folded);
  const inProject = sql`r.document_id in (select id from documents where project_id = ${projectId})${testsFilter(withTests)}`;
  const requirementTier = async (tier: number, match: SQL, rank: SQL, take: number) =>
    rowsOf<Row>(
      await db.execute(sql`
        select r.id, r.document_id, r.category_id, r.reference_number, r.name,
               left(r.description, ${EXTRACT_SOURCE_MAX}) as description, r.updated_at, ${rank} as rank, ${tier} as tier
          from requirements r, to_tsquery('pg_catalog.simple', ${tsq}) q
         where ${inProject} and ${match}
         order by rank desc, r.updated_at desc, r.id
         limit ${take}`),
    ).map(toHit('requirement'));
  const requirementHits = await requirementTier(1, sql`r.name_vector @@ q`, sql`ts_rank_cd(r.name_vector, q)`, limit);
  if (requirementHits.length < limit) {
    requirementHits.push(
      ...(await requirementTier(
        2,
        sql`r.search_vector @@ q and not r.name_vector @@ q`,
        sql`ts_rank_cd(r.search_vector, q)`,
        limit - requirementHits.length,
      )),
    );
  }
  if (requirementHits.length < limit) {
    requirementHits.push(
      ...(await requirementTier(
        3,
        sql`public.reqloom_fold(r.name) like ${like} and not r.search_vector @@ q`,
        sql`similarity(public.reqloom_fold(r.name), ${folded})`,
        limit - requirementHits.length,
      )),
    );
  }
  // Documents and categories are few: one statement each, its tier told by the row.
  const elementRows = async (table: 'categories' | 'documents') =>
    rowsOf<Row>(
      await db.execute(sql`
        select e.id, ${table === 'documents' ? sql`e.id` : sql`e.document_id`} as document_id, null as category_id,
               null as reference_number, e.name, left(e.description, ${EXTRACT_SOURCE_MAX}) as description, e.updated_at,
               ts_rank_cd(public.reqloom_search_vector(e.name, e.description), q)
                 + similarity(public.reqloom_fold(e.name), ${folded}) as rank,
               case when public.reqloom_search_vector(e.name, '') @@ q then 1
                    when public.reqloom_search_vector(e.name, e.description) @@ q then 2 else 3 end as tier
          from ${table === 'documents' ? sql`documents e` : sql`categories e join documents d on d.id = e.document_id`},
               to_tsquery('pg_catalog.simple', ${tsq}) q
         where ${table === 'documents' ? sql`e.project_id` : sql`d.project_id`} = ${projectId}
           and (public.reqloom_search_vector(e.name, e.description) @@ q or public.reqloom_fold(e.name) like ${like})
         order by tier, rank desc, e.updated_at desc, e.id
         limit ${limit}`),
    );
  return [
    ...requirementHits,
    ...(await elementRows('categories')).map(toHit('category')),
    ...(await elementRows('documents')).map(toHit('document')),
  ];
}

/** A query that could be a reference: letters, digits and underscores, such as `SRS`, `SRS_INT` or `SRS_INT_007`. */
export const looksLikeReference = (query: string) => /^[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)*$/u.test(query.trim());

/**
 * The element whose reference is the query, whatever its letter case: a document (its acronym), a category (its
 * reference) or a requirement (a document's or category's reference, `_`, its number).
 */
export async function referenceHits(db: Db, projectId: number, query: string, withTests: boolean): Promise<Hit[]> {
  const wanted = query.trim().toUpperCase();
  const docs = await db.select().from(documents).where(eq(documents.projectId, projectId)).orderBy(asc(documents.id));
  if (docs.length === 0) return [];
  const trees = await loadCategoryTrees(
    db,
    docs.map((d) => d.id),
  );
  const hits: Hit[] = [];
  const base = { referenceNumber: null, rank: 0, tier: 0 };
  // Places whose reference is the query, or the prefix of a requirement's reference in the query.
  const match = /^(.*)_(\d+)$/.exec(wanted);
  const prefixes: { documentId: number; categoryId: number | null }[] = [];
  for (const d of docs) {
    const acronym = d.acronym.toUpperCase();
    if (acronym === wanted)
      hits.push({
        ...base,
        model: 'document',
        id: d.id,
        documentId: d.id,
        categoryId: null,
        name: d.name,
        description: d.description,
        updatedAt: d.updatedAt,
      });
    if (match && acronym === match[1]) prefixes.push({ documentId: d.id, categoryId: null });
    const tree = trees.get(d.id);
    for (const c of tree?.rows ?? []) {
      const reference = (tree?.references.get(c.id) ?? '').toUpperCase();
      if (reference === wanted)
        hits.push({
          ...base,
          model: 'category',
          id: c.id,
          documentId: d.id,
          categoryId: c.id,
          name: c.name,
          description: c.description,
          updatedAt: c.updatedAt,
        });
      if (match && reference === match[1]) prefixes.push({ documentId: d.id, categoryId: c.id });
    }
  }
  // A reference number is an integer column: a longer number names no requirement (sent as typed, PostgreSQL
  // refused it, and a valid query was answered 422).
  const number = match ? Number(match[2]) : NaN;
  if (match && prefixes.length > 0 && number <= 2_147_483_647) {
    const rows = rowsOf<Row>(
      await db.execute(sql`
        select r.id, r.document_id, r.category_id, r.reference_number, r.name,
               left(r.description, ${EXTRACT_SOURCE_MAX}) as description, r.updated_at, 0 as rank, 0 as tier
          from requirements r
         where r.reference_number = ${number}${testsFilter(withTests)}
           and r.document_id in (${sql.join(
             prefixes.map((p) => sql`${p.documentId}`),
             sql`, `,
           )})`),
    );
    for (const r of rows) {
      const placed = prefixes.some(
        (p) =>
          p.documentId === Number(r.document_id) &&
          p.categoryId === (r.category_id === null ? null : Number(r.category_id)),
      );
      if (placed) hits.push(toHit('requirement')(r));
    }
  }
  return hits;
}

/** The references of the categories the hits are in, and the acronyms and names of their documents. */
export async function referencePrefixes(db: Db, hits: Hit[]) {
  const documentIds = [...new Set(hits.map((h) => h.documentId))];
  if (documentIds.length === 0)
    return { documentsById: new Map<number, HitDocument>(), categoryReferences: new Map<number, string>() };
  const docs = await db
    .select({ id: documents.id, acronym: documents.acronym, name: documents.name })
    .from(documents)
    .where(inArray(documents.id, documentIds));
  const needTrees = [
    ...new Set(hits.filter((h) => h.categoryId !== null || h.model === 'category').map((h) => h.documentId)),
  ];
  const trees = needTrees.length ? await loadCategoryTrees(db, needTrees) : new Map<number, CategoryTree>();
  const categoryReferences = new Map<number, string>();
  for (const tree of trees.values())
    for (const [id, reference] of tree.references) categoryReferences.set(id, reference);
  return { documentsById: new Map(docs.map((d): [number, HitDocument] => [d.id, d])), categoryReferences };
}
