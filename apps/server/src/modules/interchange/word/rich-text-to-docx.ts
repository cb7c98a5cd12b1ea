import {
  BorderStyle,
  ExternalHyperlink,
  ImageRun,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
  type IRunOptions,
  type ParagraphChild,
} from 'docx';
import { htmlToDocJson } from '../../../rich-text/parse-html';
import { imageSize } from '../image-size';
import { append } from '../append';

/** An image of the description, loaded beforehand by its `src` (only the project's attachments are ever there). */
export type LoadedImage = { data: Uint8Array; type: 'png' | 'jpg' | 'gif' | 'webp' };

type Node = {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: Node[];
};

/** The numbering definitions the converted lists refer to (passed to the Document). */
export const BULLETS = 'reqloom-bullets';
export const NUMBERS = 'reqloom-numbers';

// The page's text width at 96 pixels to the inch (A4 less 2.5 cm margins): wider images are scaled down.
const MAX_IMAGE_WIDTH = 600;
const MONO = 'Courier New';

/** Parses a description as the editor's own schema reads it: what it cannot hold is already gone. */
export function descriptionTree(html: string): Node[] {
  if (!html.trim()) return [];
  const doc = htmlToDocJson(html) as Node;
  return doc.content ?? [];
}

/** Every image source of the descriptions, to load before converting. */
export function imageSources(nodes: Node[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.type === 'image' && typeof node.attrs?.src === 'string') into.add(node.attrs.src);
    if (node.content) imageSources(node.content, into);
  }
  return into;
}

type Context = {
  images: Map<string, LoadedImage>;
  /** Ordered lists each restart their numbering: every one takes a new instance. */
  nextListInstance: () => number;
  /** The text of an image Word cannot hold (WebP), in the reader's language. */
  unsupportedImage: string;
  /** Inside a block quote: paragraphs are indented with a rule on their left. */
  quoted?: boolean;
  /** Inside a table's header cell: its text is bold. */
  header?: boolean;
};

function runOptions(node: Node): IRunOptions {
  const options: { -readonly [K in keyof IRunOptions]?: IRunOptions[K] } = { text: node.text ?? '' };
  for (const mark of node.marks ?? []) {
    if (mark.type === 'bold') options.bold = true;
    else if (mark.type === 'italic') options.italics = true;
    else if (mark.type === 'underline') options.underline = {};
    else if (mark.type === 'strike') options.strike = true;
    else if (mark.type === 'code') {
      options.font = MONO;
      options.shading = { type: ShadingType.CLEAR, fill: 'F2F2F2', color: 'auto' };
    }
  }
  return options;
}

function inline(nodes: Node[] | undefined, context: Context, extra: Partial<IRunOptions> = {}): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const node of nodes ?? []) {
    if (node.type === 'hardBreak') {
      out.push(new TextRun({ text: '', break: 1 }));
      continue;
    }
    if (node.type !== 'text') continue;
    const link = node.marks?.find((m) => m.type === 'link');
    const href = typeof link?.attrs?.href === 'string' ? link.attrs.href : null;
    if (href && /^(https?:|mailto:)/i.test(href)) {
      out.push(
        new ExternalHyperlink({
          link: href,
          children: [new TextRun({ ...runOptions(node), ...extra, style: 'Hyperlink' })],
        }),
      );
    } else out.push(new TextRun({ ...runOptions(node), ...extra }));
  }
  return out;
}

function image(node: Node, context: Context): Paragraph {
  const src = typeof node.attrs?.src === 'string' ? node.attrs.src : '';
  const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
  const loaded = context.images.get(src);
  const size = loaded ? imageSize(loaded.data) : null;
  if (!loaded || loaded.type === 'webp' || !size || size.width === 0 || size.height === 0) {
    return new Paragraph({ children: [new TextRun({ text: `[${alt || context.unsupportedImage}]`, italics: true })] });
  }
  const scale = Math.min(1, MAX_IMAGE_WIDTH / size.width);
  return new Paragraph({
    children: [
      new ImageRun({
        type: loaded.type,
        data: loaded.data,
        transformation: { width: Math.round(size.width * scale), height: Math.round(size.height * scale) },
        altText: { name: alt || 'image', description: alt, title: alt },
      }),
    ],
  });
}

