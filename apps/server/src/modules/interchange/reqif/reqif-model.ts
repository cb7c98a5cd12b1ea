import { UnreadableFile } from '../import/import-plan';
import { elements, firstElement, parseXml, path, textOf, XmlError, type XmlElement } from '../xml/xml-tree';

export const REQIF_NS = 'http://www.omg.org/spec/ReqIF/20110401/reqif.xsd';

// A ReqIF file as its parts refer to each other: everything keyed by IDENTIFIER, never by name (names repeat in
// DOORS exports), read whatever the order of child elements (the schema uses xsd:all) and surviving references to
// things the file does not hold (fixtures README, dialects 5, 7 and 8).

export type ValueKind = 'STRING' | 'XHTML' | 'ENUMERATION' | 'INTEGER' | 'REAL' | 'DATE' | 'BOOLEAN';
const KINDS: ValueKind[] = ['STRING', 'XHTML', 'ENUMERATION', 'INTEGER', 'REAL', 'DATE', 'BOOLEAN'];

export type Datatype = { id: string; kind: ValueKind; name: string; enumValues: Map<string, string> };
export type AttributeDefinition = {
  id: string;
  kind: ValueKind;
  name: string;
  multiValued: boolean;
  datatype?: string;
};
/** A type of object, with the names of the attributes it defines. */
export type SpecType = { id: string; name: string; attributes: string[] };

export type AttributeValue = {
  /** The definition's IDENTIFIER; its definition may be missing from the file. */
  definition: string;
  kind: ValueKind;
  /** THE-VALUE of a simple value. */
  value?: string;
  /** THE-VALUE element of an XHTML value (its single div or p inside). */
  xhtml?: XmlElement;
  /** ENUM-VALUE-REFs of an enumeration value. */
  enumRefs?: string[];
};

export type SpecObject = { id: string; type?: string; longName?: string; values: AttributeValue[] };
export type HierarchyNode = { id: string; object?: string; children: HierarchyNode[] };
export type Specification = {
  id: string;
  name?: string;
  type?: string;
  values: AttributeValue[];
  children: HierarchyNode[];
};
export type SpecRelation = { id: string; type?: string; source?: string; target?: string };

export type ReqifModel = {
  title?: string;
  datatypes: Map<string, Datatype>;
  definitions: Map<string, AttributeDefinition>;
  types: Map<string, SpecType>;
  objects: Map<string, SpecObject>;
  specifications: Specification[];
  relations: SpecRelation[];
};

const ref = (element: XmlElement | undefined): string | undefined => {
  const first = element && elements(element)[0];
  const text = first?.children.find((c) => typeof c === 'string');
  return typeof text === 'string' ? text.trim() : undefined;
};

const kindOf = (local: string, prefix: string): ValueKind | undefined => {
  const kind = local.slice(prefix.length) as ValueKind;
  return local.startsWith(prefix) && KINDS.includes(kind) ? kind : undefined;
};

function readValues(container: XmlElement | undefined): AttributeValue[] {
  if (!container) return [];
  const values: AttributeValue[] = [];
  for (const element of elements(container)) {
    const kind = kindOf(element.local, 'ATTRIBUTE-VALUE-');
    if (!kind) continue;
    const definition = ref(firstElement(element, 'DEFINITION')) ?? '';
    if (kind === 'XHTML') {
      values.push({ definition, kind, xhtml: firstElement(element, 'THE-VALUE') });
    } else if (kind === 'ENUMERATION') {
      const refs = firstElement(element, 'VALUES');
      values.push({
        definition,
        kind,
        enumRefs: refs ? elements(refs, 'ENUM-VALUE-REF').map((r) => textOf(r).trim()) : [],
      });
    } else {
      values.push({ definition, kind, value: element.attrs['THE-VALUE'] ?? '' });
    }
  }
  return values;
}

function readHierarchy(container: XmlElement | undefined): HierarchyNode[] {
  if (!container) return [];
  return elements(container, 'SPEC-HIERARCHY').map((node) => ({
    id: node.attrs.IDENTIFIER ?? '',
    object: ref(firstElement(node, 'OBJECT')),
    children: readHierarchy(firstElement(node, 'CHILDREN')),
  }));
}

