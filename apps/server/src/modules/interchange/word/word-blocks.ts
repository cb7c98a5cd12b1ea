import { HeadingLevel, Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';

// The blocks every part of the Word export is laid out with: headings (numbered for categories) and tables.

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;
/** The multilevel numbering of category headings (`1.`, `1.1.`…), configured in word-export.ts. */
export const CHAPTERS = 'reqloom-chapters';

export function cell(
  children: (Paragraph | Table)[] | string,
  options: { header?: boolean; fill?: string } = {},
): TableCell {
  const content =
    typeof children === 'string'
      ? [new Paragraph({ children: [new TextRun({ text: children, bold: options.header })] })]
      : children;
  const fill = options.header ? 'E7ECF3' : options.fill;
  return new TableCell({
    children: content,
    shading: fill ? { type: ShadingType.CLEAR, fill, color: 'auto' } : undefined,
    margins: { top: 40, bottom: 40, left: 80, right: 80 },
  });
}

export function grid(header: string[], rows: (string | (Paragraph | Table)[] | TableCell)[][]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: header.map((h) => cell(h, { header: true })) }),
      ...rows.map((row) => new TableRow({ children: row.map((c) => (c instanceof TableCell ? c : cell(c))) })),
    ],
  });
}

export const heading = (text: string, level = 0, numbered = false) =>
  new Paragraph({
    text,
    heading: HEADINGS[Math.min(level, HEADINGS.length - 1)],
    numbering: numbered ? { reference: CHAPTERS, level: Math.min(level, 8) } : undefined,
  });
