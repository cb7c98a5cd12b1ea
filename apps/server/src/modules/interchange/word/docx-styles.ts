import type { XmlElement } from '../xml/xml-tree';
import { isWNamespace, onOff, wChild, wChildren, wVal } from './docx-xml';

// Word styles as the reader needs them: what a paragraph style makes of a paragraph (an outline level, a title, a
// table-of-contents entry, numbering, code or quotation) and the character formatting a run gets from its styles.
// A property is taken from the nearest style of the `basedOn` chain that sets it, as Word does.

/** Character formatting that matters for the description's HTML (undefined: not set at this level). */
export type RunProps = {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  vertAlign?: 'superscript' | 'subscript' | 'baseline';
  mono?: boolean;
  /** Half-points. */
  size?: number;
  hidden?: boolean;
  color?: string;
};

/** Paragraph formatting that decides what a paragraph is (undefined: not set at this level). */
export type ParaProps = {
  outlineLevel?: number;
  numId?: string;
  ilvl?: number;
  keepNext?: boolean;
  shaded?: boolean;
  borderLeft?: boolean;
  borderBottom?: boolean;
  indentLeft?: number;
};

export type ParagraphStyle = {
  id: string;
  name: string;
  /** Outline level 0–8 of a heading style, or null for body text. */
  level: number | null;
  title: boolean;
  /** A table of contents (or of figures) entry: generated text, never content. */
  toc: boolean;
  code: boolean;
  quote: boolean;
  para: ParaProps;
  run: RunProps;
};

type RawStyle = {
  id: string;
  type: string;
  name: string;
  basedOn?: string;
  para: ParaProps;
  run: RunProps;
};

const MONOSPACE =
  /^(courier( new)?|consolas|lucida (console|sans typewriter)|menlo|monaco|andale mono|source code pro|(dejavu sans|liberation|noto sans|noto|ubuntu|roboto|fira|sf|jetbrains|cascadia) (mono|code))$/i;

/** Built-in headings: Word names them "heading 1"…"heading 9" (ids Heading1…, localised names keep the id). */
const BUILT_IN_HEADING = /^heading\s*([1-9])$/i;

/**
 * Custom heading styles named after their outline position, like the cFE appendix's "HDR 1.0", "HDR 1.1" and
 * "HDR 1.1.1" (which carry no outline level): a heading-like word, then a dotted number whose parts, trailing zeros
 * left out, give the depth ("1.0" → level 0, "1.1" → 1, "1.1.1" → 2). "Header" is the page header, not a heading.
 */
const CUSTOM_HEADING = /^(?:hdr|head|heading|h|titre|überschrift|kop|título|titolo|rubrik)\s*[-_]?\s*(\d+(?:\.\d+)*)$/i;

function customHeadingLevel(name: string): number | null {
  const match = CUSTOM_HEADING.exec(name.trim());
  if (!match) return null;
  const parts = match[1]!.split('.').map(Number);
  while (parts.length > 1 && parts[parts.length - 1] === 0) parts.pop();
  const level = parts.length === 1 ? parts[0]! - 1 : parts.length - 1;
  return level >= 0 && level <= 8 ? level : null;
}

/** One pass over a `w:rPr` (a large body has tens of thousands). */
export function readRunProps(rPr: XmlElement | undefined): RunProps {
  const props: RunProps = {};
  if (!rPr) return props;
  for (const child of rPr.children) {
    if (typeof child === 'string' || !isWNamespace(child.uri)) continue;
    switch (child.local) {
      case 'b':
        props.bold = onOff(child);
        break;
      case 'i':
        props.italic = onOff(child);
        break;
      case 'u':
        props.underline = child.attrs.val !== 'none';
        break;
      case 'strike':
      case 'dstrike':
        props.strike = onOff(child);
        break;
      case 'vertAlign': {
        const value = child.attrs.val;
        if (value === 'superscript' || value === 'subscript' || value === 'baseline') props.vertAlign = value;
        break;
      }
      case 'rFonts': {
        const font = child.attrs.ascii ?? child.attrs.hAnsi;
        if (font) props.mono = MONOSPACE.test(font.trim());
        break;
      }
      case 'sz': {
        const size = Number(child.attrs.val);
        if (Number.isFinite(size) && size > 0) props.size = size;
        break;
      }
      case 'vanish':
        props.hidden = onOff(child);
        break;
      case 'color':
        if (child.attrs.val) props.color = child.attrs.val.toUpperCase();
        break;
      default:
    }
  }
  return props;
}

export function readParaProps(pPr: XmlElement | undefined): ParaProps {
  if (!pPr) return {};
  const props: ParaProps = {};
  const outline = wVal(pPr, 'outlineLvl');
  if (outline !== undefined && /^\d+$/.test(outline)) props.outlineLevel = Number(outline);
  const numPr = wChild(pPr, 'numPr');
  if (numPr) {
    const numId = wVal(numPr, 'numId');
    const ilvl = wVal(numPr, 'ilvl');
    if (numId !== undefined) props.numId = numId;
    if (ilvl !== undefined && /^\d+$/.test(ilvl)) props.ilvl = Number(ilvl);
  }
  const keepNext = onOff(wChild(pPr, 'keepNext'));
  if (keepNext !== undefined) props.keepNext = keepNext;
  const shd = wChild(pPr, 'shd');
  if (shd) props.shaded = !!shd.attrs.fill && !['auto', 'FFFFFF', 'ffffff'].includes(shd.attrs.fill);
  const borders = wChild(pPr, 'pBdr');
  if (borders) {
    const drawn = (side: string) => {
      const value = wChild(borders, side)?.attrs.val;
      return value !== undefined && value !== 'nil' && value !== 'none';
    };
    props.borderLeft = drawn('left');
    props.borderBottom = drawn('bottom');
  }
  const ind = wChild(pPr, 'ind');
  const left = Number(ind?.attrs.left ?? ind?.attrs.start);
  if (ind && Number.isFinite(left)) props.indentLeft = left;
  return props;
}

