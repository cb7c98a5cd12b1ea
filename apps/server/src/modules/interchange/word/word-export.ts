import {
  AlignmentType,
  Document,
  Footer,
  Header,
  HeadingLevel,
  LevelFormat,
  LevelSuffix,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  TableOfContents,
  TextRun,
  type FileChild,
  type ILevelsOptions,
} from 'docx';
import type { Language, RequirementPresented } from '@reqloom/domain';
import type { ExportData, ExportDocument } from './export-data';
import { ACCENT, MUTED } from './export-style';
import { exportTexts, type Texts } from './export-texts';
import { BULLETS, descriptionToDocx, descriptionTree, NUMBERS, type DescriptionContext } from './rich-text-to-docx';
import { append } from '../append';
import { cell, CHAPTERS, grid, heading } from './word-blocks';
import { documentSummary, exportedRequirements, projectSummary } from './word-summaries';

// The Word export of one document (decisions §6 and §13). Categories are real numbered Word headings (Heading 1…6,
// so the navigation pane and the table of contents show them); everything else is plain paragraphs and tables.

const STALE = 'C00000';
const GAP_FILL = 'FBE4E4';

const levels = (format: (typeof LevelFormat)[keyof typeof LevelFormat], text: (level: number) => string) =>
  Array.from({ length: 9 }, (_, level): ILevelsOptions => ({
    level,
    format,
    text: text(level),
    alignment: AlignmentType.START,
    style: { paragraph: { indent: { left: 360 * (level + 1), hanging: 360 } } },
  }));

const chapterLevels = Array.from({ length: 9 }, (_, level): ILevelsOptions => ({
  level,
  format: LevelFormat.DECIMAL,
  text: Array.from({ length: level + 1 }, (_, i) => `%${i + 1}`).join('.') + '.',
  alignment: AlignmentType.START,
  suffix: LevelSuffix.SPACE,
  style: { paragraph: { indent: { left: 0, hanging: 0 } } },
}));

function linkRuns(ids: { id: number; upToDate: boolean }[], data: ExportData, t: Texts): TextRun[] {
  if (ids.length === 0) return [new TextRun({ text: t('none'), color: MUTED })];
  return ids.flatMap((link, i) => {
    const other = data.linked.get(link.id);
    const runs = [
      ...(i > 0 ? [new TextRun(', ')] : []),
      new TextRun({ text: other?.reference ?? `#${link.id}`, bold: true }),
      new TextRun({
        text: ` (${link.upToDate ? t('upToDate') : t('stale')})`,
        color: link.upToDate ? MUTED : STALE,
      }),
    ];
    return runs;
  });
}

function requirementBlock(
  r: RequirementPresented,
  data: ExportData,
  t: Texts,
  context: DescriptionContext,
): FileChild[] {
  const out: FileChild[] = [];
  const settings = data.settings;
  if (settings['export.requirementTitleAndReference']) {
    out.push(
      new Paragraph({
        keepNext: true,
        spacing: { before: 240, after: 60 },
        border: { bottom: { style: 'single', size: 4, color: 'D9D9D9', space: 2 } },
        children: [
          new TextRun({ text: r.reference, bold: true, color: ACCENT }),
          new TextRun({ text: ` - ${r.name}`, bold: true }),
        ],
      }),
    );
  }
  append(out, descriptionToDocx(descriptionTree(r.description), context));
  const meta: TextRun[] = [
    new TextRun({ text: `${t('status')}: `, color: MUTED }),
    new TextRun(t(`status.${r.status}` as 'status.0')),
  ];
  out.push(new Paragraph({ spacing: { before: 60 }, children: meta }));
  if (settings['export.requirementTraceability']) {
    if (data.parentDocuments.length > 0)
      out.push(
        new Paragraph({
          children: [new TextRun({ text: `${t('parents')}: `, color: MUTED }), ...linkRuns(r.parents, data, t)],
        }),
      );
    if (data.childDocuments.length > 0)
      out.push(
        new Paragraph({
          children: [new TextRun({ text: `${t('children')}: `, color: MUTED }), ...linkRuns(r.children, data, t)],
        }),
      );
  }
  return out;
}

