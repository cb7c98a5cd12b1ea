import { textOf, type XmlElement } from '../xml/xml-tree';
import type { MediaCollector } from './docx-media';
import {
  BOLD,
  CODE,
  ITALIC,
  STRIKE,
  SUB,
  SUP,
  UNDERLINE,
  type Block,
  type Inline,
  type Paragraph,
  type TextInline,
} from './docx-model';
import type { DocxPackage } from './docx-package';
import { mergeProps, readParaProps, readRunProps, type RunProps } from './docx-styles';
import { isW, isWNamespace, W_NS, wChild, wVal } from './docx-xml';

// A paragraph's content: runs of text with their marks, breaks, links, images and text boxes.
//
// - Tracked insertions (w:ins, w:moveTo) are kept, deletions (w:del, w:moveFrom, w:delText) dropped.
// - Wrappers keep their text: w:smartTag, w:customXml, w:sdt/w:sdtContent, w:hyperlink, w:fldSimple, w:bdo, w:dir.
// - Fields: the code (w:instrText) is never text; the result is, except for fields whose result is generated page
//   furniture (PAGEREF and PAGE numbers, a TOC or an index), which would be junk here. A HYPERLINK field is a link.
// - mc:AlternateContent is read once: the first mc:Choice whose required namespaces the reader knows, else
//   mc:Fallback. A drawing's text boxes are there twice (DrawingML, then its VML fallback); reading both would run
//   every label together twice.

const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const DRAWING = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const VML = 'urn:schemas-microsoft-com:vml';
const OFFICE = 'urn:schemas-microsoft-com:office:office';
const WORD_DRAWING = 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing';
const MATH = 'http://schemas.openxmlformats.org/officeDocument/2006/math';
const CHART = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
const DIAGRAM = 'http://schemas.openxmlformats.org/drawingml/2006/diagram';

/** What an mc:Choice may require for the reader to take it: content it reads like the rest. */
const UNDERSTOOD = new Set([
  ...W_NS,
  'http://schemas.microsoft.com/office/word/2010/wordprocessingShape',
  'http://schemas.microsoft.com/office/word/2010/wordprocessingGroup',
  'http://schemas.microsoft.com/office/word/2010/wordprocessingCanvas',
  'http://schemas.microsoft.com/office/word/2010/wordprocessingDrawing',
  'http://schemas.microsoft.com/office/word/2010/wordml',
  'http://schemas.microsoft.com/office/word/2012/wordml',
  'http://schemas.microsoft.com/office/drawing/2010/main',
  WORD_DRAWING,
  DRAWING,
  VML,
  OFFICE,
  MATH,
]);

/** Fields whose result is page furniture, not content. */
const HIDDEN_FIELDS = new Set(['PAGEREF', 'PAGE', 'NUMPAGES', 'SECTIONPAGES', 'SECTION', 'TOC', 'INDEX', 'TOA']);

/**
 * An open complex field. Once its result begins (`separate`) its code is complete, and whether text shows and which
 * link it takes are worked out once, with what the fields under it decided (they cannot change while it is open: only
 * the innermost field moves on). Each run of text then asks the innermost field only: asking every open field made
 * nested fields quadratic (40,000 of them, a 26 kB file, held the reading thread for minutes).
 */
type Field = { instr: string; result: boolean; shows?: boolean; link?: string };

export type ReadContext = {
  pkg: DocxPackage;
  media: MediaCollector;
  /** Complex fields open at this point of the document (a TOC's result spans many paragraphs). */
  fields: Field[];
  /** Namespace declarations in scope (prefix → URI), to read mc:Choice's `Requires`. */
  ns: Record<string, string>;
  readBlocks: (container: XmlElement) => Block[];
};

function declaresNamespaces(element: XmlElement): boolean {
  for (const prefix in element.ns) if (prefix) return true;
  return false;
}

function withScope<T>(element: XmlElement, ctx: ReadContext, read: () => T): T {
  if (!declaresNamespaces(element)) return read();
  const outer = ctx.ns;
  ctx.ns = { ...outer, ...element.ns };
  try {
    return read();
  } finally {
    ctx.ns = outer;
  }
}

/** The branch of an mc:AlternateContent to read, or undefined. */
export function chosenBranch(element: XmlElement, ctx: ReadContext): XmlElement | undefined {
  let fallback: XmlElement | undefined;
  for (const child of element.children) {
    if (typeof child === 'string' || child.uri !== MC) continue;
    if (child.local === 'Choice') {
      const scope = { ...ctx.ns, ...element.ns, ...child.ns };
      const required = (child.attrs.Requires ?? '').split(/\s+/).filter(Boolean);
      if (required.every((prefix) => UNDERSTOOD.has(scope[prefix] ?? ''))) return child;
    } else if (child.local === 'Fallback') fallback ??= child;
  }
  return fallback;
}

export function isAlternateContent(element: XmlElement): boolean {
  return element.uri === MC && element.local === 'AlternateContent';
}

function fieldName(instr: string): string {
  return (/^\s*([A-Za-z]+)/.exec(instr)?.[1] ?? '').toUpperCase();
}

