import type { CSSProperties } from 'react';
import { textWidth } from './textWidth';

/**
 * Props that show a fixed address before an input, as an add-on that reads "reqloom.example/…" (new group and
 * new project forms): the section is as wide as the text, shaded, and set off by a border.
 */
export function addressPrefixProps(prefix: string) {
  const style: CSSProperties = {
    justifyContent: 'flex-start',
    paddingInline: 12,
    color: 'var(--mantine-color-gray-7)',
    fontSize: 'var(--mantine-font-size-sm)',
    whiteSpace: 'nowrap',
    background: 'var(--mantine-color-gray-0)',
    borderRight: '1px solid var(--mantine-color-gray-3)',
    borderTopLeftRadius: 'var(--mantine-radius-md)',
    borderBottomLeftRadius: 'var(--mantine-radius-md)',
    pointerEvents: 'none',
  };
  return {
    leftSection: prefix,
    leftSectionWidth: textWidth(prefix, 14) + 26,
    leftSectionProps: { style, 'aria-hidden': true },
  } as const;
}
