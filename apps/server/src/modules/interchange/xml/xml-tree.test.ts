import { describe, expect, it } from 'vitest';
import { parseXml, textOf, XmlError, type XmlElement } from './xml-tree';

const XML = '<r xmlns="urn:a" xmlns:b="urn:b"><b:skip><deep>gone</deep></b:skip><x n="1">one</x><x n="2">two</x></r>';

describe('parseXml', () => {
  it('leaves out what `skip` names, subtree and text', () => {
    const root = parseXml(XML, { skip: (uri, local) => uri === 'urn:b' && local === 'skip' });
    expect(root.children.map((c) => (typeof c === 'string' ? c : c.local))).toEqual(['x', 'x']);
    expect(textOf(root)).toBe('onetwo');
  });

  it('hands over the children of an element one by one and keeps them out of the tree', () => {
    const seen: [string, string, string][] = [];
    const root = parseXml(XML, {
      stream: {
        depth: 1,
        each: (element: XmlElement, ancestors) =>
          seen.push([element.local, textOf(element), ancestors[ancestors.length - 1]!.local]),
      },
    });
    expect(seen).toEqual([
      ['skip', 'gone', 'r'],
      ['x', 'one', 'r'],
      ['x', 'two', 'r'],
    ]);
    expect(root.children).toEqual([]);
    expect(root.ns).toEqual({ '': 'urn:a', b: 'urn:b' });
  });

  it('gives back what the stream throws, and still refuses broken XML first', () => {
    class Stop extends Error {}
    const each = () => {
      throw new Stop('enough');
    };
    expect(() => parseXml(XML, { stream: { depth: 1, each } })).toThrow(Stop);
    expect(() => parseXml('<r><x>1</x><y></r>', { stream: { depth: 1, each: () => undefined } })).toThrow(XmlError);
    expect(() => parseXml('<!DOCTYPE r [<!ENTITY e "x">]><r><x>&e;</x></r>', { stream: { depth: 1, each } })).toThrow(
      XmlError,
    );
  });

  // saxes looks a prefix up through every open element, so a file of 100,000 nested elements (2 MB) took minutes of
  // the reading thread, and every later import waited; inside a skipped element the depth was not even counted.
  it('stops at the first element nested too deeply, skipped or not, without reading on', () => {
    const nested = (n: number) => `<r xmlns:x="urn:x">${'<x:a>'.repeat(n)}${'</x:a>'.repeat(n)}</r>`;
    expect(() => parseXml(nested(200))).not.toThrow();
    const started = performance.now();
    expect(() => parseXml(nested(20_000))).toThrow(XmlError);
    expect(() => parseXml(nested(20_000), { skip: (_uri, local) => local === 'a' })).toThrow(XmlError);
    expect(() => parseXml(`<r xmlns:x="urn:x">${'<x:a>'.repeat(20_000)}`)).toThrow(XmlError);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
