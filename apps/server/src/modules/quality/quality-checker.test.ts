import { afterAll, describe, expect, it } from 'vitest';
import { QualityCache } from './quality-cache';
import { QualityChecker } from './quality-checker';
import { checkStored } from './quality-task';

// The checker behind the quality routes (decisions §25): a large batch checked on its thread gives what the server's
// thread gives, results are kept until the text or the disabled rules change, and the kept results stay bounded.

const checkers: QualityChecker[] = [];
const checker = (options: ConstructorParameters<typeof QualityChecker>[0]) => {
  const made = new QualityChecker(options);
  checkers.push(made);
  return made;
};
afterAll(async () => {
  await Promise.all(checkers.map((c) => c.close()));
});

const items = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  name: i % 3 === 0 ? `The pump ${i} shall start within TBD s` : `The pump ${i} shall start`,
  description: i % 4 === 0 ? `<p>Flow &amp; pressure: TBC</p><ul><li><p>valve ${i}</p></li></ul>` : '',
}));

describe('QualityChecker', () => {
  it('checks a batch on its thread exactly as on the server’s thread, in the order given', async () => {
    const onThread = await checker({ threadFrom: 1 }).check(items, ['too-long']);
    const here = await checker({ threadFrom: Infinity, sliceMs: 0 }).check(items, ['too-long']);
    expect(onThread).toEqual(here);
    expect(here).toEqual(items.map((item) => checkStored(item, ['too-long'])));
    expect(here[0]!.findings.filter((f) => f.rule === 'tbd').map((f) => f.text)).toEqual(['TBD', 'TBC']);
  });

  it('keeps each result until the requirement’s text or the disabled rules change', async () => {
    const quality = checker({ threadFrom: Infinity });
    const first = await quality.check(items.slice(0, 3), []);
    const again = await quality.check(items.slice(0, 3), []);
    again.forEach((result, i) => expect(result).toBe(first[i]));
    // The same rules in another order or twice are the same set.
    expect((await quality.check(items.slice(0, 1), ['tbd', 'pronoun', 'tbd']))[0]).toBe(
      (await quality.check(items.slice(0, 1), ['pronoun', 'tbd']))[0],
    );
    const off = await quality.check(items.slice(0, 1), ['tbd']);
    expect(off[0]!.findings.some((f) => f.rule === 'tbd')).toBe(false);
    const edited = await quality.check([{ ...items[0]!, name: 'The pump shall start within TBC s' }], []);
    expect(edited[0]).not.toBe(first[0]);
    expect(edited[0]!.findings.filter((f) => f.rule === 'tbd').map((f) => f.text)).toEqual(['TBC', 'TBC']);
  });
});

describe('QualityCache', () => {
  it('forgets the least recently used entry past its capacity', () => {
    const cache = new QualityCache(2);
    const result = { score: 100, language: 'en' as const, findings: [] };
    cache.set(1, 'a', result);
    cache.set(2, 'b', result);
    expect(cache.get(1, 'a')).toBe(result);
    cache.set(3, 'c', result);
    expect(cache.size).toBe(2);
    expect(cache.get(2, 'b')).toBeUndefined();
    expect(cache.get(1, 'a')).toBe(result);
    expect(cache.get(3, 'c')).toBe(result);
    expect(cache.get(3, 'other fingerprint')).toBeUndefined();
    cache.set(1, 'a2', result);
    expect(cache.size).toBe(2);
    expect(cache.get(1, 'a')).toBeUndefined();
  });

  it('fingerprints the disabled rules, the name and the description apart', () => {
    const base = { id: 1, name: 'a', description: 'b', disabled: [] as string[] };
    const prints = new Set(
      [
        base,
        { ...base, name: 'ab', description: '' },
        { ...base, disabled: ['tbd'] },
        { ...base, description: 'c' },
      ].map((k) => QualityCache.fingerprint(k)),
    );
    expect(prints.size).toBe(4);
  });
});
