import {
  Badge,
  Button,
  createTheme,
  DEFAULT_THEME,
  Modal,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { readableOn } from './contrast';
import { readablePalettes, SURFACES } from './readablePalettes';

// A calm, slightly desaturated blue: serious without being cold; shade 7 passes contrast on white.
const brand: MantineColorsTuple = [
  '#edf3fb',
  '#dae4f1',
  '#b1c7e3',
  '#86a8d5',
  '#628dc9',
  '#4b7cc2',
  '#3e73c0',
  '#2f62a9',
  '#275796',
  '#194b85',
];

// Every palette's text shades (7 to 9) darkened where needed for 4.5:1 (WCAG 1.4.3), so that badges, alerts,
// coloured text and filled buttons pass wherever they are used. See readablePalettes.ts.
const colors = readablePalettes({ ...DEFAULT_THEME.colors, brand });

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors,
  defaultRadius: 'md',
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    // A status or count badge beside a long name keeps its size; the name wraps instead (issue 9 §3).
    Badge: Badge.extend({ styles: { root: { flexShrink: 0 } } }),
    // So does a button: its label would be cut otherwise (a French "Nouveau document" beside a long text).
    Button: Button.extend({ styles: { root: { flexShrink: 0 } } }),
    // A dialog titled with a long name wraps it, even one long word, and keeps its close button in view.
    Modal: Modal.extend({ styles: { title: { minWidth: 0, overflowWrap: 'anywhere' } } }),
  },
});

/**
 * The greys Mantine writes secondary text in: "dimmed" (descriptions, captions, `c="dimmed"`) is gray 6 (3.3:1
 * on white), placeholders gray 5, errors red 6. They are darkened just enough to read on every surface, selected
 * rows (brand 0) included. Only the light scheme is set: the app has no dark scheme (Providers forces light).
 */
export const dimmedText = readableOn(DEFAULT_THEME.colors.gray[6], [...SURFACES, brand[0]]);
export const placeholderText = readableOn(DEFAULT_THEME.colors.gray[5], [...SURFACES]);

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': dimmedText,
    '--mantine-color-placeholder': placeholderText,
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
