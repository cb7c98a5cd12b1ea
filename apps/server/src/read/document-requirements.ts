import { sql } from 'drizzle-orm';
import { inReadingOrder, type RequirementPresented } from '@reqloom/domain';
import type { Db } from '../db/client';
import { rowsOf } from '../db/prepared';
import { loadCategoryTree } from './categories.presenter';
import { linkMarksSql, type LinkMarkRow } from './link-marks';
import { documentListFacts, documentRequirementRows, groupLinkMarks, presentListed } from './requirements.presenter';

/**
 * GET documents/requirements/{id}: a document's requirements presented, in reading order (`compareReadingOrder`,
 * decisions §6).
 *
 * The five statements do not depend on one another (the links and the authors are found through the document,
 * not through the rows), so they are sent together: on PostgreSQL the pool runs them on five connections at
 * once, and the call waits for the slowest instead of their sum (measured on 1,000 requirements: the links
 * statement alone is about as long as the four others). PGlite, one connection, runs them one after the other.
 * As before, they are separate statements outside a transaction, each seeing what is committed when it runs.
 */
export async function presentDocumentRequirements(db: Db, documentId: number): Promise<RequirementPresented[]> {
  const [tree, rows, facts, linkRows, authors] = await Promise.all([
    loadCategoryTree(db, documentId),
    documentRequirementRows(db, documentId),
    documentListFacts(db, [documentId]),
    db.execute(linkMarksSql(sql`x.document_id = ${documentId}`)).then((r) => rowsOf<LinkMarkRow>(r)),
    db
      .execute(
        sql`select u.id, u.name from users u
             where u.id in (select r.author_id from requirements r where r.document_id = ${documentId})`,
      )
      .then((r) => rowsOf<{ id: number; name: string }>(r)),
  ]);
  const presented = presentListed(
    rows,
    facts,
    new Map([[documentId, tree]]),
    groupLinkMarks(linkRows),
    new Map(authors.map((a) => [Number(a.id), a.name])),
  );
  return inReadingOrder(presented, tree.presented);
}
