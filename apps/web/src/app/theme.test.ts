import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio } from './contrast';
import { SURFACES } from './readablePalettes';
import { dimmedText, placeholderText, theme } from './theme';

// Issue 9 §4: text reads at 4.5:1 or more. These are the colours Mantine writes text in (light scheme, the app's
// only one) measured against what they sit on; the browser suite checks the rendered pages with axe.
const palettes = Object.entries(theme.colors ?? {}).filter(([name]) => name !== 'dark') as [
  string,
  MantineColorsTuple,
][];

function worst(color: string, backgrounds: readonly string[]): number {
  return Math.min(...backgrounds.map((bg) => contrastRatio(color, bg)));
}

describe('the theme’s text colours', () => {
  it('covers every Mantine palette and ours', () => {
    expect(palettes.map(([name]) => name).sort()).toEqual(
      [...Object.keys(DEFAULT_THEME.colors).filter((n) => n !== 'dark'), 'brand'].sort(),
    );
  });

  it.each(palettes)('%s: white on the filled shade, and the shade as text on every surface', (_name, palette) => {
    expect(theme.primaryShade).toBe(7);
    expect(contrastRatio('#ffffff', palette[7])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(worst(palette[7], SURFACES)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(worst(palette[8], SURFACES)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(palettes)('%s: the light variant (shade 9 on shades 0 to 2)', (_name, palette) => {
    expect(worst(palette[9], [palette[0], palette[1], palette[2]])).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(palettes)('%s: keeps its order from light to dark', (_name, palette) => {
    expect(contrastRatio(palette[9], '#ffffff')).toBeGreaterThanOrEqual(contrastRatio(palette[8], '#ffffff'));
    expect(contrastRatio(palette[8], '#ffffff')).toBeGreaterThanOrEqual(contrastRatio(palette[7], '#ffffff'));
  });

  it('dimmed text and placeholders read on every surface, a selected row included', () => {
    expect(contrastRatio(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeLessThan(AA_TEXT); // what Mantine gives
    expect(worst(dimmedText, [...SURFACES, theme.colors!.brand![0]])).toBeGreaterThanOrEqual(AA_TEXT);
    expect(worst(placeholderText, SURFACES)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('leaves the palettes that already passed as they were', () => {
    expect(theme.colors!.gray).toEqual(DEFAULT_THEME.colors.gray);
    expect(theme.colors!.violet![7]).toBe(DEFAULT_THEME.colors.violet[7]);
  });
});
