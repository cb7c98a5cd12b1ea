import { describe, expect, it } from 'vitest';
import { registerBody } from './auth';
import {
  preferencesPatch,
  DEFAULT_PREFERENCES,
  preferencesSchema,
  PREFERENCES_MAX_BYTES,
  TOUR_NAMES,
  updatePreferencesBody,
  type Preferences,
} from './preferences';
import { idSchema, slugSchema, usernameSchema } from './fields';

describe('registerBody', () => {
  const valid = {
    name: 'Ada',
    username: 'ada_l-1',
    email: ' Ada@Example.COM ',
    password: 'long enough',
    password_confirmation: 'long enough',
  };
  it('normalises the e-mail', () => {
    expect(registerBody.parse(valid).email).toBe('ada@example.com');
  });
  it('reports a mismatched confirmation on the password field', () => {
    const result = registerBody.safeParse({ ...valid, password_confirmation: 'other' });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: 'validation.confirmed' }),
    ]);
  });
  it('strips fields it does not know', () => {
    expect(registerBody.parse({ ...valid, alpha: true })).not.toHaveProperty('alpha');
  });
});

describe('ids', () => {
  it('reads a positive integer or its decimal digits, and nothing else', () => {
    expect(idSchema.parse(12)).toBe(12);
    expect(idSchema.parse('12')).toBe(12);
    expect(idSchema.parse('2147483647')).toBe(2_147_483_647);
    for (const bad of [
      '1e3',
      '0x1',
      ' 12',
      '12 ',
      '+12',
      '1.0',
      '',
      '2147483648',
      '99999999999',
      0,
      -1,
      1.5,
      true,
      [5],
      null,
    ])
      expect(idSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('usernames and slugs', () => {
  it.each([
    ['ab', false],
    ['abc', true],
    ['-abc', false],
    ['Abc', false],
    ['a'.repeat(33), false],
    ['a_b-9', true],
  ])('username %s valid: %s', (value, ok) => {
    expect(usernameSchema.safeParse(value).success).toBe(ok);
  });
  it('slugs allow 1 to 100 characters of a-z 0-9 - _', () => {
    expect(slugSchema.safeParse('a').success).toBe(true);
    expect(slugSchema.safeParse('a'.repeat(101)).success).toBe(false);
    expect(slugSchema.safeParse('a.b').success).toBe(false);
  });
});

describe('preferences', () => {
  it('defaults satisfy the schema', () => {
    expect(preferencesSchema.parse(DEFAULT_PREFERENCES)).toEqual(DEFAULT_PREFERENCES);
  });
  it('a patch may hold any subset, and refuses unknown time zones', () => {
    expect(preferencesPatch.safeParse({ timezone: { timezone: 'Europe/Paris' } }).success).toBe(true);
    expect(preferencesPatch.safeParse({ timezone: { timezone: 'Nowhere/Land' } }).success).toBe(false);
    expect(preferencesPatch.safeParse({ lang: 'de' }).success).toBe(false);
  });
  it('validates the synaeptic settings and the tour names', () => {
    expect(preferencesPatch.safeParse({ synaeptic: { zoom: 80, hideInactive: true } }).success).toBe(true);
    expect(preferencesPatch.safeParse({ synaeptic: { zoom: 5 } }).success).toBe(false);
    expect(preferencesPatch.safeParse({ synaeptic: { zoom: 101 } }).success).toBe(false);
    expect(preferencesPatch.safeParse({ synaeptic: { overlapping: 'yes' } }).success).toBe(false);
    expect(preferencesPatch.safeParse({ tours: { dashboard: true } }).success).toBe(true);
    expect(preferencesPatch.safeParse({ tours: { 'no-such-tour': true } }).success).toBe(false);
  });
  it('drops unknown keys, and refuses an update over the cap as sent', () => {
    const small = updatePreferencesBody.parse({ preferences: { lang: 'fr', junk: 'x'.repeat(1000) } });
    expect(small.preferences).toEqual({ lang: 'fr' });
    const big = { preferences: { lang: 'fr', junk: 'x'.repeat(PREFERENCES_MAX_BYTES) } };
    expect(updatePreferencesBody.safeParse(big).success).toBe(false);
  });
  it('bounds every valid preferences object well below the cap', () => {
    // The schema alone must keep the stored object small: an open-ended key would break this.
    const largest: Preferences = {
      ...DEFAULT_PREFERENCES,
      timezone: { autoTimezone: false, timezone: 'America/Argentina/ComodRivadavia' },
      tours: Object.fromEntries(TOUR_NAMES.map((name) => [name, false])),
    };
    expect(preferencesSchema.parse(largest)).toEqual(largest);
    expect(JSON.stringify(largest).length).toBeLessThan(PREFERENCES_MAX_BYTES / 8);
    expect(
      preferencesSchema.safeParse({ ...largest, timezone: { autoTimezone: true, timezone: 'x'.repeat(65) } }).success,
    ).toBe(false);
  });
});
