import { describe, expect, it } from 'vitest';
import { TAG_COLORS } from '@reqloom/domain';
import { enCatalog } from '../../i18n/catalogs';
import { paletteMove, randomTagColor, TAG_COLOR_NAMES, tagColorName } from './tagColors';

describe('tag colours', () => {
  it('names each of the nine colours of the palette, in both languages', async () => {
    expect(TAG_COLOR_NAMES).toHaveLength(TAG_COLORS.length);
    expect(TAG_COLORS.map(tagColorName)).toEqual([...TAG_COLOR_NAMES]);
    expect(tagColorName('#ff0000')).toBeUndefined();
    const { loadFrCatalog } = await import('../../i18n/catalogs');
    const fr = await loadFrCatalog();
    const names = (colors: Record<string, string>) => TAG_COLOR_NAMES.map((name) => colors[name]);
    expect(new Set(names(enCatalog.tags.colors)).size).toBe(9);
    expect(new Set(names(fr.tags.colors)).size).toBe(9);
  });

  it('gives a new tag a colour its classifier does not use yet, while there is one', () => {
    const used = TAG_COLORS.slice(0, 8);
    for (const r of [0, 0.5, 0.999]) expect(randomTagColor(used, () => r)).toBe(TAG_COLORS[8]);
    expect(randomTagColor([], () => 0)).toBe(TAG_COLORS[0]);
    expect(randomTagColor([], () => 0.999)).toBe(TAG_COLORS[8]);
    // All taken: any of the nine.
    expect(randomTagColor(TAG_COLORS, () => 0.5)).toBe(TAG_COLORS[4]);
  });

  it('is random among the free colours', () => {
    const seen = new Set(Array.from({ length: 200 }, () => randomTagColor([TAG_COLORS[0]])));
    expect(seen.has(TAG_COLORS[0])).toBe(false);
    expect(seen.size).toBe(8);
  });

  it('moves through the palette in rows of three with the arrow keys, wrapping around', () => {
    expect(paletteMove(0, 'ArrowRight')).toBe(1);
    expect(paletteMove(8, 'ArrowRight')).toBe(0);
    expect(paletteMove(0, 'ArrowLeft')).toBe(8);
    expect(paletteMove(1, 'ArrowDown')).toBe(4);
    expect(paletteMove(7, 'ArrowDown')).toBe(1);
    expect(paletteMove(2, 'ArrowUp')).toBe(8);
    expect(paletteMove(5, 'Home')).toBe(0);
    expect(paletteMove(5, 'End')).toBe(8);
    expect(paletteMove(5, 'Enter')).toBeNull();
  });
});
