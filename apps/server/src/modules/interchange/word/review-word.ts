import { AlignmentType, PageBreak, Paragraph, TextRun, type FileChild } from 'docx';
import type { FeedbackKind, Language, SignatureMeaning } from '@reqloom/domain';
import { append } from '../append';
import type { ExportData } from './export-data';
import { ACCENT, MUTED } from './export-style';
import { exportTexts } from './export-texts';
import { reviewTexts, type ReviewTexts } from './review-texts';
import { heading } from './word-blocks';
import { descriptionContext, documentBody, packWord } from './word-export';

/** What a review's Word export shows (decisions §23): plain data, built into a file on the export thread. */
export type ReviewWordInput = {
  review: {
    title: string;
    description: string;
    project: string;
    state: 'open' | 'closed';
    approved: boolean;
    revision: number;
    moderator: string | null;
  };
  baseline: { id: number; name: string; createdAt: Date };
  /** The content hash of the baseline, as a signature made now would bind it. */
  contentHash: string;
  /** The reviewed content: each document as the baseline kept it, exported as the baseline's Word export does. */
  documents: ExportData[];
  /** In the order given (requirements in reading order, then the review's own). */
  feedback: {
    /** `reference - name` of the requirement it hangs on; null for feedback on the review. */
    requirement: string | null;
    kind: FeedbackKind;
    content: string;
    author: string | null;
    at: Date;
    resolved: boolean;
  }[];
  signatures: {
    signer: string | null;
    meaning: SignatureMeaning;
    signedAt: Date;
    baselineId: number;
    contentHash: string;
    revocation: { at: Date; reason: string } | null;
  }[];
  lang: Language;
  now: Date;
};

/** A moment to the second, in UTC: what a signature page must say without a reader's time zone. */
const instant = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function coverPage(input: ReviewWordInput, t: ReviewTexts): FileChild[] {
  const { review, baseline } = input;
  const line = (text: string, options: { bold?: boolean; color?: string; font?: string } = {}) =>
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 160 },
      children: [new TextRun({ text, ...options })],
    });
  return [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 2000 },
      children: [new TextRun({ text: t('project', { project: review.project }), size: 28, color: MUTED })],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 400 },
      children: [new TextRun({ text: t('title', { title: review.title }), size: 48, bold: true, color: ACCENT })],
    }),
    ...(review.description ? [line(review.description)] : []),
    line(t('baseline', { baseline: baseline.name, id: baseline.id, date: instant(baseline.createdAt) })),
    line(t('revision', { revision: review.revision }), { color: MUTED }),
    ...(review.moderator ? [line(t('moderator', { name: review.moderator }), { color: MUTED })] : []),
    line(t('state', { state: t(`state.${review.state}`) }), { color: MUTED }),
    line(review.approved ? t('approved') : t('notApproved'), { bold: true }),
    line(`${t('contentHash')}:`, { color: MUTED }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      children: [new TextRun({ text: input.contentHash, font: 'Courier New', size: 18 })],
    }),
    line(t('made', { date: instant(input.now) }), { color: MUTED }),
    new Paragraph({ children: [new PageBreak()] }),
  ];
}

/** A label and its value on one line (a table would break a hash over a narrow cell's lines). */
const field = (label: string, value: string, options: { mono?: boolean } = {}) =>
  new Paragraph({
    spacing: { after: 40 },
    children: [
      new TextRun({ text: `${label}: `, color: MUTED }),
      new TextRun({ text: value, ...(options.mono ? { font: 'Courier New', size: 18 } : {}) }),
    ],
  });

/** Feedback grouped under the requirement it hangs on (in reading order), then the review's own. */
function feedbackSection(input: ReviewWordInput, t: ReviewTexts): FileChild[] {
  const out: FileChild[] = [new Paragraph({ children: [new PageBreak()] }), heading(t('feedback'))];
  if (input.feedback.length === 0)
    return [...out, new Paragraph({ children: [new TextRun({ text: t('noFeedback'), italics: true })] })];
  let group: string | null | undefined;
  for (const f of input.feedback) {
    if (f.requirement !== group) {
      group = f.requirement;
      out.push(heading(group ?? t('onReview'), 1));
    }
    out.push(
      new Paragraph({
        keepNext: true,
        spacing: { before: 120, after: 40 },
        children: [
          new TextRun({ text: t(`kind.${f.kind}`), bold: true }),
          new TextRun({ text: ` - ${f.author ?? t('unknown')}, ${instant(f.at)}`, color: MUTED }),
          ...(f.resolved ? [new TextRun({ text: ` (${t('resolved').toLowerCase()})`, color: MUTED })] : []),
        ],
      }),
      ...f.content.split('\n').map((text) => new Paragraph({ children: [new TextRun(text)] })),
    );
  }
  return out;
}

/** Names, meanings, times, the hash each signature bound, and revocations beside the signatures they revoke. */
function signaturePage(input: ReviewWordInput, t: ReviewTexts): FileChild[] {
  const out: FileChild[] = [
    new Paragraph({ children: [new PageBreak()] }),
    heading(t('signatures')),
    field(t('contentHash'), input.contentHash, { mono: true }),
    new Paragraph({
      spacing: { after: 240 },
      children: [new TextRun({ text: t('hashHint', { id: input.baseline.id }), color: MUTED, size: 18 })],
    }),
  ];
  if (input.signatures.length === 0)
    return [...out, new Paragraph({ children: [new TextRun({ text: t('noSignature'), italics: true })] })];
  for (const s of input.signatures) {
    out.push(
      new Paragraph({
        keepNext: true,
        spacing: { before: 240, after: 60 },
        border: { bottom: { style: 'single', size: 4, color: 'D9D9D9', space: 2 } },
        children: [
          new TextRun({ text: s.signer ?? t('unknown'), bold: true }),
          new TextRun({ text: ` - ${t(`meaning.${s.meaning}`)}`, bold: true, color: ACCENT }),
        ],
      }),
      field(t('signedAt'), instant(s.signedAt)),
      field(t('signedHash'), s.contentHash, { mono: true }),
      field(
        t('revocation'),
        s.revocation ? t('revoked', { date: instant(s.revocation.at), reason: s.revocation.reason }) : t('standing'),
      ),
    );
  }
  return out;
}

/**
 * The .docx of a review: a cover naming the review, its baseline and the content hash; the reviewed documents as the
 * baseline's Word export lays them out (one after the other); the feedback; the signature page.
 */
export async function buildReviewWordExport(input: ReviewWordInput): Promise<Buffer> {
  const t = reviewTexts(input.lang);
  const et = exportTexts(input.lang);
  const images = new Map(input.documents.flatMap((d) => [...d.images]));
  const context = descriptionContext(images, et);
  const body: FileChild[] = coverPage(input, t);
  for (const data of input.documents) append(body, documentBody(data, input.lang, input.now, context));
  append(body, feedbackSection(input, t));
  append(body, signaturePage(input, t));
  return packWord(
    {
      title: t('title', { title: input.review.title }),
      description: input.review.project,
      header: t('title', { title: input.review.title }),
      updateFields: input.documents.some((d) => d.settings['export.tableOfContents']),
      body,
    },
    et,
  );
}
