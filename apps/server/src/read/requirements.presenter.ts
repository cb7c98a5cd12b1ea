import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  categoryReference,
  coverageStatus,
  requirementReference,
  type RequirementPresented,
  type RevisionPresented,
  type TagPresented,
} from '@reqloom/domain';
import type { Db } from '../db/client';
import { prepared, rowsOf } from '../db/prepared';
import { documents, requirements, revisions, users } from '../db/schema';
import { loadCategoryTrees, type CategoryTree } from './categories.presenter';
import { tagsJsonSql } from './classifiers.presenter';
import { linkMarksSql, upToDateSql, type LinkMarkRow } from './link-marks';

export type RequirementRow = typeof requirements.$inferSelect;
type LinkMark = { id: number; upToDate: boolean };
type DocumentFacts = { acronym: string; projectId: number; hasChildren: boolean; hasParents: boolean };
// Whether a requirement has comments (decisions §11: `has_comments` wherever requirements are listed).
const hasCommentsSql = sql<boolean>`exists (select 1 from comments c where c.requirement_id = requirements.id)`;
// Whether a test has kept runs (decisions §16): the client offers deletion only without them.
const hasRunsSql = sql<boolean>`exists (select 1 from test_runs tr where tr.test_id = requirements.id)`;

/** At most this many requirements are looked up by id; a larger set is found through its documents. */
const BY_ID_LIMIT = 100;

function present(
  r: RequirementRow,
  doc: DocumentFacts | undefined,
  prefix: string,
  author: string | null | undefined,
  parents: LinkMark[],
  children: LinkMark[],
  hasComments: boolean,
  tags: TagPresented[],
  hasRuns: boolean,
): RequirementPresented {
  return {
    id: r.id,
    project_id: doc?.projectId ?? 0,
    document_id: r.documentId,
    category_id: r.categoryId,
    author_id: r.authorId,
    author: r.authorId !== null && typeof author === 'string' ? { id: r.authorId, name: author } : null,
    reference: requirementReference(prefix, r.referenceNumber),
    reference_number: r.referenceNumber,
    name: r.name,
    description: r.description,
    order: r.position,
    status: r.status,
    type: r.type,
    test: r.type === 'test',
    ...(r.type === 'test'
      ? {
          initialConditions: r.initialConditions,
          previouslyPassedTests: r.previouslyPassedTests,
          steps: r.steps,
          has_runs: hasRuns,
        }
      : {}),
    has_comments: hasComments,
    tags,
    attributes: r.attributes,
    parents,
    children,
    coverageStatus: coverageStatus({
      documentHasChildren: doc?.hasChildren ?? false,
      documentHasParents: doc?.hasParents ?? false,
      childCount: children.length,
      parentCount: parents.length,
    }),
    version: r.version,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** What a list's presentation knows of each document: acronym, project, coverage facts, comments, tags, runs. */
export type ListFacts = {
  docById: Map<number, DocumentFacts>;
  commented: Set<number>;
  ran: Set<number>;
  tagsOf: Map<number, TagPresented[]>;
};

/** The documents' facts in one statement (comments and tags of their requirements as JSON columns). */
export async function documentListFacts(db: Db, documentIds: number[]): Promise<ListFacts> {
  const docs = await db
    .select({
      id: documents.id,
      acronym: documents.acronym,
      projectId: documents.projectId,
      hasChildren: sql<boolean>`exists (select 1 from document_links dl where dl.parent_id = documents.id)`,
      hasParents: sql<boolean>`exists (select 1 from document_links dl where dl.child_id = documents.id)`,
      // The commented requirements of each document, in the same statement: a list costs no more statements.
      commented: sql<number[] | null>`(select json_agg(distinct c.requirement_id) from comments c
        join requirements r on r.id = c.requirement_id where r.document_id = documents.id)`,
      // Its tests that have kept runs.
      ran: sql<number[] | null>`(select json_agg(distinct tr.test_id) from test_runs tr
        join requirements r on r.id = tr.test_id where r.document_id = documents.id)`,
      // And the tags its requirements hold, [requirement, tag, classifier, title, colour] in display order.
      tagged: sql<[number, number, number, string, string][] | null>`(select json_agg(
          json_build_array(rt.requirement_id, t.id, t.classifier_id, t.title, t.color) order by t.classifier_id, t.id)
        from classifiers k join tags t on t.classifier_id = k.id join requirement_tags rt on rt.tag_id = t.id
       where k.document_id = documents.id)`,
    })
    .from(documents)
    .where(inArray(documents.id, documentIds));
  const commented = new Set(docs.flatMap((d) => (d.commented ?? []).map(Number)));
  const ran = new Set(docs.flatMap((d) => (d.ran ?? []).map(Number)));
  const docById = new Map(docs.map((d) => [d.id, d]));
  const tagsOf = new Map<number, TagPresented[]>();
  for (const [requirementId, id, classifierId, title, color] of docs.flatMap((d) => d.tagged ?? [])) {
    const list = tagsOf.get(Number(requirementId)) ?? [];
    list.push({ id: Number(id), classifier_id: Number(classifierId), title, color });
    tagsOf.set(Number(requirementId), list);
  }
  return { docById, commented, ran, tagsOf };
}

export type ListLinks = { parentsOf: Map<number, LinkMark[]>; childrenOf: Map<number, LinkMark[]> };

/** Link rows grouped by requirement and side, each list by id; `wanted` keeps the requirements asked. */
export function groupLinkMarks(result: LinkMarkRow[], wanted?: Set<number>): ListLinks {
  const parentsOf = new Map<number, LinkMark[]>();
  const childrenOf = new Map<number, LinkMark[]>();
  for (const l of result) {
    const mine = Number(l.mine);
    if (wanted && !wanted.has(mine)) continue;
    const target = l.side === 'p' ? parentsOf : childrenOf;
    const list = target.get(mine) ?? [];
    list.push({ id: Number(l.other), upToDate: l.up === true });
    target.set(mine, list);
  }
  const byId = (a: LinkMark, b: LinkMark) => a.id - b.id;
  for (const list of parentsOf.values()) list.sort(byId);
  for (const list of childrenOf.values()) list.sort(byId);
  return { parentsOf, childrenOf };
}

/** Presents rows from what their list loaded: no statement of its own. */
export function presentListed(
  rows: RequirementRow[],
  facts: ListFacts,
  trees: Map<number, CategoryTree>,
  links: ListLinks,
  authorById: Map<number, string>,
): RequirementPresented[] {
  return rows.map((r) => {
    const doc = facts.docById.get(r.documentId);
    const tree = trees.get(r.documentId);
    const prefix = (r.categoryId !== null ? tree?.references.get(r.categoryId) : undefined) ?? doc?.acronym ?? '';
    const author = r.authorId !== null ? authorById.get(r.authorId) : null;
    return present(
      r,
      doc,
      prefix,
      author,
      links.parentsOf.get(r.id) ?? [],
      links.childrenOf.get(r.id) ?? [],
      facts.commented.has(r.id),
      facts.tagsOf.get(r.id) ?? [],
      facts.ran.has(r.id),
    );
  });
}

/**
 * Presents requirements with references, links (with up-to-date marks), coverage and authors in three
 * or four queries whatever their count (documents, category trees unless given, links, authors): a
 * 1,000-requirement document is one call. Links are found from the requirements' documents when there
 * are many, never through a list of thousands of ids, and never outside those documents' links.
 */
export async function presentRequirements(
  db: Db,
  rows: RequirementRow[],
  preloaded?: { trees?: Map<number, CategoryTree> },
): Promise<RequirementPresented[]> {
  if (rows.length === 0) return [];
  if (rows.length === 1 && !preloaded?.trees) return [await presentRequirement(db, rows[0]!)];
  const documentIds = [...new Set(rows.map((r) => r.documentId))];
  const facts = await documentListFacts(db, documentIds);
  const trees = preloaded?.trees ?? (await loadCategoryTrees(db, documentIds));
  const links = await linksOf(db, rows, documentIds);

  const authorIds = [...new Set(rows.map((r) => r.authorId).filter((id): id is number => id !== null))];
  const authors = authorIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, authorIds))
    : [];
  return presentListed(rows, facts, trees, links, new Map(authors.map((a) => [a.id, a.name])));
}

