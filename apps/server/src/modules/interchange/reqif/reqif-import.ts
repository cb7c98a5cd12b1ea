import {
  UnreadableFile,
  type ImportPlan,
  type PlannedClassifier,
  type PlannedDocument,
  type PlannedNode,
  type PlannedTag,
} from '../import/import-plan';
import { ArchiveError, isZip, readZip, utf8 } from '../zip';
import { readReqif, type AttributeValue, type HierarchyNode, type ReqifModel, type SpecObject } from './reqif-model';
import { xhtmlToHtml, xhtmlToText, type ObjectFiles } from './xhtml-to-html';
import { escapeText } from '../../../rich-text/escape';

// How a ReqIF file becomes Reqloom documents (decisions §14). Attributes are mapped by meaning, from the standard
// `ReqIF.*` names first and then the custom names tools use (ProR's Title and Description), never by datatype.

/** Status names of a Reqloom export's `Status` enumeration, in status order (0 draft … 3 validated). */
export const STATUS_NAMES = ['Draft', 'Written', 'Reviewed', 'Validated'] as const;
/** What a Reqloom export writes so that the reference shows in other tools; derived again on import, not kept. */
export const REFERENCE_ATTRIBUTE = 'Reqloom.Reference';

const NAME_KEYS = ['reqif.name', 'title', 'name', 'object heading', 'heading'];
const TEXT_KEYS = ['reqif.text', 'object text', 'text', 'description'];
const CHAPTER_KEY = 'reqif.chaptername';
const HEADING_TYPE = /heading|headline|chapter|section/i;
const ID_NAME = /(^|[._ ])(id|identifier|foreignid|key|prefix)$/i;
const MAX_FILES = 16;

type Resolved = {
  name: string;
  value: AttributeValue;
  text: string;
  html: () => string;
  enumNames: string[];
  multiValued: boolean;
};

function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? ''
  );
}

const plainToHtml = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map(
      (block) =>
        `<p>${escapeText(block)
          .replace(/[ \t]+/g, ' ')
          .replace(/ ?\r?\n ?/g, '<br>')}</p>`,
    )
    .join('');

class ReqifReader {
  readonly plan: ImportPlan = { documents: [], links: [], images: [], skipped: [] };
  private readonly imageKeys = new Map<string, string>();
  private readonly reported = new Set<string>();
  /** Where each object went: a requirement's key, or a category (links to it cannot be made). */
  private readonly placed = new Map<string, 'requirement' | 'category'>();

  constructor(
    private readonly models: ReqifModel[],
    private readonly archive: Map<string, Uint8Array>,
  ) {}