/** Later sources win: `merge(base, override)`. */
export function mergeProps<T extends object>(...layers: T[]): T {
  const out = {} as T;
  for (const layer of layers) {
    for (const key in layer) {
      if (layer[key] !== undefined) out[key] = layer[key];
    }
  }
  return out;
}

export class Styles {
  private readonly raw = new Map<string, RawStyle>();
  private readonly paragraphs = new Map<string, ParagraphStyle>();
  private readonly characters = new Map<string, RunProps>();
  private readonly defaultParagraph: string | undefined;
  private readonly defaults: { run: RunProps; para: ParaProps };

  constructor(xml: XmlElement | undefined) {
    let defaultParagraph: string | undefined;
    const docDefaults = xml && wChild(xml, 'docDefaults');
    this.defaults = {
      run: readRunProps(wChild(wChild(docDefaults, 'rPrDefault'), 'rPr')),
      para: readParaProps(wChild(wChild(docDefaults, 'pPrDefault'), 'pPr')),
    };
    for (const style of xml ? wChildren(xml, 'style') : []) {
      const id = style.attrs.styleId;
      if (!id) continue;
      const type = style.attrs.type ?? 'paragraph';
      if (type === 'paragraph' && ['1', 'true', 'on'].includes(style.attrs.default ?? '')) defaultParagraph ??= id;
      this.raw.set(id, {
        id,
        type,
        name: wVal(style, 'name') ?? id,
        basedOn: wVal(style, 'basedOn'),
        para: readParaProps(wChild(style, 'pPr')),
        run: readRunProps(wChild(style, 'rPr')),
      });
    }
    this.defaultParagraph = defaultParagraph;
  }

  /** The style and its `basedOn` ancestors, nearest first (a loop in a broken file ends the chain). */
  private chain(id: string | undefined): RawStyle[] {
    const out: RawStyle[] = [];
    const seen = new Set<string>();
    let current = id === undefined ? undefined : this.raw.get(id);
    while (current && !seen.has(current.id) && out.length < 32) {
      seen.add(current.id);
      out.push(current);
      current = current.basedOn === undefined ? undefined : this.raw.get(current.basedOn);
    }
    return out;
  }

  /** A paragraph's style (the default paragraph style when it names none or an unknown one). */
  paragraph(id: string | undefined): ParagraphStyle {
    const key = id !== undefined && this.raw.has(id) ? id : (this.defaultParagraph ?? '');
    const cached = this.paragraphs.get(key);
    if (cached) return cached;
    const chain = this.chain(key || undefined);
    const farthestFirst = [...chain].reverse();
    const names = chain.map((s) => s.name.toLowerCase());
    let level: number | null = null;
    for (const style of chain) {
      // The nearest style that says anything about the outline decides ("TOC Heading" is based on Heading 1 but
      // sets outline level 9, body text).
      if (style.para.outlineLevel !== undefined) {
        level = style.para.outlineLevel <= 8 ? style.para.outlineLevel : null;
        break;
      }
      const builtIn = BUILT_IN_HEADING.exec(style.id) ?? BUILT_IN_HEADING.exec(style.name);
      if (builtIn) {
        level = Number(builtIn[1]) - 1;
        break;
      }
      const custom = customHeadingLevel(style.name);
      if (custom !== null) {
        level = custom;
        break;
      }
    }
    const resolved: ParagraphStyle = {
      id: key,
      name: chain[0]?.name ?? '',
      level,
      title: chain.some((s) => s.id === 'Title' || s.name.toLowerCase() === 'title'),
      toc: names.some((n) => /^toc (\d|heading)$/.test(n) || n === 'table of figures' || n === 'index heading'),
      code: names.some((n) => /\b(code|preformatted|source|listing)\b/.test(n)),
      quote: names.some((n) => /\bquote\b|\bblock ?text\b/.test(n)),
      para: mergeProps(this.defaults.para, ...farthestFirst.map((s) => s.para)),
      run: mergeProps(this.defaults.run, ...farthestFirst.map((s) => s.run)),
    };
    this.paragraphs.set(key, resolved);
    return resolved;
  }

  /** The formatting of a character style (`w:rStyle`), with its ancestors'. */
  character(id: string | undefined): RunProps {
    if (id === undefined) return {};
    const cached = this.characters.get(id);
    if (cached) return cached;
    const props: RunProps = mergeProps(
      {},
      ...this.chain(id)
        .reverse()
        .map((s) => s.run),
    );
    this.characters.set(id, props);
    return props;
  }

  /** The numbering a numbering style (`w:numStyleLink`) points to. */
  numberingOf(id: string): { numId?: string; ilvl?: number } {
    const style = this.chain(id).find((s) => s.para.numId !== undefined);
    return { numId: style?.para.numId, ilvl: style?.para.ilvl };
  }
}