/**
 * The parents and the children of the given requirements with their up-to-date marks, in one query:
 * by id for a few requirements, else through their documents (each side by its index), keeping those asked.
 */
async function linksOf(db: Db, rows: RequirementRow[], documentIds: number[]): Promise<ListLinks> {
  const scope =
    rows.length <= BY_ID_LIMIT
      ? sql`x.id in (${sql.join(
          rows.map((r) => sql`${r.id}`),
          sql`, `,
        )})`
      : sql`x.document_id in (${sql.join(
          documentIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const result = rowsOf<LinkMarkRow>(await db.execute(linkMarksSql(scope)));
  return groupLinkMarks(result, new Set(rows.map((r) => r.id)));
}

export type RevisionJson = {
  id: number;
  category_id: number | null;
  author_id: number | null;
  author: string | null;
  name: string;
  description: string;
  status: number;
  updated_at: number;
};

/** Everything one requirement's presentation needs beyond its row, as columns of one prepared statement. */
export function singleFields() {
  return {
    doc: sql<[string, number, boolean, boolean] | null>`(
      select json_build_array(d.acronym, d.project_id,
        exists (select 1 from document_links dl where dl.parent_id = d.id),
        exists (select 1 from document_links dl where dl.child_id = d.id))
        from documents d where d.id = requirements.document_id)`,
    // The category and its ancestors within the document, root first: the reference's parts.
    chain: sql<string[] | null>`(
      with recursive chain(id, parent_id, acronym, depth) as (
        select c.id, c.parent_id, c.acronym, 0 from categories c
         where c.id = requirements.category_id and c.document_id = requirements.document_id
        union all
        select c.id, c.parent_id, c.acronym, chain.depth + 1 from chain
          join categories c on c.id = chain.parent_id and c.document_id = requirements.document_id
         where chain.depth < 100
      ) select json_agg(acronym order by depth desc) from chain)`,
    parents: sql<[number, boolean][]>`coalesce((
      select json_agg(json_build_array(l.parent_id, ${upToDateSql('o', 'requirements')})
                      order by l.parent_id)
        from requirement_links l join requirements o on o.id = l.parent_id
       where l.child_id = requirements.id), '[]'::json)`,
    children: sql<[number, boolean][]>`coalesce((
      select json_agg(json_build_array(l.child_id, ${upToDateSql('requirements', 'o')})
                      order by l.child_id)
        from requirement_links l join requirements o on o.id = l.child_id
       where l.parent_id = requirements.id), '[]'::json)`,
    author: sql<string | null>`(select u.name from users u where u.id = requirements.author_id)`,
    hasComments: hasCommentsSql,
    hasRuns: hasRunsSql,
    tags: tagsJsonSql(sql`requirements.id`),
  };
}

export function revisionsField() {
  return {
    revisions: sql<RevisionJson[]>`coalesce((
      select json_agg(json_build_object('id', v.id, 'category_id', v.category_id, 'author_id', v.author_id,
               'author', u.name, 'name', v.name, 'description', v.description, 'status', v.status,
               'updated_at', floor(extract(epoch from v.updated_at) * 1000)) order by v.id desc)
        from revisions v left join users u on u.id = v.author_id
       where v.requirement_id = requirements.id), '[]'::json)`,
  };
}

const singleQuery = (db: Db) =>
  prepared(db, 'present_requirement', (d) =>
    d
      .select(singleFields())
      .from(requirements)
      .where(eq(requirements.id, sql.placeholder('id')))
      .prepare('present_requirement'),
  );

export type SingleFacts = {
  doc: [string, number, boolean, boolean] | null;
  chain: string[] | null;
  parents: [number, boolean][];
  children: [number, boolean][];
  author: string | null;
  hasComments: boolean;
  hasRuns: boolean;
  tags: TagPresented[];
};

function presentSingle(row: RequirementRow, facts: SingleFacts) {
  const [acronym, projectId, hasChildren, hasParents] = facts.doc ?? ['', 0, false, false];
  const doc = facts.doc ? { acronym, projectId, hasChildren, hasParents } : undefined;
  const prefix = (facts.chain ?? []).reduce(categoryReference, acronym);
  const marks = (pairs: [number, boolean][]) => pairs.map(([id, up]) => ({ id, upToDate: up }));
  return present(
    row,
    doc,
    prefix,
    facts.author,
    marks(facts.parents),
    marks(facts.children),
    facts.hasComments === true,
    facts.tags,
    facts.hasRuns === true,
  );
}

/** One requirement in one prepared statement (its document, category chain, links, author). */
export async function presentRequirement(db: Db, row: RequirementRow): Promise<RequirementPresented> {
  const [facts] = await singleQuery(db).execute({ id: row.id });
  // A row no longer stored (presented after its deletion) has no links: the general path says so.
  if (!facts)
    return (await presentRequirements(db, [row], { trees: await loadCategoryTrees(db, [row.documentId]) }))[0]!;
  return presentSingle(row, facts);
}

export type RequirementWithRevisions = RequirementPresented & { revisions: RevisionPresented[] };

/** Presents what `singleFields` and `revisionsField` read with the row (GET requirements/{id}, `requirement-read.ts`). */
export function presentWithRevisions(
  facts: SingleFacts & { row: RequirementRow; revisions: RevisionJson[] },
): RequirementWithRevisions {
  const row = facts.row;
  return {
    ...presentSingle(row, facts),
    revisions: facts.revisions.map((v) => ({
      id: v.id,
      requirement_id: row.id,
      category_id: v.category_id,
      author_id: v.author_id,
      author: v.author_id !== null && v.author !== null ? { id: v.author_id, name: v.author } : null,
      name: v.name,
      description: v.description,
      status: v.status,
      updated_at: new Date(Number(v.updated_at)).toISOString(),
    })),
  };
}

/** Newest first. */
export async function presentRevisions(db: Db, requirementId: number): Promise<RevisionPresented[]> {
  const rows = await db
    .select({ revision: revisions, authorName: users.name })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.authorId))
    .where(eq(revisions.requirementId, requirementId))
    .orderBy(desc(revisions.id));
  return rows.map(({ revision: v, authorName }) => ({
    id: v.id,
    requirement_id: v.requirementId,
    category_id: v.categoryId,
    author_id: v.authorId,
    author: v.authorId !== null && authorName !== null ? { id: v.authorId, name: authorName } : null,
    name: v.name,
    description: v.description,
    status: v.status,
    updated_at: v.updatedAt.toISOString(),
  }));
}

/**
 * A document's requirements by their order, then id, as `requirements_document_position_idx` gives them without a
 * sort. Not yet the reading order, which needs the category tree: the callers put them in it with `inReadingOrder`.
 */
export async function documentRequirementRows(db: Db, documentId: number): Promise<RequirementRow[]> {
  return db
    .select()
    .from(requirements)
    .where(eq(requirements.documentId, documentId))
    .orderBy(asc(requirements.position), asc(requirements.id));
}
