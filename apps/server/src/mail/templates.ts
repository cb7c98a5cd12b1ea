import type { Language } from '@reqloom/domain';
import { translate, type MessageKey } from '../i18n/messages';
import type { Mail } from './mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkMail(
  lang: Language,
  to: { name: string; email: string },
  keys: { subject: MessageKey; body: MessageKey; ignore: MessageKey },
  link: string,
): Mail {
  const greeting = translate(lang, 'mail.greeting', { name: to.name });
  const body = translate(lang, keys.body);
  const ignore = translate(lang, keys.ignore);
  const signature = translate(lang, 'mail.signature');
  return {
    to: to.email,
    subject: translate(lang, keys.subject),
    text: `${greeting}\n\n${body}\n\n${link}\n\n${ignore}\n\n${signature}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(ignore)}</p><p>${escapeHtml(signature)}</p>`,
    links: [link],
  };
}

export const confirmAccountMail = (lang: Language, to: { name: string; email: string }, link: string) =>
  linkMail(
    lang,
    to,
    { subject: 'mail.confirm.subject', body: 'mail.confirm.body', ignore: 'mail.confirm.ignore' },
    link,
  );

export const resetPasswordMail = (lang: Language, to: { name: string; email: string }, link: string) =>
  linkMail(lang, to, { subject: 'mail.reset.subject', body: 'mail.reset.body', ignore: 'mail.reset.ignore' }, link);

/**
 * The invitation to a review (decisions §23), in the recipient's language: who invites, as what, by when, and the
 * link to the review.
 */
export function reviewInvitationMail(
  lang: Language,
  to: { name: string; email: string },
  review: { title: string; project: string; moderator: string; role: 'reviewer' | 'approver'; dueDate: string | null },
  link: string,
): Mail {
  const params = {
    title: review.title,
    project: review.project,
    moderator: review.moderator,
    role: translate(lang, review.role === 'approver' ? 'review.role.approver' : 'review.role.reviewer'),
  };
  const lines = [
    translate(lang, 'mail.greeting', { name: to.name }),
    translate(lang, 'mail.review.body', params),
    ...(review.dueDate ? [translate(lang, 'mail.review.due', { date: review.dueDate })] : []),
    translate(lang, 'mail.review.open'),
  ];
  const signature = translate(lang, 'mail.signature');
  return {
    to: to.email,
    subject: translate(lang, 'mail.review.subject', params),
    text: `${lines.join('\n\n')}\n\n${link}\n\n${signature}\n`,
    html:
      lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(signature)}</p>`,
    links: [link],
  };
}
