import {
  DeletedTextRun,
  Document,
  HeadingLevel,
  InsertedTextRun,
  LineRuleType,
  Packer,
  Paragraph,
  TextRun,
  type ParagraphChild,
} from 'docx';
import {
  plainText,
  wordDiff,
  type BaselineComparison,
  type ComparedRequirement,
  type DiffPart,
  type Language,
} from '@reqloom/domain';
import { ACCENT, MUTED } from './export-style';
import { redlineTexts, type RedlineTexts } from './redline-texts';

/**
 * The redline report of a baseline comparison (decisions §22): a .docx in which what changed is written as Word's
 * own tracked changes (`w:ins`, `w:del` with `w:delText`), so that a reviewer goes through them with Word's Accept
 * and Reject, or LibreOffice's Manage Changes. Names and descriptions are diffed word by word with `wordDiff`, the
 * rule the screens use, so that the file and the screen agree on what changed. An added requirement is written as
 * wholly inserted paragraphs (their paragraph marks too, so that rejecting it leaves no empty line), a removed one
 * as wholly deleted ones; a changed status, category or tag is a tracked change of its line.
 */

export type RedlineAuthor = { name: string; at?: Date };

export type RedlineInput = {
  comparison: BaselineComparison;
  project: string;
  /** The labels of the two sides: the earlier baseline's name, and the later one's (or "now"). */
  from: string;
  to: string;
  /** When the report is made: the date of every change whose author is not known. */
  date: Date;
  lang: Language;
  /** Who made each requirement's change, by requirement id, when known. */
  authors?: ReadonlyMap<number, RedlineAuthor>;
  /** The author of a change without one in `authors` (a link, a removal): the application by default. */
  author?: string;
  /** Document names by id, for the headings; "Document {id}" without. */
  documents?: ReadonlyMap<number, string>;
  /** References of requirements that are not in the comparison, for its links; "#id" without. */
  references?: ReadonlyMap<number, string>;
};

type Entry =
  | { kind: 'added' | 'removed'; requirement: ComparedRequirement }
  | { kind: 'changed'; requirement: ComparedRequirement; changes: BaselineComparison['changed'][number]['changes'] };

type Revision = { id: number; author: string; date: string };

/** Hands out the tracked changes' ids (unique in the document, as WordprocessingML requires) and their marks. */
class Revisions {
  private next = 0;
  constructor(
    private readonly fallback: RedlineAuthor,
    private readonly authors: ReadonlyMap<number, RedlineAuthor>,
  ) {}
  /** A new mark by whoever changed `requirementId` (the fallback author for a link or an unknown change). */
  mark(requirementId?: number): Revision {
    const who = (requirementId !== undefined ? this.authors.get(requirementId) : undefined) ?? this.fallback;
    const at = who.at ?? this.fallback.at ?? new Date(0);
    // Word writes dates without fractions of a second; LibreOffice reads either.
    return { id: ++this.next, author: who.name, date: at.toISOString().replace(/\.\d{3}Z$/, 'Z') };
  }
}

