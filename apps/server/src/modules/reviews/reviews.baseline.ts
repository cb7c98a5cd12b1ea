import { asc, eq, sql } from 'drizzle-orm';
import { NAME_MAX } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/prepared';
import { baselineDocuments } from '../../db/schema';

/** The documents a baseline kept, by id. */
export async function baselineDocumentIds(db: Db, baselineId: number): Promise<number[]> {
  const rows = await db
    .select({ id: baselineDocuments.documentId })
    .from(baselineDocuments)
    .where(eq(baselineDocuments.baselineId, baselineId))
    .orderBy(asc(baselineDocuments.documentId));
  return rows.map((r) => r.id);
}

/**
 * The reference of a requirement as the baseline kept it, or null when the baseline does not hold it: what decides
 * whether feedback or a verdict is about the review (decisions §23). The requirement is found in each kept document's
 * manifest (its `requirement_ids`, decisions §22), its state by the same place in `state_ids`.
 */
export async function keptRequirementReference(
  db: Db,
  baselineId: number,
  requirementId: number,
): Promise<string | null> {
  const [row] = rowsOf<{ reference: string }>(
    await db.execute(sql`select s.content->>'reference' as reference
      from baseline_documents bd
      join baseline_manifests m on m.id = bd.manifest_id
      join baseline_states s on s.id = m.state_ids[array_position(m.requirement_ids, ${requirementId}::int)]
      where bd.baseline_id = ${baselineId} limit 1`),
  );
  return row?.reference ?? null;
}

/**
 * A baseline name for a review that no baseline of the project holds (their names are unique whatever their case,
 * decisions §22): `base`, else `base (2)`, `base (3)`… Cut so that the suffix fits the name's limit.
 */
export async function freeBaselineName(db: Db, projectId: number, base: string): Promise<string> {
  const taken = new Set(
    rowsOf<{ name: string }>(
      await db.execute(sql`select lower(name) as name from baselines where project_id = ${projectId}`),
    ).map((r) => r.name),
  );
  const fit = (text: string, suffix: string) => `${[...text].slice(0, NAME_MAX - suffix.length).join('')}${suffix}`;
  for (let n = 1; ; n++) {
    const candidate = fit(base.trim(), n === 1 ? '' : ` (${n})`);
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