/** Reads one .reqif file's text. Throws UnreadableFile when it is not XML, or not ReqIF. */
export function readReqif(text: string): ReqifModel {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    if (error instanceof XmlError) throw new UnreadableFile('xml');
    throw error;
  }
  if (root.local !== 'REQ-IF' || root.uri !== REQIF_NS) throw new UnreadableFile('not_reqif');
  const content = path(root, 'CORE-CONTENT', 'REQ-IF-CONTENT');
  const model: ReqifModel = {
    title: textOf(path(root, 'THE-HEADER', 'REQ-IF-HEADER', 'TITLE') ?? '').trim() || undefined,
    datatypes: new Map(),
    definitions: new Map(),
    types: new Map(),
    objects: new Map(),
    specifications: [],
    relations: [],
  };
  if (!content) return model;
  const name = (e: XmlElement) => e.attrs['LONG-NAME']?.trim() || undefined;

  for (const element of elements(firstElement(content, 'DATATYPES') ?? content, undefined)) {
    const kind = kindOf(element.local, 'DATATYPE-DEFINITION-');
    if (!kind || !element.attrs.IDENTIFIER) continue;
    const enumValues = new Map<string, string>();
    for (const value of elements(firstElement(element, 'SPECIFIED-VALUES') ?? element, 'ENUM-VALUE')) {
      const key = path(value, 'PROPERTIES', 'EMBEDDED-VALUE')?.attrs['OTHER-CONTENT'];
      enumValues.set(value.attrs.IDENTIFIER ?? '', name(value) ?? (key || value.attrs.IDENTIFIER || '?'));
    }
    model.datatypes.set(element.attrs.IDENTIFIER, {
      id: element.attrs.IDENTIFIER,
      kind,
      name: name(element) ?? element.attrs.IDENTIFIER,
      enumValues,
    });
  }

  for (const type of elements(firstElement(content, 'SPEC-TYPES') ?? content)) {
    if (!type.attrs.IDENTIFIER) continue;
    const specType: SpecType = { id: type.attrs.IDENTIFIER, name: name(type) ?? '', attributes: [] };
    model.types.set(type.attrs.IDENTIFIER, specType);
    for (const definition of elements(firstElement(type, 'SPEC-ATTRIBUTES') ?? type)) {
      const kind = kindOf(definition.local, 'ATTRIBUTE-DEFINITION-');
      if (!kind || !definition.attrs.IDENTIFIER) continue;
      const attributeName = name(definition) ?? definition.attrs.DESC ?? definition.attrs.IDENTIFIER;
      specType.attributes.push(attributeName);
      model.definitions.set(definition.attrs.IDENTIFIER, {
        id: definition.attrs.IDENTIFIER,
        kind,
        name: attributeName,
        multiValued: definition.attrs['MULTI-VALUED'] === 'true',
        datatype: ref(firstElement(definition, 'TYPE')),
      });
    }
  }

  for (const object of elements(firstElement(content, 'SPEC-OBJECTS') ?? content, 'SPEC-OBJECT')) {
    const id = object.attrs.IDENTIFIER;
    if (!id) continue;
    model.objects.set(id, {
      id,
      type: ref(firstElement(object, 'TYPE')),
      longName: name(object),
      values: readValues(firstElement(object, 'VALUES')),
    });
  }

  for (const relation of elements(firstElement(content, 'SPEC-RELATIONS') ?? content, 'SPEC-RELATION')) {
    model.relations.push({
      id: relation.attrs.IDENTIFIER ?? '',
      type: ref(firstElement(relation, 'TYPE')),
      source: ref(firstElement(relation, 'SOURCE')),
      target: ref(firstElement(relation, 'TARGET')),
    });
  }

  for (const spec of elements(firstElement(content, 'SPECIFICATIONS') ?? content, 'SPECIFICATION')) {
    model.specifications.push({
      id: spec.attrs.IDENTIFIER ?? '',
      name: name(spec) ?? (spec.attrs.DESC?.trim() || undefined),
      type: ref(firstElement(spec, 'TYPE')),
      values: readValues(firstElement(spec, 'VALUES')),
      children: readHierarchy(firstElement(spec, 'CHILDREN')),
    });
  }
  return model;
}
