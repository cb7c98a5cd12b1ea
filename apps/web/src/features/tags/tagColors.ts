import { TAG_COLORS, type TagColor } from '@reqloom/domain';

/**
 * The palette's colours by name, in the order of TAG_COLORS: the names are what a screen reader says for each
 * colour (`tags.colors.<name>`), since a translucent swatch says nothing to someone who cannot see it.
 */
export const TAG_COLOR_NAMES = [
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'indigo',
  'purple',
  'pink',
] as const;
export type TagColorName = (typeof TAG_COLOR_NAMES)[number];

/** The palette is shown in rows of this many (spec 2 §9). */
export const PALETTE_COLUMNS = 3;

/** The name of a palette colour; undefined for a value the palette does not have. */
export function tagColorName(color: string): TagColorName | undefined {
  const index = (TAG_COLORS as readonly string[]).indexOf(color);
  return index < 0 ? undefined : TAG_COLOR_NAMES[index];
}

/**
 * A colour for a new tag (spec 2: a random one), taken among those its classifier does not use yet while there
 * are any, so that a classifier's first tags are told apart at a glance.
 */
export function randomTagColor(used: readonly string[] = [], random: () => number = Math.random): TagColor {
  const taken = new Set(used);
  const free = TAG_COLORS.filter((color) => !taken.has(color));
  const pool = free.length > 0 ? free : TAG_COLORS;
  return pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))]!;
}

/**
 * Where the arrow keys go in the palette's grid (rows of 3): left and right step through the colours, up and down
 * move a row, each wrapping around; Home and End go to the first and last. Null for any other key.
 */
export function paletteMove(index: number, key: string, count = TAG_COLORS.length): number | null {
  const columns = PALETTE_COLUMNS;
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'ArrowDown':
      return (index + columns) % count;
    case 'ArrowUp':
      return (index - columns + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