function fieldShows(ctx: ReadContext): boolean {
  const innermost = ctx.fields[ctx.fields.length - 1];
  return innermost === undefined || (innermost.result && innermost.shows === true);
}

/** Only a link a description can hold: to the web or an address (a link into the file itself is its text). */
function webLink(url: string | undefined): string | undefined {
  return url && /^(https?:|mailto:)/i.test(url.trim()) ? url.trim() : undefined;
}

function fieldLink(instr: string): string | undefined {
  if (fieldName(instr) !== 'HYPERLINK') return undefined;
  const url = /"([^"]+)"/.exec(instr)?.[1];
  return !/\\l\s*$/.test(instr.split('"')[0] ?? '') ? webLink(url) : undefined;
}

/** The link of the innermost field that is one, else `href`; asked only where the fields show (all have results). */
function currentLink(ctx: ReadContext, href: string | undefined): string | undefined {
  return ctx.fields[ctx.fields.length - 1]?.link ?? href;
}

/** A field's result begins: its code is complete, and what it means for the text inside is settled (see Field). */
function beginResult(fields: Field[]): void {
  const field = fields[fields.length - 1];
  if (!field) return;
  const outer = fields[fields.length - 2];
  field.result = true;
  field.shows =
    (outer === undefined || (outer.result && outer.shows === true)) && !HIDDEN_FIELDS.has(fieldName(field.instr));
  field.link = fieldLink(field.instr) ?? outer?.link;
}

function marksOf(props: RunProps): number {
  let marks = 0;
  if (props.bold) marks |= BOLD;
  if (props.italic) marks |= ITALIC;
  if (props.underline) marks |= UNDERLINE;
  if (props.strike) marks |= STRIKE;
  if (props.vertAlign === 'subscript') marks |= SUB;
  if (props.vertAlign === 'superscript') marks |= SUP;
  if (props.mono) marks |= CODE;
  return marks;
}

/** Images, embedded objects and text boxes of a drawing (w:drawing, w:pict, w:object), in reading order. */
function readGraphic(element: XmlElement, ctx: ReadContext, out: Inline[], alt = { text: '' }): void {
  withScope(element, ctx, () => {
    for (const child of element.children) {
      if (typeof child === 'string') continue;
      if (isAlternateContent(child)) {
        const branch = chosenBranch(child, ctx);
        if (branch) readGraphic(branch, ctx, out, alt);
      } else if (isW(child, 'txbxContent')) {
        out.push({ t: 'box', blocks: ctx.readBlocks(child) });
      } else if (child.uri === WORD_DRAWING && child.local === 'docPr') {
        alt.text = child.attrs.descr || child.attrs.title || '';
      } else if (child.uri === DRAWING && child.local === 'blip') {
        if (child.attrs.embed) {
          const key = ctx.media.image(child.attrs.embed);
          if (key) out.push({ t: 'image', key, alt: alt.text });
        } else if (child.attrs.link) ctx.media.image(child.attrs.link);
      } else if (child.uri === VML && child.local === 'imagedata') {
        const key = ctx.media.image(child.attrs.id ?? child.attrs.pict);
        if (key) out.push({ t: 'image', key, alt: alt.text || child.attrs.title || '' });
      } else if (child.uri === OFFICE && child.local === 'OLEObject') {
        ctx.media.object(child.attrs.id, child.attrs.ProgID);
      } else if (child.uri === CHART && child.local === 'chart') {
        ctx.media.leaveOut('Chart', 'chart');
      } else if (child.uri === DIAGRAM && child.local === 'relIds') {
        ctx.media.leaveOut('SmartArt diagram', 'smartart');
      } else {
        if (child.uri === VML && child.local === 'shape' && child.attrs.alt) alt.text = child.attrs.alt;
        readGraphic(child, ctx, out, alt);
      }
    }
  });
}

type Run = { ctx: ReadContext; props: RunProps; marks: number; href: string | undefined; out: Inline[] };

function pushText(run: Run, value: string): void {
  if (!value || !fieldShows(run.ctx)) return;
  const inline: TextInline = { t: 'text', text: value, marks: run.marks, hidden: !!run.props.hidden };
  const link = currentLink(run.ctx, run.href);
  if (link) inline.href = link;
  if (run.props.color) inline.color = run.props.color;
  if (run.props.size) inline.size = run.props.size;
  run.out.push(inline);
}

