import { describe, expect, it } from 'vitest';
import { acronymFrom, acronymTooLong, withNumber } from './acronym';

const six = { ignoreSmallWords: false, maxSize: 6 };

describe('acronymFrom proposes more than one letter (issue 31)', () => {
  it('takes the first three letters of a one-word name', () => {
    expect(acronymFrom('Flight', six)).toBe('FLI');
    expect(acronymFrom('Spielwiese', six)).toBe('SPI');
    expect(acronymFrom('The Flight', { ...six, ignoreSmallWords: true })).toBe('FLI');
  });
  it('reads a word in brackets or after punctuation as a word', () => {
    expect(acronymFrom('Customer (Anonymized)', six)).toBe('CA');
    expect(acronymFrom('Customer data, anonymized', six)).toBe('CDA');
  });
  it('stays within the project limit', () => {
    expect(acronymFrom('Flight', { ...six, maxSize: 2 })).toBe('FL');
    expect(acronymFrom('Flight', { ...six, maxSize: 1 })).toBe('F');
    expect(acronymFrom('Go', six)).toBe('GO');
  });
  it('keeps small words when they are all the name has', () => {
    expect(acronymFrom('Car', { ...six, ignoreSmallWords: true })).toBe('CAR');
  });
  it('proposes nothing for a name without letters or digits', () => {
    expect(acronymFrom(' -- ', six)).toBe('');
  });
});

describe('acronymFrom never proposes a taken acronym', () => {
  it('takes more letters from the words first: "Software Requirements" next to SR', () => {
    expect(acronymFrom('System Requirements', six)).toBe('SR');
    expect(acronymFrom('Software Requirements', { ...six, taken: ['SR'] })).toBe('SOR');
    expect(acronymFrom('Software Requirements', { ...six, taken: ['sr', 'SOR'] })).toBe('SORE');
  });
  it('then adds a number, within the limit', () => {
    expect(acronymFrom('Flight', { ...six, maxSize: 3, taken: ['FLI'] })).toBe('FL2');
    expect(acronymFrom('Go', { ...six, taken: ['GO', 'GO2'] })).toBe('GO3');
    expect(acronymFrom('Flight', { ...six, maxSize: 1, taken: ['F', '2'] })).toBe('3');
  });
  it('compares case-insensitively', () => {
    expect(acronymFrom('Flight', { ...six, taken: ['fli'] })).toBe('FLIG');
  });
});

describe('withNumber', () => {
  it('cuts letters so that the number fits', () => {
    expect(withNumber('ABCDEF', 6, new Set(['ABCDEF']))).toBe('ABCDE2');
    expect(withNumber('AB', 2, new Set(Array.from({ length: 8 }, (_, i) => `A${i + 2}`)))).toBe('10');
  });
});

describe('acronymTooLong', () => {
  it('holds an acronym to the project’s maximum, and says the maximum', () => {
    expect(acronymTooLong('ABCDEF', 6)).toBeNull();
    expect(acronymTooLong(undefined, 1)).toBeNull();
    expect(acronymTooLong('ABCDEFG', 6)).toEqual({ key: 'validation.acronym_max', params: { max: 6 } });
  });
});
