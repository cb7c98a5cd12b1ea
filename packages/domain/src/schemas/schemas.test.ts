import { describe, expect, it } from 'vitest';
import { registerBody } from './auth';
import { preferencesPatch, DEFAULT_PREFERENCES, preferencesSchema } from './user';
import { slugSchema, usernameSchema } from './fields';

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
});