/** A description as plain text: stored descriptions are HTML; a text without tags or entities is taken as it is. */
export function redlineText(description: string): string {
  return /<\/?[a-z][\w-]*(?:\s[^>]*)?\/?>|&(?:[a-z]+|#\d+);/i.test(description) ? plainText(description) : description;
}

type Style = { bold?: boolean; color?: string };

function diffRuns(parts: DiffPart[], revisions: Revisions, requirementId: number, style: Style = {}): ParagraphChild[] {
  return parts.map((part) => {
    if (part.kind === 'same') return new TextRun({ text: part.text, ...style });
    const mark = revisions.mark(requirementId);
    return part.kind === 'added'
      ? new InsertedTextRun({ ...mark, text: part.text, ...style })
      : new DeletedTextRun({ ...mark, text: part.text, ...style });
  });
}

/** Runs of text written as they are, or wholly inserted, or wholly deleted. */
function wholeRuns(
  runs: { text: string; style?: Style }[],
  kind: 'same' | 'added' | 'removed',
  revisions: Revisions,
  requirementId: number,
): ParagraphChild[] {
  return runs
    .filter((r) => r.text !== '')
    .map(({ text, style }) => {
      if (kind === 'same') return new TextRun({ text, ...style });
      const mark = revisions.mark(requirementId);
      return kind === 'added'
        ? new InsertedTextRun({ ...mark, text, ...style })
        : new DeletedTextRun({ ...mark, text, ...style });
    });
}

const byReference = (a: ComparedRequirement, b: ComparedRequirement) =>
  a.reference.localeCompare(b.reference, undefined, { numeric: true }) || a.id - b.id;

function requirementBlock(entry: Entry, t: RedlineTexts, revisions: Revisions): Paragraph[] {
  const r = entry.requirement;
  const whole = entry.kind === 'changed' ? 'same' : entry.kind;
  const changes = entry.kind === 'changed' ? entry.changes : {};
  // A wholly added or removed paragraph has its mark inserted or deleted too: accepting or rejecting the change
  // then leaves no empty paragraph behind.
  const paragraphMark = () =>
    entry.kind === 'added'
      ? { insertion: revisions.mark(r.id) }
      : entry.kind === 'removed'
        ? { deletion: revisions.mark(r.id) }
        : undefined;
  const line = (children: ParagraphChild[], options: { title?: boolean } = {}) =>
    new Paragraph({
      children,
      run: paragraphMark(),
      keepNext: options.title,
      spacing: options.title ? { before: 240, after: 60 } : undefined,
    });
  const text = (value: string, style?: Style) => wholeRuns([{ text: value, style }], whole, revisions, r.id);
  const label = (key: 'status' | 'category' | 'tags') => text(`${t(key)}: `, { color: MUTED });

  const title = [
    ...text(r.reference, { bold: true, color: ACCENT }),
    ...text(' - ', { bold: true }),
    ...(changes.name
      ? diffRuns(wordDiff(changes.name.before, changes.name.after), revisions, r.id, { bold: true })
      : text(r.name, { bold: true })),
  ];
  const out = [line(title, { title: true })];

  const description = changes.description
    ? diffRuns(
        wordDiff(redlineText(changes.description.before), redlineText(changes.description.after)),
        revisions,
        r.id,
      )
    : text(redlineText(r.description));
  if (description.length > 0) out.push(line(description));

  const statusName = (s: number) => t(`status.${s}` as 'status.0');
  const valueChange = (before: string, after: string) => [
    ...wholeRuns([{ text: before }], 'removed', revisions, r.id),
    ...wholeRuns([{ text: after }], 'added', revisions, r.id),
  ];
  out.push(
    line([
      ...label('status'),
      ...(changes.status
        ? valueChange(statusName(changes.status.before), statusName(changes.status.after))
        : text(statusName(r.status))),
    ]),
  );
  out.push(
    line([
      ...label('category'),
      ...(changes.category
        ? valueChange(changes.category.before ?? t('none'), changes.category.after ?? t('none'))
        : text(r.category ?? t('none'))),
    ]),
  );
  // Tags one by one: a kept tag as it is, a dropped one deleted, a new one inserted.
  const tagRuns: ParagraphChild[] = [];
  const tags: { title: string; kind: 'same' | 'added' | 'removed' }[] = changes.tags
    ? [
        ...changes.tags.before.map((title) => ({
          title,
          kind: changes.tags!.after.includes(title) ? ('same' as const) : ('removed' as const),
        })),
        ...changes.tags.after
          .filter((x) => !changes.tags!.before.includes(x))
          .map((title) => ({
            title,
            kind: 'added' as const,
          })),
      ]
    : r.tags.map((title) => ({ title, kind: 'same' as const }));
  tags.forEach((tag, i) => {
    const kind = whole === 'same' ? tag.kind : whole;
    tagRuns.push(...wholeRuns([{ text: (i > 0 ? ', ' : '') + tag.title }], kind, revisions, r.id));
  });
  out.push(line([...label('tags'), ...(tagRuns.length > 0 ? tagRuns : text(t('none')))]));
  return out;
}

/** Builds the redline report of a comparison. Pure: what it writes comes from `input` alone. */
export async function buildRedlineDocx(input: RedlineInput): Promise<Buffer> {
  const t = redlineTexts(input.lang);
  const { comparison } = input;
  const names = { project: input.project, from: input.from, to: input.to };
  const revisions = new Revisions({ name: input.author ?? 'Reqloom', at: input.date }, input.authors ?? new Map());
  const body: Paragraph[] = [
    // Spaced as a proportion of its own size: the default line spacing is too tight for a title that wraps.
    new Paragraph({
      heading: HeadingLevel.TITLE,
      spacing: { line: 240, lineRule: LineRuleType.AUTO, after: 200 },
      children: [new TextRun(t('title', names))],
    }),
    new Paragraph({ children: [new TextRun({ text: t('project', names), color: MUTED })] }),
    new Paragraph({
      children: [
        new TextRun({
          text: t('made', {
            date: input.date.toLocaleDateString(input.lang === 'fr' ? 'fr-FR' : 'en-GB', {
              year: 'numeric',
              month: 'long',
              day: 'numeric',
              timeZone: 'UTC',
            }),
          }),
          color: MUTED,
        }),
      ],
    }),
    new Paragraph({
      children: [
        new TextRun(
          t('counts', {
            ...comparison.counts,
            linksAdded: comparison.links.added.length,
            linksRemoved: comparison.links.removed.length,
          }),
        ),
      ],
    }),
    new Paragraph({ children: [new TextRun({ text: t('hint'), italics: true, color: MUTED })] }),
  ];

  const entries: Entry[] = [
    ...comparison.added.map((requirement) => ({ kind: 'added' as const, requirement })),
    ...comparison.removed.map((requirement) => ({ kind: 'removed' as const, requirement })),
    ...comparison.changed.map((c) => ({ kind: 'changed' as const, requirement: c.requirement, changes: c.changes })),
  ];
  const documentName = (id: number) => input.documents?.get(id) ?? t('document', { id });
  const documentIds = [...new Set(entries.map((e) => e.requirement.document_id))].sort(
    (a, b) => documentName(a).localeCompare(documentName(b)) || a - b,
  );
  for (const documentId of documentIds) {
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(documentName(documentId))] }));
    const inDocument = entries
      .filter((e) => e.requirement.document_id === documentId)
      .sort((a, b) => byReference(a.requirement, b.requirement));
    for (const entry of inDocument) body.push(...requirementBlock(entry, t, revisions));
  }

  const { added, removed } = comparison.links;
  if (added.length + removed.length > 0) {
    const references = new Map(input.references ?? []);
    for (const e of entries) references.set(e.requirement.id, e.requirement.reference);
    const refOf = (id: number) => references.get(id) ?? `#${id}`;
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(t('links'))] }));
    for (const [list, kind] of [
      [removed, 'removed'],
      [added, 'added'],
    ] as const) {
      for (const l of list) {
        const mark = revisions.mark();
        const text = `${refOf(l.parent_id)} → ${refOf(l.child_id)}`;
        body.push(
          new Paragraph({
            run: kind === 'added' ? { insertion: revisions.mark() } : { deletion: revisions.mark() },
            children: [
              kind === 'added' ? new InsertedTextRun({ ...mark, text }) : new DeletedTextRun({ ...mark, text }),
            ],
          }),
        );
      }
    }
  }
  if (entries.length === 0 && added.length + removed.length === 0)
    body.push(new Paragraph({ children: [new TextRun(t('noChange'))] }));

  const document = new Document({
    creator: 'Reqloom',
    title: t('title', names),
    description: input.project,
    styles: {
      default: {
        document: { run: { font: 'Calibri', size: 22 }, paragraph: { spacing: { after: 120, line: 276 } } },
        heading1: {
          run: { font: 'Calibri', size: 32, bold: true, color: ACCENT },
          paragraph: { spacing: { before: 360, after: 160 }, keepNext: true },
        },
        title: { run: { font: 'Calibri', size: 48, bold: true, color: ACCENT } },
      },
    },
    sections: [
      {
        properties: {
          page: { size: { width: 11906, height: 16838 }, margin: { top: 1418, bottom: 1418, left: 1418, right: 1418 } },
        },
        children: body,
      },
    ],
  });
  return Packer.toBuffer(document);
}
