import { describe, expect, it } from 'vitest';
import baselinesEn from './baselines.en.json';
import baselinesFr from './baselines.fr.json';
import en from './en.json';
import fr from './fr.json';
import historyEn from './history.en.json';
import historyFr from './history.fr.json';
import membersEn from './members.en.json';
import membersFr from './members.fr.json';
import testsEn from './tests.en.json';
import testsFr from './tests.fr.json';
import workingAreaEn from './working-area.en.json';
import workingAreaFr from './working-area.fr.json';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a catalogue as "a.b.c" → text. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const result = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [leaf, text] of leaves(value, path)) result.set(leaf, text);
    } else result.set(path, value);
  }
  return result;
}

const catalogues = {
  en: leaves({ ...en, ...workingAreaEn, ...testsEn, ...membersEn, ...historyEn, ...baselinesEn }),
  fr: leaves({ ...fr, ...workingAreaFr, ...testsFr, ...membersFr, ...historyFr, ...baselinesFr }),
};

function placeholders(text: unknown): string[] {
  return typeof text === 'string' ? [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort() : [];
}

describe('translation catalogues', () => {
  it('split into files whose top-level keys never overlap', () => {
    expect(Object.keys(en).filter((key) => key in workingAreaEn)).toEqual([]);
    expect(Object.keys(fr).filter((key) => key in workingAreaFr)).toEqual([]);
    const others = { ...en, ...workingAreaEn };
    expect(Object.keys(testsEn).filter((key) => key in others)).toEqual([]);
    const allButMembers = { ...others, ...testsEn };
    expect(Object.keys(membersEn).filter((key) => key in allButMembers)).toEqual([]);
    expect(Object.keys(membersFr).filter((key) => key in { ...fr, ...workingAreaFr, ...testsFr })).toEqual([]);
    expect(Object.keys(historyEn).filter((key) => key in { ...allButMembers, ...membersEn })).toEqual([]);
    expect(
      Object.keys(historyFr).filter((key) => key in { ...fr, ...workingAreaFr, ...testsFr, ...membersFr }),
    ).toEqual([]);
    const beforeBaselines = { ...allButMembers, ...membersEn, ...historyEn };
    expect(Object.keys(baselinesEn).filter((key) => key in beforeBaselines)).toEqual([]);
    expect(
      Object.keys(baselinesFr).filter(
        (key) => key in { ...fr, ...workingAreaFr, ...testsFr, ...membersFr, ...historyFr },
      ),
    ).toEqual([]);
  });

  it('have the same keys in English and French', () => {
    const enKeys = [...catalogues.en.keys()];
    const frKeys = [...catalogues.fr.keys()];
    expect(
      enKeys.filter((key) => !catalogues.fr.has(key)),
      'in en.json, missing from fr.json',
    ).toEqual([]);
    expect(
      frKeys.filter((key) => !catalogues.en.has(key)),
      'in fr.json, missing from en.json',
    ).toEqual([]);
  });

  it('have no empty or non-text value', () => {
    for (const [lang, catalogue] of Object.entries(catalogues)) {
      const bad = [...catalogue].filter(([, text]) => typeof text !== 'string' || text.trim() === '');
      expect(
        bad.map(([key]) => key),
        `empty values in ${lang}.json`,
      ).toEqual([]);
    }
  });

  it('use the same placeholders in both languages', () => {
    const mismatched = [...catalogues.en].filter(
      ([key, text]) => placeholders(text).join() !== placeholders(catalogues.fr.get(key)).join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('carry the texts of the specification (spec 1 §8) word for word in English', () => {
    expect(en.auth.login.failed).toBe('Those credentials are incorrect.');
    expect(en.auth.forgot.unknown).toBe('Your e-mail does not seem to be in our database.');
    expect(en.auth.forgot.sent).toBe('You will receive a password reset email in your mailbox very shortly.');
    expect(en.auth.reset.mistake).toBe('You must have made a mistake...');
    expect(en.auth.register.registered).toBe('Your account has been registered. However, it must be confirmed...');
    expect(en.auth.confirm.confirming).toBe('We are confirming your account...');
    expect(en.auth.confirm.confirmed).toBe('Your account has been confirmed. You will be logged in shortly.');
    expect(en.auth.confirm.invalid).toBe('The link you used to confirm this account is not valid.');
    expect(en.forbidden.message).toBe('This action is unauthorized.');
    expect(en.errors.generic).toBe('Something went wrong');
    expect(en.errors.connection).toBe('Connection error');
    expect(en.errors.failed).toBe('Failed');
  });
});
