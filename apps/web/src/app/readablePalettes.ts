import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { readableOn, relativeLuminance } from './contrast';

// Mantine writes text in the upper shades of a palette: shade 7 is our primary shade (filled buttons carry white
// text on it; `c="red"` and outline buttons write in it), 8 is the usual "darker text" pick, 9 is the text of the
// light variant (badges, alerts, light buttons) on shades 1 and 2. Several default palettes (yellow, orange, green,
// teal, red) are too light there for 4.5:1, so the theme darkens just those shades, keeping each hue.

const WHITE = '#ffffff';
const gray = DEFAULT_THEME.colors.gray;
/** The surfaces text sits on: cards and inputs, the page, a hovered or striped row. */
export const SURFACES = [WHITE, gray[0], gray[1]] as const;

/** Which backgrounds each text shade must read on (besides the shared surfaces). */
export function textBackgrounds(palette: MantineColorsTuple, shade: 7 | 8 | 9): string[] {
  return shade === 9 ? [...SURFACES, palette[0], palette[1], palette[2]] : [...SURFACES];
}

export function readablePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const shades = [...palette];
  for (const shade of [7, 8, 9] as const) {
    // Never lighter than the shade below it: the scale keeps its order.
    const readable = readableOn(shades[shade]!, textBackgrounds(palette, shade));
    const below = shades[shade - 1]!;
    shades[shade] = relativeLuminance(readable) > relativeLuminance(below) ? below : readable;
  }
  return shades as unknown as MantineColorsTuple;
}

/** Every palette of the theme (Mantine's and ours), with text shades that pass WCAG AA. */
export function readablePalettes(colors: Record<string, MantineColorsTuple>): Record<string, MantineColorsTuple> {
  return Object.fromEntries(
    Object.entries(colors)
      // "dark" is the dark scheme's surfaces, not a text hue; the app shows only the light scheme.
      .map(([name, palette]) => [name, name === 'dark' ? palette : readablePalette(palette)]),
  );
}
