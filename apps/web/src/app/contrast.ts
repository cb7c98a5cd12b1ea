// WCAG 2.2 contrast arithmetic (SC 1.4.3), on the #rrggbb colours of the theme's palettes.

/** WCAG AA for normal text; the theme aims a little above it so that rounding in browsers never drops below. */
export const AA_TEXT = 4.5;

function channels(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const value = parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance as WCAG defines it (sRGB channels linearised, then weighted). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The colour itself if it reads on every given background, else the same hue darkened step by step (mixed
 * towards black) until it does: the theme keeps its hues and only the too-light ones get darker.
 */
export function readableOn(color: string, backgrounds: readonly string[], minimum = AA_TEXT + 0.1): string {
  const rgb = channels(color);
  for (let step = 0; step <= 40; step += 1) {
    const candidate = toHex(rgb.map((c) => c * (1 - step / 40)));
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= minimum)) return candidate;
  }
  return '#000000';
}