  private readonly files: ObjectFiles = {
    image: (path, type) => {
      const data = this.archive.get(path) ?? this.archive.get(path.replace(/^\.?\//, ''));
      if (!data) {
        this.skipOnce(path, 'object_missing');
        return null;
      }
      let key = this.imageKeys.get(path);
      if (!key) {
        key = `reqif-${this.imageKeys.size + 1}`;
        this.imageKeys.set(path, key);
        this.plan.images.push({ key, data, name: path.split('/').pop() ?? path });
      }
      void type;
      return key;
    },
    unsupported: (path) => this.skipOnce(path, 'embedded_object'),
  };

  private skipOnce(what: string, reason: string): void {
    const key = `${reason}\u0000${what}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.plan.skipped.push({ what, reason });
  }

  private resolve(model: ReqifModel, values: AttributeValue[]): Resolved[] {
    const resolved: Resolved[] = [];
    for (const value of values) {
      const definition = model.definitions.get(value.definition);
      if (!definition) {
        this.skipOnce(value.definition || '?', 'definition_missing');
        continue;
      }
      const datatype = definition.datatype ? model.datatypes.get(definition.datatype) : undefined;
      const enumNames = (value.enumRefs ?? []).map((id) => datatype?.enumValues.get(id)).filter((n) => n !== undefined);
      const text =
        value.kind === 'XHTML'
          ? value.xhtml
            ? xhtmlToText(value.xhtml)
            : ''
          : value.kind === 'ENUMERATION'
            ? enumNames.join(', ')
            : (value.value ?? '');
      const xhtml = value.xhtml;
      resolved.push({
        name: definition.name,
        value,
        text,
        html: () => (xhtml ? xhtmlToHtml(xhtml, this.files) : plainToHtml(text)),
        enumNames,
        multiValued: definition.multiValued,
      });
    }
    return resolved;
  }

  read(): ImportPlan {
    for (const model of this.models) {
      for (const spec of model.specifications) this.readSpecification(model, spec);
    }
    this.readRelations();
    return this.plan;
  }

  private readSpecification(model: ReqifModel, spec: ReqifModel['specifications'][number]): void {
    const values = this.resolve(model, spec.values);
    const find = (key: string) => values.find((v) => v.name.toLowerCase() === key && v.text.trim());
    const description = find('reqif.description') ?? find('description') ?? find('reqif.text');
    const document: PlannedDocument = {
      key: spec.id,
      name: spec.name ?? find('reqif.name')?.text ?? model.title ?? (spec.id || 'ReqIF'),
      description: description?.html(),
      classifiers: [],
      nodes: [],
    };
    const classifiers = new Map<string, PlannedClassifier>();
    const headingValues = { count: 0 };
    const walk = (nodes: HierarchyNode[], into: PlannedNode[]) => {
      for (const node of nodes) {
        const object = node.object ? model.objects.get(node.object) : undefined;
        if (!object) {
          this.plan.skipped.push({ what: node.object ?? node.id, reason: 'object_missing' });
          // Its children still have a place: at this node's level.
          walk(node.children, into);
          continue;
        }
        const made = this.readObject(model, object, node.children.length > 0, classifiers, headingValues);
        into.push(made);
        if (made.kind === 'category') walk(node.children, made.children);
      }
    };
    walk(spec.children, document.nodes);
    document.classifiers = [...classifiers.values()];
    if (headingValues.count > 0)
      this.plan.skipped.push({ what: `${document.name}: ${headingValues.count}`, reason: 'heading_values' });
    this.plan.documents.push(document);
  }

  private readObject(
    model: ReqifModel,
    object: SpecObject,
    hasChildren: boolean,
    classifiers: Map<string, PlannedClassifier>,
    headingValues: { count: number },
  ): PlannedNode {
    const values = this.resolve(model, object.values);
    const used = new Set<Resolved>();
    const take = (keys: string[]) => {
      for (const key of keys) {
        const found = values.find((v) => !used.has(v) && v.name.toLowerCase() === key && v.text.trim());
        if (found) {
          used.add(found);
          return found;
        }
      }
      return undefined;
    };
    const type = object.type ? model.types.get(object.type) : undefined;
    const typeName = type?.name ?? '';
    const chapter = take([CHAPTER_KEY]);
    const named = take(NAME_KEYS);
    let text = take(TEXT_KEYS);
    const typeHasText = type?.attributes.some((a) => TEXT_KEYS.includes(a.toLowerCase())) ?? false;
    if (!text && !typeHasText) {
      // A type without a text attribute of a known name (TC1200: a label and an XHTML value): its richest value,
      // XHTML first, is the text. Identifiers and the standard who-and-when attributes never are.
      const candidates = values.filter(
        (v) =>
          !used.has(v) &&
          (v.value.kind === 'XHTML' || v.value.kind === 'STRING') &&
          !v.name.startsWith('ReqIF.') &&
          !ID_NAME.test(v.name) &&
          (v.text.trim() || (v.value.xhtml && v.value.xhtml.children.length > 0)),
      );
      const weight = (v: Resolved) => (v.value.kind === 'XHTML' ? 1e9 : 0) + v.text.length;
      text = candidates.sort((a, b) => weight(b) - weight(a))[0];
      if (text) used.add(text);
    }
    // When the text gives no first line, a short label of the object names it (it stays among the attributes).
    const label = values.find(
      (v) =>
        !used.has(v) && v.value.kind === 'STRING' && v.text.trim() && v.text.length <= 255 && !ID_NAME.test(v.name),
    );
    const heading = hasChildren || HEADING_TYPE.test(typeName) || (chapter !== undefined && !text);
    if (heading) {
      this.placed.set(object.id, 'category');
      headingValues.count += values.filter((v) => !used.has(v) && v.text.trim()).length;
      return {
        kind: 'category',
        name:
          chapter?.text.trim() ||
          named?.text.trim() ||
          firstLine(text?.text ?? '') ||
          object.longName ||
          typeName ||
          object.id,
        description: text?.html(),
        children: [],
      };
    }
    let status: number | undefined;
    const tags: PlannedTag[] = [];
    const attributes: Record<string, string> = {};
    for (const value of values) {
      if (used.has(value)) continue;
      if (value.value.kind === 'ENUMERATION') {
        const statusIndex = STATUS_NAMES.findIndex((s) => s === value.enumNames[0]);
        if (value.name.toLowerCase() === 'status' && value.enumNames.length === 1 && statusIndex >= 0) {
          status = statusIndex;
          continue;
        }
        if (value.enumNames.length === 0) continue;
        let classifier = classifiers.get(value.name);
        if (!classifier) {
          classifier = { name: value.name, multiselect: value.multiValued, tags: [] };
          classifiers.set(value.name, classifier);
        }
        for (const tag of value.enumNames) {
          if (!classifier.tags.includes(tag)) classifier.tags.push(tag);
          tags.push({ classifier: value.name, tag });
        }
        continue;
      }
      if (value.name === REFERENCE_ATTRIBUTE) continue;
      const kept = value.text.trim();
      if (kept && !(value.name in attributes)) attributes[value.name] = kept;
    }
    // A Polarion requirement has its title in ReqIF.ChapterName too.
    const name =
      named?.text.trim() ||
      chapter?.text.trim() ||
      firstLine(text?.text ?? '') ||
      label?.text.trim() ||
      object.longName ||
      typeName ||
      object.id;
    const key = this.placed.has(object.id) ? undefined : object.id;
    if (key) this.placed.set(object.id, 'requirement');
    return {
      kind: 'requirement',
      key,
      name: name.split('\n')[0]!,
      description: text?.html() ?? '',
      status,
      tags,
      attributes,
    };
  }

  private readRelations(): void {
    for (const model of this.models) {
      for (const relation of model.relations) {
        const what = relation.id || `${relation.source} → ${relation.target}`;
        const source = relation.source && this.placed.get(relation.source);
        const target = relation.target && this.placed.get(relation.target);
        if (!source || !target) {
          this.plan.skipped.push({ what, reason: 'link_end_missing' });
        } else if (source === 'category' || target === 'category') {
          this.plan.skipped.push({ what, reason: 'link_heading' });
        } else {
          // A relation's source realises, satisfies or refines its target: the target is the parent (decisions §14).
          this.plan.links.push({ parent: relation.target!, child: relation.source! });
        }
      }
    }
  }
}

/**
 * Reads a .reqif or a .reqifz (decided by the bytes, not the name). A .reqifz may hold several .reqif files that
 * refer to each other, in folders, with the archiver's litter (`__MACOSX/`, `.DS_Store`) beside them.
 */
export function readReqifFile(data: Uint8Array): ImportPlan {
  let archive = new Map<string, Uint8Array>();
  let texts: string[];
  if (isZip(data)) {
    try {
      archive = readZip(data, (name) => !name.startsWith('__MACOSX/') && !name.endsWith('.DS_Store'));
    } catch (error) {
      if (error instanceof ArchiveError) throw new UnreadableFile('archive');
      throw error;
    }
    const names = [...archive.keys()].filter((name) => name.toLowerCase().endsWith('.reqif')).sort();
    if (names.length === 0 || names.length > MAX_FILES) throw new UnreadableFile('not_reqif');
    texts = names.map((name) => utf8(archive.get(name)!));
  } else {
    texts = [utf8(data)];
  }
  return new ReqifReader(texts.map(readReqif), archive).read();
}
