import { describe, expect, it } from 'vitest';
import type { QualityRuleId } from '../schemas/quality';
import { checkRequirement } from './check';

/** The [rule, words] a description gets, with the English rules. */
const found = (description: string, rule?: QualityRuleId): [string, string][] =>
  checkRequirement({ name: '', description }, { language: 'en' })
    .findings.filter((finding) => rule === undefined || finding.rule === rule)
    .map((finding) => [finding.rule, finding.text]);

describe('English rules', () => {
  it('vague-term: subjective words, case-insensitive, not inside an escape clause', () => {
    expect(found('The display shall be fast and User-Friendly.', 'vague-term')).toEqual([
      ['vague-term', 'fast'],
      ['vague-term', 'User-Friendly'],
    ]);
    expect(found('The cell shall hold approximately 5 V.', 'vague-term')).toEqual([['vague-term', 'approximately']]);
    expect(found('The system shall log errors as appropriate.', 'vague-term')).toEqual([]);
    expect(found('The system shall respond within 200 ms.', 'vague-term')).toEqual([]);
  });

  it('escape-clause: "as appropriate", "if possible", "where applicable"; "as required by X" names the source', () => {
    expect(found('The system shall, if possible, retry where applicable.', 'escape-clause')).toEqual([
      ['escape-clause', 'if possible'],
      ['escape-clause', 'where applicable'],
    ]);
    expect(found('The tool shall encrypt files as required by ISO 27001.', 'escape-clause')).toEqual([]);
    expect(found('The tool shall encrypt files as required.', 'escape-clause')).toEqual([
      ['escape-clause', 'as required'],
    ]);
  });

  it('open-ended: etc., and so on, including but not limited to', () => {
    expect(found('The export shall support PDF, DOCX, etc.', 'open-ended')).toEqual([['open-ended', 'etc']]);
    expect(found('Formats including but not limited to CSV shall be read.', 'open-ended')).toEqual([
      ['open-ended', 'including but not limited to'],
    ]);
    expect(found('The export shall support PDF and DOCX.', 'open-ended')).toEqual([]);
  });

  it('tbd: TBD, TBC, TBR and "to be determined"; not inside another word', () => {
    expect(found('The timeout shall be TBD ms (TBC).', 'tbd')).toEqual([
      ['tbd', 'TBD'],
      ['tbd', 'TBC'],
    ]);
    expect(found('The rate shall be to be determined.', 'tbd')).toEqual([['tbd', 'to be determined']]);
    expect(found('The TBDS unit shall start.', 'tbd')).toEqual([]);
    // "to be defined" is ordinary English ("terms that need to be defined"), not a gap in the requirement.
    expect(found('The terms used shall need to be defined in the glossary.', 'tbd')).toEqual([]);
  });

  it('combinator: and/or, as well as, "and"/"or" joining a second action; not two objects or gerunds', () => {
    expect(found('The system shall sign and/or encrypt the file.', 'combinator')).toEqual([['combinator', 'and/or']]);
    expect(found('HS shall increment the counter and generate an event message.', 'combinator')).toEqual([
      ['combinator', 'and'],
    ]);
    expect(found('HS shall reject the command or issue an event message.', 'combinator')).toEqual([
      ['combinator', 'or'],
    ]);
    expect(found('The system shall compute TAI and UTC.', 'combinator')).toEqual([]);
    expect(found('The tool shall preserve the order while reading and writing files.', 'combinator')).toEqual([]);
    // "display" is also a noun: only an action when an object's determiner follows.
    expect(found('The unit shall provide a keyboard and display interfaces.', 'combinator')).toEqual([]);
    expect(found('The unit shall read the value and display the result.', 'combinator')).toEqual([
      ['combinator', 'and'],
    ]);
    // "and" in a condition, before the modal, joins conditions, not actions.
    expect(found('If A is set and B is clear, the system shall stop.', 'combinator')).toEqual([]);
  });

  it('multiple-modals: every shall/must after the first', () => {
    expect(found('The system shall log. The system must alert.', 'multiple-modals')).toEqual([
      ['multiple-modals', 'must'],
    ]);
    expect(found('The system shall log every error.', 'multiple-modals')).toEqual([]);
  });

  it('passive-voice: a modal + be + participle with no "by" agent', () => {
    expect(found('The data shall be stored in memory.', 'passive-voice')).toEqual([['passive-voice', 'be stored']]);
    expect(found('The file shall not be sent.', 'passive-voice')).toEqual([['passive-voice', 'be sent']]);
    expect(found('The table shall be loaded by the operator.', 'passive-voice')).toEqual([]);
    expect(found('The module shall be reusable.', 'passive-voice')).toEqual([]);
    // A state in a condition is not the requirement's own verb.
    expect(found('If the flag is set, HS shall stop.', 'passive-voice')).toEqual([]);
  });

  it('negative: shall not, never; "shall not exceed 5 ms" is a bound and is not flagged', () => {
    expect(found('The tool shall not modify files.', 'negative')).toEqual([['negative', 'shall not']]);
    expect(found('The loop shall never stop.', 'negative')).toEqual([['negative', 'never']]);
    expect(found('The latency shall not exceed 5 ms.', 'negative')).toEqual([]);
    expect(found('The length is not equal to 8, so HS shall reject it.', 'negative')).toEqual([]);
  });

  it('pronoun: it, they, them; "this" only standing alone; not "it is possible"', () => {
    expect(found('If it is set, they shall restart.', 'pronoun')).toEqual([
      ['pronoun', 'it'],
      ['pronoun', 'they'],
    ]);
    expect(found('This shall be logged.', 'pronoun')).toEqual([['pronoun', 'This']]);
    expect(found('This flag shall be logged.', 'pronoun')).toEqual([]);
    expect(found('It is possible to export the document.', 'pronoun')).toEqual([]);
  });

  it('superlative: best, fastest; comparatives without "than"; "best-effort", "at least", "one or more" are not', () => {
    expect(found('The system shall use the best algorithm.', 'superlative')).toEqual([['superlative', 'best']]);
    expect(found('The new release shall be faster.', 'superlative')).toEqual([['superlative', 'faster']]);
    expect(found('The release shall be faster than 2.1.', 'superlative')).toEqual([]);
    expect(found('The system shall display the best-effort flag.', 'superlative')).toEqual([]);
    expect(found('The log shall keep at least 10 entries for one or more users.', 'superlative')).toEqual([]);
    expect(found('HS shall act when the count is greater-than-or-equal-to 3.', 'superlative')).toEqual([]);
    expect(found('The cFE shall trace to the higher level requirements.', 'superlative')).toEqual([]);
  });

  it('missing-modal: a description without shall/must/will; the first sentence is underlined', () => {
    expect(found('HS preserves the counters. Then it stops.', 'missing-modal')).toEqual([
      ['missing-modal', 'HS preserves the counters'],
    ]);
    expect(found('The system will log errors.', 'missing-modal')).toEqual([]);
    expect(found('The system should log errors.', 'missing-modal')).toHaveLength(1);
    expect(found('', 'missing-modal')).toEqual([]);
  });

  it('too-long: the words past the 60th', () => {
    const words = Array.from({ length: 65 }, (_, i) => `w${i}`);
    const description = `The system shall ${words.join(' ')}.`;
    expect(found(description, 'too-long')).toEqual([['too-long', words.slice(57).join(' ')]]);
    expect(found(`The system shall ${words.slice(0, 57).join(' ')}.`, 'too-long')).toEqual([]);
  });
});
