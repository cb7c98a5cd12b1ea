import { sql } from 'drizzle-orm';
import type { AuditChanges, ValidateLinksBody } from '@reqloom/domain';
import type { User } from '../../core/identity';
import type { Work } from '../../core/work';
import { invalid, type FieldErrors } from '../../core/errors';
import { rowsOf } from '../../db/prepared';
import type { ProjectRow } from '../../policies/project-access';
import { requirementReferences } from '../../read/audit-references';

type Seen = {
  n: number;
  parent_id: number | null;
  child_id: number | null;
  child_document_id: number | null;
  parent_document_id: number | null;
  /** The parent's content_changed_at as this validation saw it, as text: every microsecond kept. */
  seen: string | null;
};

/**
 * Marks links as reviewed (decisions §22), in the caller's unit of work: every pair must be a link of the project
 * (else 422 on `links.N`, and nothing changes).
 *
 * The race with a parent change is settled by what is recorded, not by locks. The first statement reads each parent's
 * content_changed_at in one snapshot: what was committed when the validation started. That time, not the clock, is
 * the link's validated_at: the person reviewed that state of the parent. A change not yet committed then (or made
 * later) sets content_changed_at at least a millisecond after the one it replaces (the trigger of migration 0020),
 * so once it commits its link is suspect again, whichever of the two commits first, and no row of a parent is locked:
 * a validation of 1,000 links never waits for, nor holds up, someone editing one of their parents.
 */
export async function validateLinks(
  work: Work,
  user: User,
  project: ProjectRow,
  body: ValidateLinksBody,
): Promise<void> {
  const { tx } = work;
  const pairs = JSON.stringify(body.links.map((l) => [l.parent_id, l.child_id]));
  const seen = rowsOf<Seen>(
    await tx.execute(sql`
      select v.n::int as n, l.parent_id, l.child_id, p.document_id as parent_document_id,
             c.document_id as child_document_id, p.content_changed_at::text as seen
        from jsonb_array_elements(${pairs}::jsonb) with ordinality as v(pair, n)
        left join requirement_links l
               on l.parent_id = (v.pair->>0)::int and l.child_id = (v.pair->>1)::int and l.project_id = ${project.id}
        left join requirements p on p.id = l.parent_id
        left join requirements c on c.id = l.child_id
       order by v.n`),
  );
  const errors: FieldErrors = {};
  for (const row of seen) if (row.parent_id === null) errors[`links.${row.n - 1}`] = ['validation.not_a_link'];
  if (Object.keys(errors).length) throw invalid(errors);

  // One row per link, however often the body names it.
  const links = new Map<string, Seen>();
  for (const row of seen) links.set(`${row.parent_id}:${row.child_id}`, row);
  const values = JSON.stringify([...links.values()].map((l) => [l.parent_id, l.child_id, l.seen]));
  // greatest(): a validation that read an older state (two at once) never moves a link's validated_at back.
  const updated = rowsOf<{ parent_id: number; child_id: number }>(
    await tx.execute(sql`
      update requirement_links l
         set validated_at = greatest(l.validated_at, (v.pair->>2)::timestamptz), validated_by = ${user.id}
        from jsonb_array_elements(${values}::jsonb) as v(pair)
       where l.parent_id = (v.pair->>0)::int and l.child_id = (v.pair->>1)::int
      returning l.parent_id, l.child_id`),
  );

  // A link deleted meanwhile is not validated, nor logged: it is gone.
  const kept = new Set(updated.map((u) => `${u.parent_id}:${u.child_id}`));
  const done = [...links.values()].filter((l) => kept.has(`${l.parent_id}:${l.child_id}`));
  // Both ends show the link's mark (a child its parents', a parent its children's): both are sent, as a link's
  // change sends them; the wire mapping turns many of one document into one list reload.
  const ends = new Set<number>();
  for (const l of done) ends.add(l.parent_id!).add(l.child_id!);
  for (const id of ends) work.record({ name: 'RequirementChanged', projectId: project.id, requirementId: id });

  const references = await requirementReferences(tx, [...ends]);
  const name = (id: number) => references.get(id) ?? `#${id}`;
  const comment: AuditChanges = body.comment ? { comment: { new: body.comment } } : {};
  for (const l of done) {
    // Filed under the child, like the link's creation (link-audit.ts): its history is where a reader looks.
    work.audit(project.id, {
      action: 'link_validated',
      entityType: 'link',
      entityId: l.child_id,
      reference: `${name(l.parent_id!)} → ${name(l.child_id!)}`,
      documentId: l.child_document_id,
      changes: { parent_id: { new: l.parent_id }, child_id: { new: l.child_id }, ...comment },
    });
  }
}
