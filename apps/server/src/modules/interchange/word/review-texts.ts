import type { Language } from '@reqloom/domain';

// The words of a review's Word export (decisions §23), in the language of its reader.
const en = {
  title: 'Review: {title}',
  project: 'Project: {project}',
  baseline: 'Baseline reviewed: {baseline} (#{id}), taken on {date}',
  revision: 'Revision {revision}',
  moderator: 'Moderator: {name}',
  state: 'State: {state}',
  'state.open': 'open',
  'state.closed': 'closed',
  approved: 'Approved: every approver has signed “approved”.',
  notApproved: 'Not approved yet.',
  made: 'Exported on {date}.',
  contentHash: 'Content hash (SHA-256)',
  hashHint:
    'The content hash is the SHA-256 of the baseline’s requirements as GET baselines/requirements/{id} gives them; docs/decisions.md §23 says how to recompute it.',
  feedback: 'Feedback',
  onReview: 'On the review',
  noFeedback: 'No feedback.',
  'kind.comment': 'Comment',
  'kind.question': 'Question',
  'kind.change': 'Proposed change',
  'kind.issue': 'Issue',
  resolved: 'Resolved',
  signatures: 'Signatures',
  noSignature: 'Nobody has signed yet.',
  'meaning.approved': 'Approved',
  'meaning.rejected': 'Rejected',
  'meaning.reviewed': 'Reviewed',
  signedAt: 'Signed on',
  revocation: 'Revocation',
  revoked: 'Revoked on {date}: {reason}',
  standing: 'Standing',
  signedHash: 'Content hash signed',
  unknown: 'Former user',
} as const;

export type ReviewText = keyof typeof en;

const fr: Record<ReviewText, string> = {
  title: 'Revue : {title}',
  project: 'Projet : {project}',
  baseline: 'Référence revue : {baseline} (n° {id}), prise le {date}',
  revision: 'Révision {revision}',
  moderator: 'Modérateur : {name}',
  state: 'État : {state}',
  'state.open': 'ouverte',
  'state.closed': 'close',
  approved: 'Approuvée : chaque approbateur a signé « approuvé ».',
  notApproved: 'Pas encore approuvée.',
  made: 'Exportée le {date}.',
  contentHash: 'Empreinte du contenu (SHA-256)',
  hashHint:
    'L’empreinte du contenu est le SHA-256 des exigences de la référence telles que GET baselines/requirements/{id} les donne ; docs/decisions.md §23 dit comment la recalculer.',
  feedback: 'Retours',
  onReview: 'Sur la revue',
  noFeedback: 'Aucun retour.',
  'kind.comment': 'Commentaire',
  'kind.question': 'Question',
  'kind.change': 'Modification proposée',
  'kind.issue': 'Problème',
  resolved: 'Résolu',
  signatures: 'Signatures',
  noSignature: 'Personne n’a encore signé.',
  'meaning.approved': 'Approuvé',
  'meaning.rejected': 'Rejeté',
  'meaning.reviewed': 'Relu',
  signedAt: 'Signée le',
  revocation: 'Révocation',
  revoked: 'Révoquée le {date} : {reason}',
  standing: 'En vigueur',
  signedHash: 'Empreinte signée',
  unknown: 'Ancien utilisateur',
};

export function reviewTexts(lang: Language) {
  const table = lang === 'fr' ? fr : en;
  return (key: ReviewText, params: Record<string, string | number> = {}) =>
    table[key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
export type ReviewTexts = ReturnType<typeof reviewTexts>;
