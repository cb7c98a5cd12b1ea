import { Paragraph, TextRun, type FileChild } from 'docx';
import type { ExportData } from './export-data';
import { MUTED } from './export-style';
import type { Texts } from './export-texts';
import { descriptionToDocx, descriptionTree, type DescriptionContext } from './rich-text-to-docx';
import { grid, heading } from './word-blocks';

/**
 * The requirements the file prints: those in a category (decisions §13: requirements without a category are not
 * exported). The body, the document summary and the matrices all count these, so that the file never says "Total 5"
 * over 4 printed requirements.
 */
export function exportedRequirements(data: ExportData): ExportData['requirements'] {
  return data.requirements.filter((r) => r.category_id !== null);
}

export function projectSummary(data: ExportData, t: Texts, context: DescriptionContext): FileChild[] {
  return [
    heading(t('projectSummary')),
    ...descriptionToDocx(descriptionTree(data.project.description), context),
    grid(
      [t('document'), t('reference'), t('parents')],
      data.projectDocuments.map((d) => [d.name, d.acronym, d.parents.join(', ') || t('none')]),
    ),
  ];
}

/** Counts by status and by coverage of the printed requirements, and how many were left out (and why). */
export function documentSummary(data: ExportData, t: Texts, context: DescriptionContext): FileChild[] {
  const printed = exportedRequirements(data);
  const leftOut = data.requirements.length - printed.length;
  const counts = [0, 0, 0, 0];
  const coverage = { coveredAndCovering: 0, notCovering: 0, notCovered: 0 };
  for (const r of printed) {
    counts[r.status] = (counts[r.status] ?? 0) + 1;
    coverage[r.coverageStatus] += 1;
  }
  return [
    heading(t('documentSummary')),
    ...descriptionToDocx(descriptionTree(data.document.description), context),
    grid(
      [t('status'), t('count')],
      [
        ...counts.map((n, status) => [t(`status.${status}` as 'status.0'), String(n)]),
        [t('total'), String(printed.length)],
      ],
    ),
    ...(leftOut > 0
      ? [
          new Paragraph({
            spacing: { before: 60 },
            children: [
              new TextRun({
                text: t(leftOut === 1 ? 'leftOut.one' : 'leftOut.other', { count: String(leftOut) }),
                italics: true,
                color: MUTED,
              }),
            ],
          }),
        ]
      : []),
    new Paragraph(''),
    grid(
      [t('coverage'), t('count')],
      (['coveredAndCovering', 'notCovering', 'notCovered'] as const).map((key) => [t(key), String(coverage[key])]),
    ),
  ];
}