/** One table per linked document: each requirement against its linked references there, gaps shaded. */
function matrices(data: ExportData, t: Texts): FileChild[] {
  const out: FileChild[] = [];
  const sides: { other: ExportDocument; side: 'parents' | 'children' }[] = [
    ...data.parentDocuments.map((other) => ({ other, side: 'parents' as const })),
    ...data.childDocuments.map((other) => ({ other, side: 'children' as const })),
  ];
  for (const { other, side } of sides) {
    out.push(heading(t('traceabilityMatrix', { from: data.document.name, to: other.name })));
    const rows = exportedRequirements(data).map((r) => {
      const links = r[side].filter((l) => data.linked.get(l.id)?.document_id === other.id);
      const linkedCell =
        links.length === 0
          ? cell(side === 'parents' ? t('gapNotCovering') : t('gapNotCovered'), { fill: GAP_FILL })
          : cell([new Paragraph({ children: linkRuns(links, data, t) })]);
      return [`${r.reference} - ${r.name}`, linkedCell];
    });
    out.push(
      grid(
        [
          t('requirement'),
          side === 'parents' ? t('parentsIn', { document: other.name }) : t('childrenIn', { document: other.name }),
        ],
        rows,
      ),
    );
  }
  return out;
}

function evolutions(data: ExportData, t: Texts, lang: Language): FileChild[] {
  const since = data.settings['export.tableOfEvolutionsRefDate'];
  const day = (d: Date) => d.toLocaleDateString(lang === 'fr' ? 'fr-FR' : 'en-GB', { timeZone: 'UTC' });
  return [
    heading(t('tableOfEvolutions')),
    new Paragraph(since ? t('since', { date: day(new Date(`${since}T00:00:00Z`)) }) : t('allChanges')),
    data.evolutions.length === 0
      ? new Paragraph({ children: [new TextRun({ text: t('noChanges'), italics: true })] })
      : grid(
          [t('reference'), t('date'), t('author'), t('changes')],
          data.evolutions.map((e) => [
            e.reference,
            day(e.at),
            e.author ?? '',
            e.changed.map((c) => t(`change.${c}`)).join(', '),
          ]),
        ),
  ];
}

function titlePage(data: ExportData, t: Texts, lang: Language, now: Date): FileChild[] {
  const out: FileChild[] = [];
  if (data.organization) {
    out.push(
      new Paragraph({
        alignment: AlignmentType.CENTER,
        spacing: { before: 1800 },
        children: [new TextRun({ text: data.organization, size: 28, color: MUTED })],
      }),
    );
  }
  out.push(
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: data.organization ? 600 : 2400 },
      children: [new TextRun({ text: data.project.name, size: 32, color: MUTED })],
    }),
    new Paragraph({
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
      spacing: { before: 400 },
      text: data.document.name,
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 400 },
      children: [
        new TextRun({ text: `${t('reference')}: `, color: MUTED }),
        new TextRun({ text: data.document.acronym, bold: true }),
      ],
    }),
  );
  if (data.settings['export.dateOnTitlePage']) {
    out.push(
      new Paragraph({
        alignment: AlignmentType.CENTER,
        spacing: { before: 200 },
        children: [
          new TextRun({
            text: now.toLocaleDateString(lang === 'fr' ? 'fr-FR' : 'en-GB', {
              year: 'numeric',
              month: 'long',
              day: 'numeric',
              timeZone: 'UTC',
            }),
            color: MUTED,
          }),
        ],
      }),
    );
  }
  out.push(new Paragraph({ children: [new PageBreak()] }));
  return out;
}

/** A list numbering shared by every description of one file: each list gets an instance of its own. */
export function descriptionContext(images: ExportData['images'], t: Texts): DescriptionContext {
  let instances = 0;
  return { images, nextListInstance: () => ++instances, unsupportedImage: t('image') };
}

/**
 * The body of a document's export, from its title page to its table of evolutions: the whole file of
 * `buildWordExport`, and one part of a review's (review-word.ts), which lays several documents after each other.
 */
