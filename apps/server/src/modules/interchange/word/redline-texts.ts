import type { Language } from '@reqloom/domain';

// The words the redline report of a baseline comparison writes (decisions §22), in the language of its reader.
const en = {
  title: 'Comparison of {from} and {to}',
  project: 'Project: {project}',
  made: 'Made on {date}.',
  counts:
    'Requirements: {added} added, {removed} removed, {changed} changed. Links: {linksAdded} added, {linksRemoved} removed.',
  hint: 'What changed is written as tracked changes: Review › Accept or Reject goes through them one by one.',
  noChange: 'Nothing changed.',
  status: 'Status',
  category: 'Category',
  tags: 'Tags',
  none: 'None',
  links: 'Links',
  'status.0': 'Draft',
  'status.1': 'Written',
  'status.2': 'Reviewed',
  'status.3': 'Validated',
  document: 'Document {id}',
  now: 'now',
} as const;

export type RedlineText = keyof typeof en;

const fr: Record<RedlineText, string> = {
  title: 'Comparaison de {from} et {to}',
  project: 'Projet : {project}',
  made: 'Établie le {date}.',
  counts:
    'Exigences : {added} ajoutées, {removed} supprimées, {changed} modifiées. Liens : {linksAdded} ajoutés, {linksRemoved} supprimés.',
  hint: 'Les modifications sont écrites en suivi des modifications : Révision › Accepter ou Refuser les parcourt une à une.',
  noChange: 'Rien n’a changé.',
  status: 'Statut',
  category: 'Catégorie',
  tags: 'Étiquettes',
  none: 'Aucune',
  links: 'Liens',
  'status.0': 'Brouillon',
  'status.1': 'Rédigée',
  'status.2': 'Relue',
  'status.3': 'Validée',
  document: 'Document {id}',
  now: 'maintenant',
};

export function redlineTexts(lang: Language) {
  const table = lang === 'fr' ? fr : en;
  return (key: RedlineText, params: Record<string, string | number> = {}) =>
    table[key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
export type RedlineTexts = ReturnType<typeof redlineTexts>;
