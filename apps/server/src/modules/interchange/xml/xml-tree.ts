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
  /** The namespace declarations made on this element (prefix → URI), for fragments taken out of a file. */
  ns: Record<string, string>;
};
export type XmlNode = XmlElement | string;

/** Why a file is not XML that an import can read; the route answers 422 on `file`. */
export class XmlError extends Error {}

/** Deeper than this is not a document but an attack on the parser's stack (or the presenter's). */
const MAX_DEPTH = 256;

/**
 * Parses a whole file into a tree. A DOCTYPE is refused: no importable format has one, and refusing it rules out
 * entity expansion (a "billion laughs") and external entities. saxes itself never fetches anything.
 */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const root: XmlElement = { uri: '', local: '#document', attrs: {}, children: [], ns: {} };
  const stack: XmlElement[] = [root];
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('doctype', () => {
    failure ??= new XmlError('A DOCTYPE is not accepted');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (stack.length > MAX_DEPTH) {
      failure ??= new XmlError('Elements are nested too deeply');
      return;
    }
    const attrs: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue;
      attrs[attribute.local] = attribute.value;
    }
    const element: XmlElement = { uri: tag.uri, local: tag.local, attrs, children: [], ns: { ...tag.ns } };
    stack[stack.length - 1]!.children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    if (stack.length > 1) stack.pop();
  });
  const onText = (value: string) => {
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
