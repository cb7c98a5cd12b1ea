import { describe, expect, it } from 'vitest';
import { detectLanguage, isLanguage } from './language';

describe('detectLanguage', () => {
  it('prefers the stored choice', () => {
    expect(detectLanguage('fr', ['en-US'])).toBe('fr');
    expect(detectLanguage('en', ['fr-FR'])).toBe('en');
  });

  it('falls back to the first browser language we speak, ignoring the region', () => {
    expect(detectLanguage(null, ['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(detectLanguage('xx', ['EN-gb'])).toBe('en');
  });

  it('ends with English', () => {
    expect(detectLanguage(null, ['de', 'ja'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });

  it('knows the two languages only', () => {
    expect(isLanguage('fr')).toBe(true);
    expect(isLanguage('de')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
