import { AlignmentType, PageBreak, Paragraph, TextRun, type FileChild } from 'docx';
import type { FeedbackKind, Language, SignatureMeaning } from '@reqloom/domain';
import { append } from '../append';
import type { ExportData } from './export-data';
import { ACCENT, MUTED } from './export-style';
import { exportTexts } from './export-texts';
import { reviewTexts, type ReviewTexts } from './review-texts';
import { grid, heading } from './word-blocks';
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
    line(`${t('contentHash')}: `, { color: MUTED }),
    line(input.contentHash, { font: 'Courier New' }),
    line(t('made', { date: instant(input.now) }), { color: MUTED }),
    new Paragraph({ children: [new PageBreak()] }),
  ];
}

function feedbackSection(input: ReviewWordInput, t: ReviewTexts): FileChild[] {
  const out: FileChild[] = [new Paragraph({ children: [new PageBreak()] }), heading(t('feedback'))];
  if (input.feedback.length === 0)
    return [...out, new Paragraph({ children: [new TextRun({ text: t('noFeedback'), italics: true })] })];
  out.push(
    grid(
      [t('requirement'), t('kind'), t('content'), t('author'), t('date'), t('resolved')],
      input.feedback.map((f) => [
        f.requirement ?? t('onReview'),
        t(`kind.${f.kind}`),
        f.content,
        f.author ?? t('unknown'),
        instant(f.at),
        f.resolved ? t('yes') : t('no'),
      ]),
    ),
  );
  return out;
}

/** Names, meanings, times, the hash each signature bound, and revocations beside the signatures they revoke. */
function signaturePage(input: ReviewWordInput, t: ReviewTexts): FileChild[] {
  const out: FileChild[] = [
    new Paragraph({ children: [new PageBreak()] }),
    heading(t('signatures')),
    new Paragraph({
      children: [
        new TextRun({ text: `${t('contentHash')}: `, color: MUTED }),
        new TextRun({ text: input.contentHash, font: 'Courier New' }),
      ],
    }),
    new Paragraph({
      children: [new TextRun({ text: t('hashHint', { id: input.baseline.id }), color: MUTED, size: 18 })],
    }),
  ];
  if (input.signatures.length === 0)
    return [...out, new Paragraph({ children: [new TextRun({ text: t('noSignature'), italics: true })] })];
  out.push(
    grid(
      [t('signer'), t('meaning'), t('signedAt'), t('signedHash'), t('revocation')],
      input.signatures.map((s) => [
        s.signer ?? t('unknown'),
        t(`meaning.${s.meaning}`),
        instant(s.signedAt),
        [new Paragraph({ children: [new TextRun({ text: s.contentHash, font: 'Courier New', size: 16 })] })],
        s.revocation ? t('revoked', { date: instant(s.revocation.at), reason: s.revocation.reason }) : t('standing'),
      ]),
    ),
  );
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
      header: `${t('title', { title: input.review.title })} - ${input.baseline.name}`,
      updateFields: input.documents.some((d) => d.settings['export.tableOfContents']),
      body,
    },
    et,
  );
}