export function documentBody(data: ExportData, lang: Language, now: Date, context: DescriptionContext): FileChild[] {
  const t = exportTexts(lang);
  const settings = data.settings;
  const body: FileChild[] = [...titlePage(data, t, lang, now)];
  if (settings['export.tableOfContents']) {
    body.push(
      new Paragraph({
        children: [new TextRun({ text: t('contents'), bold: true, size: 32, color: ACCENT })],
        spacing: { after: 200 },
      }),
      new TableOfContents(t('contents'), { hyperlink: true, headingStyleRange: '1-6' }),
      new Paragraph({ children: [new PageBreak()] }),
    );
  }
  if (settings['export.projectSummary']) append(body, projectSummary(data, t, context));
  if (settings['export.documentSummary']) append(body, documentSummary(data, t, context));

  // Categories in tree order, each followed by its own requirements (those without a category are not exported).
  const byCategory = new Map<number, typeof data.requirements>();
  for (const r of exportedRequirements(data)) {
    if (r.category_id === null) continue;
    const list = byCategory.get(r.category_id) ?? [];
    list.push(r);
    byCategory.set(r.category_id, list);
  }
  for (const category of data.categories) {
    body.push(heading(category.name, category.depth, true));
    append(body, descriptionToDocx(descriptionTree(category.description), context));
    for (const r of byCategory.get(category.id) ?? []) append(body, requirementBlock(r, data, t, context));
  }
  if (settings['export.traceabilityMatrices']) append(body, matrices(data, t));
  if (settings['export.tableOfEvolutions']) append(body, evolutions(data, t, lang));
  return body;
}

/**
 * Builds the .docx of a document from what `loadExportData` read: synchronous work that grows with the descriptions
 * (parsing them, then the package), run on the export thread (export-off-thread.ts).
 */
export async function buildWordExport(data: ExportData, lang: Language, now = new Date()): Promise<Buffer> {
  const t = exportTexts(lang);
  const body = documentBody(data, lang, now, descriptionContext(data.images, t));
  return packWord(
    {
      title: data.document.name,
      description: `${data.project.name} - ${data.document.acronym}`,
      header: `${data.document.name} - ${data.document.acronym}`,
      updateFields: data.settings['export.tableOfContents'],
      body,
    },
    t,
  );
}

/** The page, styles, numberings, header and footer of every Word export of documents, around a body. */
export async function packWord(
  file: { title: string; description: string; header: string; updateFields: boolean; body: FileChild[] },
  t: Texts,
): Promise<Buffer> {
  const document = new Document({
    creator: 'Reqloom',
    title: file.title,
    description: file.description,
    features: { updateFields: file.updateFields },
    styles: {
      default: {
        document: { run: { font: 'Calibri', size: 22 }, paragraph: { spacing: { after: 120, line: 276 } } },
        heading1: {
          run: { font: 'Calibri', size: 32, bold: true, color: ACCENT },
          paragraph: { spacing: { before: 360, after: 160 }, keepNext: true },
        },
        heading2: {
          run: { font: 'Calibri', size: 28, bold: true, color: ACCENT },
          paragraph: { spacing: { before: 300, after: 120 }, keepNext: true },
        },
        heading3: {
          run: { font: 'Calibri', size: 24, bold: true, color: ACCENT },
          paragraph: { spacing: { before: 240, after: 100 }, keepNext: true },
        },
        heading4: {
          run: { font: 'Calibri', size: 22, bold: true, color: ACCENT },
          paragraph: { spacing: { before: 200, after: 80 }, keepNext: true },
        },
        heading5: {
          run: { font: 'Calibri', size: 22, bold: true, italics: true, color: ACCENT },
          paragraph: { keepNext: true },
        },
        heading6: { run: { font: 'Calibri', size: 22, italics: true, color: ACCENT }, paragraph: { keepNext: true } },
        title: { run: { font: 'Calibri', size: 56, bold: true, color: ACCENT } },
        hyperlink: { run: { color: '0563C1', underline: {} } },
      },
    },
    numbering: {
      config: [
        { reference: CHAPTERS, levels: chapterLevels },
        {
          reference: BULLETS,
          levels: levels(LevelFormat.BULLET, (level) => ['\u2022', '\u25E6', '\u25AA'][level % 3]!),
        },
        { reference: NUMBERS, levels: levels(LevelFormat.DECIMAL, (level) => `%${level + 1}.`) },
      ],
    },
    sections: [
      {
        properties: {
          page: { size: { width: 11906, height: 16838 }, margin: { top: 1418, bottom: 1418, left: 1418, right: 1418 } },
          titlePage: true,
        },
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [new TextRun({ text: file.header, size: 18, color: MUTED })],
              }),
            ],
          }),
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    children: [`${t('page')} `, PageNumber.CURRENT, ` ${t('of')} `, PageNumber.TOTAL_PAGES],
                    size: 18,
                    color: MUTED,
                  }),
                ],
              }),
            ],
          }),
        },
        children: file.body,
      },
    ],
  });
  return Packer.toBuffer(document);
}
