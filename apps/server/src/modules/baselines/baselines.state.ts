import { sql, type SQL } from 'drizzle-orm';
import type { TestStep } from '@reqloom/domain';
import { upToDateSql } from '../../read/link-marks';

/**
 * A requirement's state as a baseline keeps it (decisions §22): one JSON object per requirement, built in SQL so that
 * a snapshot of 20,000 requirements never leaves the database. The SHA-256 of its fields' canonical text (`HASH`)
 * names the content: two requirements, or one requirement at two instants, with the same content share one stored
 * state.
 *
 * What is in it: everything `GET documents/requirements/{id}` shows of a requirement but its id, its document, its
 * place (kept beside it, so that a move or an insertion above does not make new states) and its links (kept per
 * document, with their marks). The author is kept by id and named when read, as the live view does. Times are epoch
 * milliseconds, as JavaScript holds them, so that no time zone enters the text.
 */
export type StateContent = {
  reference: string;
  reference_number: number;
  name: string;
  description: string;
  status: number;
  type: 'requirement' | 'test';
  category_id: number | null;
  /** The category's reference (its path of acronyms), null at the document's root. */
  category: string | null;
  /** [tag id, classifier id, title, colour], in display order. */
  tags: [number, number, string, string][];
  attributes: Record<string, string>;
  author_id: number | null;
  has_comments: boolean;
  /** A test's own fields (decisions §16), null for a requirement. */
  test: {
    initialConditions: string;
    previouslyPassedTests: number[];
    steps: TestStep[];
    has_runs: boolean;
  } | null;
  version: number;
  created_at: number;
  updated_at: number;
};

const ids = (list: number[]) =>
  sql.join(
    list.map((id) => sql`${id}::int`),
    sql`, `,
  );

