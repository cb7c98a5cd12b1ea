import { and, asc, eq } from 'drizzle-orm';
import {
  inReadingOrder,
  QUALITY_RULE_IDS,
  requirementReference,
  type DocumentQualityPresented,
  type QualityRuleId,
  type RequirementQualityPresented,
} from '@reqloom/domain';
import type { QualityResult } from '@reqloom/domain/quality';
import { notFound } from '../../core/errors';
import type { Db } from '../../db/client';
import { documents, requirements } from '../../db/schema';
import { loadCategoryTree } from '../../read/categories.presenter';
import type { QualityChecker } from './quality-checker';

const present = (result: QualityResult): RequirementQualityPresented => ({
  score: result.score,
  language: result.language,
  findings: result.findings,
});

/** GET requirements/quality/{id}: a test (spec 2, alpha) is not a requirement, and has no quality (404). */
export async function requirementQuality(
  db: Db,
  checker: QualityChecker,
  id: number,
  disabled: readonly QualityRuleId[],
): Promise<RequirementQualityPresented> {
  const [row] = await db
    .select({
      id: requirements.id,
      name: requirements.name,
      description: requirements.description,
      type: requirements.type,
    })
    .from(requirements)
    .where(eq(requirements.id, id))
    .limit(1);
  if (!row || row.type !== 'requirement') throw notFound();
  const [result] = await checker.check([row], disabled);
  return present(result!);
}

/** A document's requirements, tests left out, by order (as `documentRequirementRows`, on the same index). */
const documentTexts = (db: Db, documentId: number) =>
  db
    .select({
      id: requirements.id,
      name: requirements.name,
      description: requirements.description,
      categoryId: requirements.categoryId,
      position: requirements.position,
      referenceNumber: requirements.referenceNumber,
    })
    .from(requirements)
    .where(and(eq(requirements.documentId, documentId), eq(requirements.type, 'requirement')))
    .orderBy(asc(requirements.position), asc(requirements.id));

/**
 * GET documents/quality/{id}: every requirement (not the tests) in reading order: the order of the document's list
 * and its one rule (`inReadingOrder`, decisions §6). Only the columns the check and the answer need are read: the
 * whole rows of the list's read (`documentRequirementRows`) took 0.5–1 s against 0.27–0.37 s for these on 5,000
 * requirements, on a loaded machine. The mean of the scores to one decimal (100 without requirements) and the
 * findings counted by rule, in the rules' order.
 */
export async function documentQuality(
  db: Db,
  checker: QualityChecker,
  documentId: number,
  disabled: readonly QualityRuleId[],
): Promise<DocumentQualityPresented> {
  const [[document], tree, rows] = await Promise.all([
    db.select({ acronym: documents.acronym }).from(documents).where(eq(documents.id, documentId)).limit(1),
    loadCategoryTree(db, documentId),
    documentTexts(db, documentId),
  ]);
  if (!document) throw notFound();
  const placed = rows.map((r) => ({ id: r.id, category_id: r.categoryId, order: r.position, row: r }));
  const ordered = inReadingOrder(placed, tree.presented).map((p) => p.row);
  const results = await checker.check(ordered, disabled);

  const counts = new Map<string, number>();
  let total = 0;
  const presented = ordered.map((r, i) => {
    const result = results[i]!;
    total += result.score;
    for (const finding of result.findings) counts.set(finding.rule, (counts.get(finding.rule) ?? 0) + 1);
    const prefix = (r.categoryId !== null ? tree.references.get(r.categoryId) : undefined) ?? document.acronym;
    return { id: r.id, reference: requirementReference(prefix, r.referenceNumber), name: r.name, ...present(result) };
  });
  const byRule: Record<string, number> = {};
  for (const rule of QUALITY_RULE_IDS) if (counts.has(rule)) byRule[rule] = counts.get(rule)!;
  const mean = presented.length === 0 ? 100 : Math.round((total / presented.length) * 10) / 10;
  return { mean_score: mean, by_rule: byRule, requirements: presented };
}
