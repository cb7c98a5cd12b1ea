import { SaxesParser, type SaxesTagNS } from 'saxes';

/**
 * An element of an imported XML file, named by namespace URI and local name: tools choose their own prefixes
 * (`xhtml:`, `reqif-xhtml:`, `w:`), so nothing here depends on them.
 */
export type XmlElement = {
  uri: string;
  local: string;
  /** Attributes by local name; the few namespaced ones that matter (w:val, r:id) are read by local name too. */
  attrs: Record<string, string>;
  children: XmlNode[];
  /** The namespace declarations made on this element (prefix → URI), for fragments taken out of a file; read-only. */
  ns: Record<string, string>;
};
export type XmlNode = XmlElement | string;

/** Why a file is not XML that an import can read; the route answers 422 on `file`. */
export class XmlError extends Error {}

/**
 * Deeper than this is not a document but an attack on the parser's stack (or the presenter's). It is also an attack on
 * time: saxes looks each element's prefix up through every open element, so n nested elements cost n² lookups (100,000
 * of them, 2 MB, took minutes), skipped ones included. The parse therefore stops at the first element too deep.
 */
const MAX_DEPTH = 256;
const NO_DECLARATIONS: Record<string, string> = Object.freeze({});

export type ParseOptions = {
  /**
   * Elements whose whole content the caller never reads (a Word body's cell margins, borders, drawing geometry…):
   * they are checked as XML but not built, which spares a large file most of its memory and time.
   */
  skip?: (uri: string, local: string) => boolean;
  /**
   * Hands over the children of the elements at `depth` (the root element is at 1) one by one, as soon as each is
   * complete, and keeps them out of the tree: a large file's body is read piece by piece, never held whole.
   * What `each` throws ends the parse and comes out of parseXml as it was thrown.
   */
  stream?: { depth: number; each: (element: XmlElement, ancestors: readonly XmlElement[]) => void };
};

/**
 * Parses a whole file into a tree. A DOCTYPE is refused: no importable format has one, and refusing it rules out
 * entity expansion (a "billion laughs") and external entities. saxes itself never fetches anything.
 */
export function parseXml(text: string, options: ParseOptions = {}): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const root: XmlElement = { uri: '', local: '#document', attrs: {}, children: [], ns: {} };
  const stack: XmlElement[] = [root];
  const skip = options.skip;
  /** How deep inside a skipped element the parser is (0: not in one). */
  let skipping = 0;
  /** Open elements, skipped ones included: saxes's own stack. */
  let depth = 0;
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('doctype', () => {
    failure ??= new XmlError('A DOCTYPE is not accepted');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    depth += 1;
    // Thrown, not noted: it ends the parse here (parser.write lets it out), before the next lookup.
    if (depth > MAX_DEPTH) throw new XmlError('Elements are nested too deeply');
    if (skipping > 0 || skip?.(tag.uri, tag.local)) {
      skipping += 1;
      return;
    }
    const attrs: Record<string, string> = {};
    for (const name in tag.attributes) {
      const attribute = tag.attributes[name]!;
      if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue;
      attrs[attribute.local] = attribute.value;
    }
    // Most elements declare no namespace: they share one empty record (a large Word body has 300,000 elements).
    let ns = NO_DECLARATIONS;
    for (const _prefix in tag.ns) {
      ns = { ...tag.ns };
      break;
    }
    const element: XmlElement = { uri: tag.uri, local: tag.local, attrs, children: [], ns };
    stack[stack.length - 1]!.children.push(element);
    stack.push(element);
  });
  const stream = options.stream;
  // Kept in an object: it is set inside a handler, which the type checker does not follow.
  const streamed: { failure?: Error } = {};
  parser.on('closetag', () => {
    depth -= 1;
    if (skipping > 0) skipping -= 1;
    else if (stack.length > 1) {
      const element = stack.pop()!;
      if (stream && stack.length === stream.depth + 1 && !streamed.failure && failure === null) {
        stack[stack.length - 1]!.children.pop();
        try {
          stream.each(element, stack);
        } catch (error) {
          streamed.failure = error instanceof Error ? error : new Error(String(error));
        }
      }
    }
  });
  const onText = (value: string) => {
    if (skipping > 0) return;
    const parent = stack[stack.length - 1]!;
    const last = parent.children[parent.children.length - 1];
    if (typeof last === 'string') parent.children[parent.children.length - 1] = last + value;
    else parent.children.push(value);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  try {
    parser.write(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).close();
  } catch (error) {
    failure ??= error as Error;
  }
  if (failure) throw new XmlError(failure.message.split('\n')[0] ?? 'Not well-formed XML');
  if (streamed.failure) throw streamed.failure;
  const document = root.children.find((c): c is XmlElement => typeof c !== 'string');
  if (!document) throw new XmlError('No root element');
  return document;
}

/** The child elements of `element`, optionally only those of one local name (and namespace). */
export function elements(element: XmlElement, local?: string, uri?: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    if (local !== undefined && child.local !== local) continue;
    if (uri !== undefined && child.uri !== uri) continue;
    found.push(child);
  }
  return found;
}

export function firstElement(element: XmlElement, local: string, uri?: string): XmlElement | undefined {
  for (const child of element.children) {
    if (typeof child !== 'string' && child.local === local && (uri === undefined || child.uri === uri)) return child;
  }
  return undefined;
}

/** A path of local names from `element`: `path(spec, 'TYPE', 'SPECIFICATION-TYPE-REF')`. */
export function path(element: XmlElement, ...locals: string[]): XmlElement | undefined {
  let current: XmlElement | undefined = element;
  for (const local of locals) {
    current = current && firstElement(current, local);
  }
  return current;
}

/** Every descendant element with this local name, in document order. */
export function descendants(element: XmlElement, local: string, uri?: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (node: XmlElement) => {
    for (const child of node.children) {
      if (typeof child === 'string') continue;
      if (child.local === local && (uri === undefined || child.uri === uri)) found.push(child);
      walk(child);
    }
  };
  walk(element);
  return found;
}

/** The text of an element and its descendants, as it reads. */
export function textOf(node: XmlNode): string {
  if (typeof node === 'string') return node;
  let text = '';
  for (const child of node.children) text += textOf(child);
  return text;
}
