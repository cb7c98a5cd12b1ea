import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
});