function list(node: Node, context: Context, level: number): FileChild[] {
  const ordered = node.type === 'orderedList';
  const instance = ordered ? context.nextListInstance() : 0;
  const out: FileChild[] = [];
  for (const item of node.content ?? []) {
    let first = true;
    for (const child of item.content ?? []) {
      if (child.type === 'bulletList' || child.type === 'orderedList') {
        append(out, list(child, context, Math.min(level + 1, 8)));
        continue;
      }
      if (child.type === 'paragraph' && first) {
        out.push(
          new Paragraph({
            children: inline(child.content, context),
            numbering: ordered ? { reference: NUMBERS, level, instance } : { reference: BULLETS, level },
          }),
        );
        first = false;
        continue;
      }
      // A second paragraph of one item: indented like the item's text, without a bullet of its own.
      for (const block of blocks([child], context)) out.push(block);
    }
  }
  return out;
}

function table(node: Node, context: Context): Table {
  const rows = (node.content ?? []).map(
    (row) =>
      new TableRow({
        children: (row.content ?? []).map((cell) => {
          const header = cell.type === 'tableHeader';
          const colspan = Number(cell.attrs?.colspan ?? 1);
          const rowspan = Number(cell.attrs?.rowspan ?? 1);
          const children = blocks(cell.content ?? [], { ...context, header }) as (Paragraph | Table)[];
          return new TableCell({
            children: children.length ? children : [new Paragraph('')],
            columnSpan: colspan > 1 ? colspan : undefined,
            rowSpan: rowspan > 1 ? rowspan : undefined,
            shading: header ? { type: ShadingType.CLEAR, fill: 'E7ECF3', color: 'auto' } : undefined,
          });
        }),
        tableHeader: (row.content ?? []).every((cell) => cell.type === 'tableHeader'),
      }),
  );
  return new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } });
}

/** Block nodes of a description as Word paragraphs and tables. */
function blocks(nodes: Node[], context: Context): FileChild[] {
  const out: FileChild[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'paragraph':
        out.push(
          new Paragraph({
            children: inline(node.content, context, context.header ? { bold: true } : {}),
            ...(context.quoted
              ? {
                  indent: { left: 567 },
                  border: { left: { style: BorderStyle.SINGLE, size: 18, color: 'BFBFBF', space: 8 } },
                }
              : {}),
          }),
        );
        break;
      case 'heading': {
        // Headings inside a description stay out of Word's outline: the document's own headings are its categories.
        const level = Number(node.attrs?.level ?? 2);
        const size = level <= 2 ? 26 : level === 3 ? 24 : 22;
        out.push(new Paragraph({ children: inline(node.content, context, { bold: true, size }), keepNext: true }));
        break;
      }
      case 'bulletList':
      case 'orderedList':
        append(out, list(node, context, 0));
        break;
      case 'blockquote':
        append(out, blocks(node.content ?? [], { ...context, quoted: true }));
        break;
      case 'codeBlock': {
        const text = (node.content ?? []).map((n) => n.text ?? '').join('');
        const lines = text.split('\n');
        out.push(
          new Paragraph({
            children: lines.map((line, i) => new TextRun({ text: line, font: MONO, size: 19, break: i > 0 ? 1 : 0 })),
            shading: { type: ShadingType.CLEAR, fill: 'F2F2F2', color: 'auto' },
            border: {
              left: { style: BorderStyle.SINGLE, size: 12, color: 'BFBFBF', space: 6 },
            },
          }),
        );
        break;
      }
      case 'horizontalRule':
        out.push(
          new Paragraph({
            children: [],
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'BFBFBF', space: 1 } },
          }),
        );
        break;
      case 'table':
        out.push(table(node, context), new Paragraph(''));
        break;
      case 'image':
        out.push(image(node, context));
        break;
      default:
        // Unknown to the schema cannot happen (it parsed it); keep the words if it ever does.
        if (node.content) append(out, blocks(node.content, context));
    }
  }
  return out;
}

/** A description as Word content; `context.nextListInstance` must be shared across the whole document. */
export function descriptionToDocx(tree: Node[], context: Context): FileChild[] {
  return blocks(tree, context);
}

export type { Context as DescriptionContext, Node as DescriptionNode };
