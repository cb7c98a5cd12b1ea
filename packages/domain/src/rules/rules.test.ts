import { describe, expect, it } from 'vitest';
import { acronymFrom } from './acronym';
import { initials } from './initials';
import { slugify } from './slug';

describe('slugify', () => {
  it('lower-cases, turns spaces into dashes and removes the listed characters', () => {
    expect(slugify('My Great (Project)!')).toBe('my-great-project');
    expect(slugify('It\'s *the* +best+ ~one~. "ok" a:b@c')).toBe('its-the-best-one-ok-abc');
  });
  it('folds accents and drops what the slug rule does not allow', () => {
    expect(slugify('Système de freinage é/ü')).toBe('systeme-de-freinage-eu');
    expect(slugify('  spaced   out  ')).toBe('spaced-out');
  });
  it('never passes 100 characters', () => {
    expect(slugify('a'.repeat(300))).toHaveLength(100);
  });
});

describe('acronymFrom', () => {
  it('takes the upper-cased initials', () => {
    expect(acronymFrom('software requirements specification', { ignoreSmallWords: false, maxSize: 6 })).toBe('SRS');
  });
  it('skips words of 3 characters or fewer when asked', () => {
    expect(acronymFrom('System of the Brake Unit', { ignoreSmallWords: true, maxSize: 6 })).toBe('SBU');
    expect(acronymFrom('System of the Brake Unit', { ignoreSmallWords: false, maxSize: 6 })).toBe('SOTBU');
  });
  it('cuts to the maximum size and keeps only letters and digits', () => {
    expect(acronymFrom('a b c d e f g h', { ignoreSmallWords: false, maxSize: 4 })).toBe('ABCD');
    expect(acronymFrom('élan 2nd (draft)', { ignoreSmallWords: false, maxSize: 6 })).toBe('E2D');
  });
});

describe('initials', () => {
  it('upper-cases the first letter of each word', () => {
    expect(initials('ada king lovelace')).toBe('AKL');
    expect(initials('  Émile   zola ')).toBe('ÉZ');
    expect(initials('')).toBe('');
  });
});
