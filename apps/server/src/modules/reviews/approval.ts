import { sql } from 'drizzle-orm';
import { contentHashText, type DocumentApprovalPresented } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { presentDocumentRequirements } from '../../read/document-requirements';
import { loadBaselineDocument } from '../baselines/baselines.document';

type ApprovedRow = {
  review_id: number;
  title: string;
  baseline_id: number;
  baseline_name: string;
  baseline_created_at: string | Date;
  approved_at: string | Date;
  content_hash: string;
};

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * The last approved baseline of a document (decisions §23) and whether the document changed since.
 *
 * Approved as the review's answer says it: the review has approvers and each holds a standing `approved` signature on
 * the review's current baseline; the last is the one approved latest (its last such signature), whatever the review's
 * state. "Changed since" compares the document as it is now with the document as that baseline kept it, by the very
 * lines the content hash is made of (`contentHashText`: reference, name, description, status, type, category, tags,
 * attributes, links and their up-to-date marks, a test's steps; reading order): exact, not a guess from times, and a
 * requirement added, removed, moved or whose link turned suspect counts. It reads the document once, as
 * `documents/requirements/{id}` does, and the baseline's manifest once.
 */
export async function documentApproval(db: Db, documentId: number): Promise<DocumentApprovalPresented> {
  const [last] = rowsOf<ApprovedRow>(
    await db.execute(sql`
      select r.id as review_id, r.title, b.id as baseline_id, b.name as baseline_name,
             b.created_at as baseline_created_at, a.approved_at, a.content_hash
        from reviews r
        join baseline_documents bd on bd.baseline_id = r.baseline_id and bd.document_id = ${documentId}
        join baselines b on b.id = r.baseline_id
        cross join lateral (
          select max(s.signed_at) as approved_at, min(s.content_hash) as content_hash
            from review_participants p
            join review_signatures s on s.review_id = r.id and s.baseline_id = r.baseline_id and s.user_id = p.user_id
                 and s.revoked_at is null and s.meaning = 'approved'
           where p.review_id = r.id and p.role = 'approver'
        ) a
       where exists (select 1 from review_participants p where p.review_id = r.id and p.role = 'approver')
         and not exists (
           select 1 from review_participants p
            where p.review_id = r.id and p.role = 'approver'
              and not exists (
                select 1 from review_signatures s
                 where s.review_id = r.id and s.baseline_id = r.baseline_id and s.user_id = p.user_id
                   and s.revoked_at is null and s.meaning = 'approved'))
       order by a.approved_at desc, r.id desc
       limit 1`),
  );
  if (!last) return { document_id: documentId, approval: null, changed_since: false };
  const [kept, now] = await Promise.all([
    loadBaselineDocument(db, Number(last.baseline_id), documentId),
    presentDocumentRequirements(db, documentId),
  ]);
  const asKept = contentHashText([{ id: documentId, requirements: kept?.requirements ?? [] }]);
  const asNow = contentHashText([{ id: documentId, requirements: now }]);
  return {
    document_id: documentId,
    approval: {
      review: { id: Number(last.review_id), title: last.title },
      baseline: { id: Number(last.baseline_id), name: last.baseline_name, created_at: iso(last.baseline_created_at) },
      approved_at: iso(last.approved_at),
      content_hash: last.content_hash,
    },
    changed_since: asKept !== asNow,
  };
}
