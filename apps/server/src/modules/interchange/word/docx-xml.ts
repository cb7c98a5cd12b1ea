import { elements, type XmlElement } from '../xml/xml-tree';

// WordprocessingML elements are matched by namespace URI and local name, never by prefix; both the transitional and
// the strict OOXML namespaces are accepted.

export const W_NS = [
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
];
const W_URIS = new Set(W_NS);

/** Is this URI WordprocessingML's? */
export function isWNamespace(uri: string): boolean {
  return W_URIS.has(uri);
}

/** Is this element WordprocessingML's `local`? */
export function isW(element: XmlElement, local: string): boolean {
  return element.local === local && W_URIS.has(element.uri);
}

/** The first child that is WordprocessingML's `local`. */
export function wChild(element: XmlElement | undefined, local: string): XmlElement | undefined {
  if (!element) return undefined;
  for (const child of element.children) {
    if (typeof child !== 'string' && child.local === local && W_URIS.has(child.uri)) return child;
  }
  return undefined;
}

export function wChildren(element: XmlElement, local: string): XmlElement[] {
  return elements(element, local).filter((child) => W_URIS.has(child.uri));
}

/** `w:val` of a child (`<w:pStyle w:val="Heading1"/>`). */
export function wVal(element: XmlElement | undefined, local: string): string | undefined {
  return wChild(element, local)?.attrs.val;
}

/** An on/off property: present and not switched off by `w:val="0|false|off"`. */
export function onOff(element: XmlElement | undefined): boolean | undefined {
  if (!element) return undefined;
  const value = element.attrs.val;
  return value === undefined || !['0', 'false', 'off', 'none'].includes(value.toLowerCase());
}