function readRunContent(container: XmlElement, run: Run): void {
  const { ctx, props, href, out } = run;
  for (const child of container.children) {
    if (typeof child === 'string') continue;
    if (isAlternateContent(child)) {
      const branch = chosenBranch(child, ctx);
      if (branch) withScope(child, ctx, () => readRunContent(branch, run));
      continue;
    }
    if (!isWNamespace(child.uri)) continue;
    switch (child.local) {
      case 't':
        pushText(run, textOf(child));
        break;
      case 'tab':
      case 'ptab':
        pushText(run, ' ');
        break;
      case 'br':
      case 'cr':
        // A page or column break is layout; a line break is content.
        if (child.attrs.type !== 'page' && child.attrs.type !== 'column' && fieldShows(ctx)) {
          if (!props.hidden) out.push({ t: 'br' });
        }
        break;
      case 'noBreakHyphen':
        pushText(run, '-');
        break;
      case 'sym': {
        const code = parseInt(child.attrs.char ?? '', 16);
        // Symbol-font characters sit in the private use area and mean nothing in another font. A code that is no
        // character (negative, past U+10FFFF, a lone surrogate) is only a broken file: String.fromCodePoint would throw.
        const character =
          Number.isInteger(code) && code >= 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
        if (character && !(code >= 0xe000 && code <= 0xf8ff)) pushText(run, String.fromCodePoint(code));
        break;
      }
      case 'fldChar': {
        const type = child.attrs.fldCharType;
        if (type === 'begin') ctx.fields.push({ instr: '', result: false });
        else if (type === 'separate') beginResult(ctx.fields);
        else if (type === 'end') ctx.fields.pop();
        break;
      }
      case 'instrText': {
        const field = ctx.fields[ctx.fields.length - 1];
        if (field && !field.result) field.instr += textOf(child);
        break;
      }
      case 'drawing':
      case 'pict':
      case 'object':
        if (fieldShows(ctx)) readGraphic(child, ctx, out);
        break;
      case 'ruby': {
        const base = wChild(child, 'rubyBase');
        if (base) readContent(base, ctx, props, href, out);
        break;
      }
      default:
      // delText, delInstrText, footnote and comment references, page-break marks: nothing to read.
    }
  }
}

function readRun(element: XmlElement, ctx: ReadContext, base: RunProps, href: string | undefined, out: Inline[]): void {
  const rPr = wChild(element, 'rPr');
  const props = mergeProps(base, ctx.pkg.styles.character(wVal(rPr, 'rStyle')), readRunProps(rPr));
  readRunContent(element, { ctx, props, marks: marksOf(props), href, out });
}

/** The inline content of a paragraph (or of a wrapper inside one) into `out`. */
export function readContent(
  element: XmlElement,
  ctx: ReadContext,
  base: RunProps,
  href: string | undefined,
  out: Inline[],
): void {
  withScope(element, ctx, () => {
    for (const child of element.children) {
      if (typeof child === 'string') continue;
      if (isAlternateContent(child)) {
        const branch = chosenBranch(child, ctx);
        if (branch) readContent(branch, ctx, base, href, out);
        continue;
      }
      if (child.uri === MATH) {
        // An equation: its text, as it reads.
        const text = textOf(child).trim();
        if (text && fieldShows(ctx)) out.push({ t: 'text', text: ` ${text} `, marks: 0, hidden: false });
        continue;
      }
      if (!isWNamespace(child.uri)) {
        readContent(child, ctx, base, href, out);
        continue;
      }
      switch (child.local) {
        case 'r':
          readRun(child, ctx, base, href, out);
          break;
        case 'hyperlink': {
          const rel = child.attrs.id === undefined ? undefined : ctx.pkg.rels.get(child.attrs.id);
          readContent(child, ctx, base, (rel?.external ? webLink(rel.target) : undefined) ?? href, out);
          break;
        }
        case 'fldSimple': {
          const instr = child.attrs.instr ?? '';
          if (HIDDEN_FIELDS.has(fieldName(instr))) break;
          readContent(child, ctx, base, fieldLink(instr) ?? href, out);
          break;
        }
        case 'sdt':
          readContent(wChild(child, 'sdtContent') ?? child, ctx, base, href, out);
          break;
        case 'smartTag':
        case 'customXml':
        case 'sdtContent':
        case 'ins':
        case 'moveTo':
        case 'dir':
        case 'bdo':
          readContent(child, ctx, base, href, out);
          break;
        default:
        // pPr, w:del and w:moveFrom (deleted), bookmarks, proofing marks, comment ranges: nothing to read.
      }
    }
  });
}

/** Reads one w:p. */
export function readParagraph(element: XmlElement, ctx: ReadContext): Paragraph {
  const pPr = wChild(element, 'pPr');
  const direct = readParaProps(pPr);
  const style = ctx.pkg.styles.paragraph(wVal(pPr, 'pStyle'));
  const props = mergeProps(style.para, direct);
  const inlines: Inline[] = [];
  readContent(element, ctx, style.run, undefined, inlines);
  const numId = props.numId;
  const numbered = numId !== undefined && numId !== '0';
  const ilvl = props.ilvl ?? 0;
  const format = numbered ? ctx.pkg.numbering.format(numId, ilvl) : null;
  const paragraph: Paragraph = {
    kind: 'p',
    inlines,
    style,
    props,
    list: numbered && format && format !== 'none' ? { numId, ilvl, format } : null,
    numbered,
    rule: false,
  };
  if (direct.outlineLevel !== undefined) paragraph.directOutline = direct.outlineLevel;
  paragraph.rule = !!direct.borderBottom && !inlines.some((i) => i.t !== 'text' || (!i.hidden && i.text.trim()));
  return paragraph;
}