/** Milliseconds since the epoch, as an integer JSON number. */
const epochMs = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::bigint`);

/**
 * The categories of the documents with their references (decisions §6), as a recursive CTE named `cat(id, ref)`. A
 * category whose parent is missing is referenced from its document, as `buildCategoryTree` does.
 */
function categoryReferencesCte(documentIds: number[]): SQL {
  return sql`cat(id, document_id, ref, depth) as (
      select c.id, c.document_id, d.acronym || '_' || c.acronym, 0
        from categories c join documents d on d.id = c.document_id
       where c.document_id in (${ids(documentIds)})
         and (c.parent_id is null or not exists (
           select 1 from categories p where p.id = c.parent_id and p.document_id = c.document_id))
      union all
      select c.id, c.document_id, cat.ref || '_' || c.acronym, cat.depth + 1
        from cat join categories c on c.parent_id = cat.id and c.document_id = cat.document_id
       where cat.depth < 100)`;
}

/**
 * The fields of a state of the documents' requirements (those `only` keeps, a condition on `r`), as a CTE `req`. The
 * reference pads the number to at least 3 digits (`requirementReference`). Tags, comments and test runs are each read
 * once for all the requirements and joined (`tg`, `cm`, `tr`): a subquery per requirement cost 14 µs a row even with
 * no tags at all, and the three of them about half of the time of the snapshot's first statement (issue 35).
 */
function fieldsCte(documentIds: number[], only: SQL = sql`true`): SQL {
  const scope = sql`r.document_id in (${ids(documentIds)}) and ${only}`;
  return sql`with recursive ${categoryReferencesCte(documentIds)},
    tg as (
      select rt.requirement_id,
             jsonb_agg(jsonb_build_array(t.id, t.classifier_id, t.title, t.color) order by t.classifier_id, t.id) as tags
        from requirement_tags rt
        join tags t on t.id = rt.tag_id
        join requirements r on r.id = rt.requirement_id
       where ${scope}
       group by rt.requirement_id),
    cm as (
      select distinct c.requirement_id from comments c join requirements r on r.id = c.requirement_id where ${scope}),
    tr as (
      select distinct t.test_id from test_runs t join requirements r on r.id = t.test_id where ${scope}),
    req as (
      select r.document_id, r.id, r.position, r.reference_number, r.name, r.description, r.status, r.type,
             r.category_id, r.attributes, r.author_id, r.version, r.initial_conditions, r.previously_passed_tests,
             r.steps, cat.ref as category,
             coalesce(cat.ref, d.acronym) || '_' ||
               case when length(r.reference_number::text) >= 3 then r.reference_number::text
                    else lpad(r.reference_number::text, 3, '0') end as reference,
             coalesce(tg.tags, '[]'::jsonb) as tags,
             cm.requirement_id is not null as has_comments,
             r.type = 'test' and tr.test_id is not null as has_runs,
             ${epochMs('r.created_at')} as created_ms,
             ${epochMs('r.updated_at')} as updated_ms
        from requirements r
        join documents d on d.id = r.document_id
        left join cat on cat.id = r.category_id
        left join tg on tg.requirement_id = r.id
        left join cm on cm.requirement_id = r.id
        left join tr on tr.test_id = r.id
       where ${scope})`;
}

/**
 * The SHA-256 that names a state: of the text of one row of its fields (PostgreSQL's record output: fixed order, fixed
 * quoting; jsonb's text for the JSON fields; times as epoch milliseconds, so that no time zone or date style enters).
 * Cheaper than building the JSON, which is built only for the states not stored yet.
 */
const HASH = sql.raw(`sha256(convert_to(row(reference, reference_number, name, description, status, type, category_id,
  category, tags, attributes, author_id, has_comments,
  case when type = 'test' then row(initial_conditions, previously_passed_tests, steps, has_runs) end,
  version, created_ms, updated_ms)::text, 'UTF8'))`);

/** The state's JSON as kept (`StateContent`), of a row of the fields (`req`, or the snapshot's table of them). */
export const CONTENT = sql.raw(`jsonb_build_object(
  'reference', reference, 'reference_number', reference_number, 'name', name, 'description', description,
  'status', status, 'type', type, 'category_id', category_id, 'category', category, 'tags', tags,
  'attributes', attributes, 'author_id', author_id, 'has_comments', has_comments,
  'test', case when type = 'test' then jsonb_build_object('initialConditions', initial_conditions,
    'previouslyPassedTests', previously_passed_tests, 'steps', steps, 'has_runs', has_runs) end,
  'version', version, 'created_at', created_ms, 'updated_at', updated_ms)`);

/**
 * `select document_id, id, position, hash` and every field of the documents' requirements now: what a snapshot keeps
 * in its temporary table, so that the fields are read once and the JSON (`CONTENT`) is built from them for the new
 * states only.
 */
export function liveFieldsSql(documentIds: number[]): SQL {
  return sql`${fieldsCte(documentIds)} select *, ${HASH} as hash from req`;
}

/** `select document_id, id, position, hash` of the documents' requirements now: the name of the state each has. */
export function liveHashesSql(documentIds: number[]): SQL {
  return sql`${fieldsCte(documentIds)} select document_id, id, position, ${HASH} as hash from req`;
}

/** `select id, hash, content` of the requirements of the documents that `only` keeps (a condition on `r`). */
export function liveContentsSql(documentIds: number[], only: SQL): SQL {
  return sql`${fieldsCte(documentIds, only)} select id, ${HASH} as hash, ${CONTENT} as content from req`;
}

/**
 * `select document_id, parent_id, child_id, up` of the links with an end in one of the documents, once per such
 * document (a link between two of them is kept in both: each document's content is whole on its own), with the
 * up-to-date mark of the live views (decisions §6, §22).
 */
export function liveLinksSql(documentIds: number[]): SQL {
  const up = upToDateSql('p', 'c');
  return sql`select c.document_id, l.parent_id, l.child_id, ${up} as up
      from requirements c
      join requirement_links l on l.child_id = c.id
      join requirements p on p.id = l.parent_id
     where c.document_id in (${ids(documentIds)})
    union all
    select p.document_id, l.parent_id, l.child_id, ${up}
      from requirements p
      join requirement_links l on l.parent_id = p.id
      join requirements c on c.id = l.child_id
     where p.document_id in (${ids(documentIds)}) and c.document_id <> p.document_id`;
}

export { ids as idList };
