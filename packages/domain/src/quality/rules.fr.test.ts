import { describe, expect, it } from 'vitest';
import type { QualityRuleId } from '../schemas/quality';
import { checkRequirement } from './check';

/** The [rule, words] a description gets, with the French rules. */
const found = (description: string, rule?: QualityRuleId): [string, string][] =>
  checkRequirement({ name: '', description }, { language: 'fr' })
    .findings.filter((finding) => rule === undefined || finding.rule === rule)
    .map((finding) => [finding.rule, finding.text]);

describe('French rules', () => {
  it('vague-term: rapide, convivial, suffisant, environ, with accents and capitals', () => {
    expect(found('L’affichage doit être Rapide et CONVIVIAL.', 'vague-term')).toEqual([
      ['vague-term', 'Rapide'],
      ['vague-term', 'CONVIVIAL'],
    ]);
    expect(found('La batterie doit tenir environ 5 h avec une marge suffisante.', 'vague-term')).toEqual([
      ['vague-term', 'environ'],
      ['vague-term', 'suffisante'],
    ]);
    expect(found('Le système doit répondre en moins de 200 ms.', 'vague-term')).toEqual([]);
  });

  it('escape-clause: si possible, le cas échéant, dans la mesure du possible, s’il y a lieu', () => {
    expect(found('Le système doit, si possible, relancer l’envoi le cas échéant.', 'escape-clause')).toEqual([
      ['escape-clause', 'si possible'],
      ['escape-clause', 'le cas échéant'],
    ]);
    expect(found('L’outil doit archiver, s’il y a lieu, le journal.', 'escape-clause')).toEqual([
      ['escape-clause', 's’il y a lieu'],
    ]);
    expect(found('L’outil doit archiver le journal chaque nuit.', 'escape-clause')).toEqual([]);
  });

  it('open-ended: etc., notamment, entre autres', () => {
    expect(found('L’export doit gérer PDF, DOCX, etc.', 'open-ended')).toEqual([['open-ended', 'etc']]);
    expect(found('L’export doit gérer notamment PDF et, entre autres, CSV.', 'open-ended')).toEqual([
      ['open-ended', 'notamment'],
      ['open-ended', 'entre autres'],
    ]);
  });

  it('tbd: à définir, à confirmer, ND (in capitals only), TBC', () => {
    expect(found('Le délai doit être à définir (ND), seuil à confirmer.', 'tbd')).toEqual([
      ['tbd', 'à définir'],
      ['tbd', 'ND'],
      ['tbd', 'à confirmer'],
    ]);
    expect(found('Le 2nd serveur doit répondre.', 'tbd')).toEqual([]);
  });

  it('combinator: et/ou, ainsi que, "et" joining a second infinitive; not two nouns', () => {
    expect(found('Le module doit chiffrer et/ou signer le fichier.', 'combinator')).toEqual([['combinator', 'et/ou']]);
    expect(found('Le système doit enregistrer la modification et notifier l’auteur.', 'combinator')).toEqual([
      ['combinator', 'et'],
    ]);
    expect(found('Le module doit chiffrer les données et les signer.', 'combinator')).toEqual([['combinator', 'et']]);
    expect(found('Le système doit afficher le nom et la date.', 'combinator')).toEqual([]);
  });

  it('multiple-modals: doit, doivent, devra after the first', () => {
    expect(found('L’opérateur doit valider. Les données devront être archivées.', 'multiple-modals')).toEqual([
      ['multiple-modals', 'devront'],
    ]);
  });

  it('passive-voice: doit être + participe passé without "par"; sera + participe', () => {
    expect(found('Les mesures doivent être transmises au centre.', 'passive-voice')).toEqual([
      ['passive-voice', 'être transmises'],
    ]);
    expect(found('Le rapport sera archivé chaque nuit.', 'passive-voice')).toEqual([['passive-voice', 'sera archivé']]);
    expect(found('Les alarmes doivent être acquittées par l’opérateur.', 'passive-voice')).toEqual([]);
    expect(found('Le débit doit être continu.', 'passive-voice')).toEqual([]);
    expect(found('Le service doit être disponible.', 'passive-voice')).toEqual([]);
  });

  it('negative: ne doit pas, ne … jamais; "ne doit pas dépasser" is a bound', () => {
    expect(found('Le logiciel ne doit pas supprimer une exigence.', 'negative')).toEqual([['negative', 'ne doit pas']]);
    expect(found('Le logiciel ne doit jamais s’arrêter.', 'negative')).toEqual([['negative', 'ne doit jamais']]);
    expect(found('La mémoire ne doit pas dépasser 512 Mo.', 'negative')).toEqual([]);
  });

  it('pronoun: il, elle, ils, celui-ci, cela; not impersonal "il faut" or "il est possible"', () => {
    expect(found('Quand le capteur répond, il doit horodater celle-ci.', 'pronoun')).toEqual([
      ['pronoun', 'il'],
      ['pronoun', 'celle-ci'],
    ]);
    expect(found('Cela doit être journalisé.', 'pronoun')).toEqual([['pronoun', 'Cela']]);
    expect(found('Il est possible d’exporter ; il faut un compte.', 'pronoun')).toEqual([]);
  });

  it('superlative: meilleur, le plus rapide, plus rapide sans "que"; not "ne … plus", "au moins", "moins de 10 s"', () => {
    expect(found('Le système doit offrir la meilleure disponibilité.', 'superlative')).toEqual([
      ['superlative', 'meilleure'],
    ]);
    expect(found('L’outil doit être le plus rapide.', 'superlative')).toEqual([['superlative', 'le plus']]);
    expect(found('L’interface doit être plus rapide.', 'superlative')).toEqual([['superlative', 'plus']]);
    expect(found('L’interface doit être plus rapide que la version 2.', 'superlative')).toEqual([]);
    expect(found('Le service ne doit plus répondre après au moins 3 essais.', 'superlative')).toEqual([]);
    expect(found('L’export doit durer moins de 10 secondes.', 'superlative')).toEqual([]);
  });

  it('missing-modal: no doit/doivent/devra/devront', () => {
    expect(found('La durée de conservation est de 90 jours.', 'missing-modal')).toHaveLength(1);
    expect(found('Le système devra conserver 90 jours.', 'missing-modal')).toEqual([]);
  });

  it('too-long: more than 60 words', () => {
    const description = `Le système doit ${Array.from({ length: 60 }, (_, i) => `mot${i}`).join(' ')}.`;
    expect(found(description, 'too-long')).toEqual([['too-long', 'mot57 mot58 mot59']]);
  });
});
