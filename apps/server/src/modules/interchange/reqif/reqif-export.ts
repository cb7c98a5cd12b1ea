import { zipSync } from 'fflate';
import type { CategoryPresented, RequirementPresented } from '@reqloom/domain';
import { htmlToXhtml } from './html-to-xhtml';
import type { ReqifExportData } from './reqif-export-data';
import { REFERENCE_ATTRIBUTE, STATUS_NAMES } from './reqif-import';
import { REQIF_NS } from './reqif-model';
import { XHTML_NS } from './xhtml-to-html';
import { escapeAttribute, escapeText } from '../../../rich-text/escape';

// The ReqIF export (decisions §14): the document and the documents linked to it (so that their links, as
// SPEC-RELATIONs, have both ends in the file), written to validate against the official schema: every
// identifiable with its LAST-CHANGE, the header's TITLE, version 1.0. Identifiers are stable (`_rl-req-42`), so that
// a tool that imports the file twice updates what it imported the first time.

export type ReqifExport = { data: Buffer; name: string; extension: 'reqif' | 'reqifz' };

const escapeAttributeValue = (text: string) =>
  escapeAttribute(text).replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
const attrs = (values: Record<string, string | undefined>) =>
  Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeAttributeValue(v!)}"`)
    .join('');

/**
 * Writes the export of one document from what `loadReqifExportData` read; a .reqifz (the .reqif and its images) when
 * its descriptions show images. Synchronous work that grows with the descriptions, run on the export thread
 * (export-off-thread.ts).
 */
export function writeReqifExport(data: ReqifExportData, now = new Date()): ReqifExport {
  const { documents: exported, links, images } = data;
  const main = exported[0]!;
  const xhtml = (html: string) => htmlToXhtml(html, (src) => images.get(src) ?? null);

  const stamp = (date: Date | string) => new Date(date).toISOString();
  const nowStamp = now.toISOString();
  const out: string[] = [];
  const w = (line: string) => out.push(line);

  // What each kind of value is, and the attributes of each type.
  const attributeNames = [
    ...new Set(exported.flatMap((d) => d.requirements.flatMap((r) => Object.keys(r.attributes)))),
  ].sort();
  const attributeId = new Map(attributeNames.map((name, i) => [name, `_rl-ad-attr-${i + 1}`]));
  const classifiers = exported.flatMap((d) => d.classifiers);

  w(`<?xml version="1.0" encoding="UTF-8"?>`);
  w(`<REQ-IF xmlns="${REQIF_NS}" xmlns:xhtml="${XHTML_NS}">`);
  w(`  <THE-HEADER>`);
  w(`    <REQ-IF-HEADER IDENTIFIER="_rl-header-${main.id}-${now.getTime()}">`);
  w(`      <COMMENT>${escapeText(`Reqloom export of ${main.name} (${main.acronym})`)}</COMMENT>`);
  w(`      <CREATION-TIME>${nowStamp}</CREATION-TIME>`);
  w(`      <REQ-IF-TOOL-ID>Reqloom</REQ-IF-TOOL-ID>`);
  w(`      <REQ-IF-VERSION>1.0</REQ-IF-VERSION>`);
  w(`      <SOURCE-TOOL-ID>Reqloom</SOURCE-TOOL-ID>`);
  w(`      <TITLE>${escapeText(main.name)}</TITLE>`);
  w(`    </REQ-IF-HEADER>`);
  w(`  </THE-HEADER>`);
  w(`  <CORE-CONTENT>`);
  w(`    <REQ-IF-CONTENT>`);

  w(`      <DATATYPES>`);
  w(
    `        <DATATYPE-DEFINITION-STRING${attrs({ IDENTIFIER: '_rl-dt-string', 'LAST-CHANGE': nowStamp, 'LONG-NAME': 'Text', 'MAX-LENGTH': '1000000' })}/>`,
  );
  w(
    `        <DATATYPE-DEFINITION-XHTML${attrs({ IDENTIFIER: '_rl-dt-xhtml', 'LAST-CHANGE': nowStamp, 'LONG-NAME': 'Rich text' })}/>`,
  );
  const enumeration = (id: string, name: string, values: { id: string; name: string }[]) => {
    w(
      `        <DATATYPE-DEFINITION-ENUMERATION${attrs({ IDENTIFIER: id, 'LAST-CHANGE': nowStamp, 'LONG-NAME': name })}>`,
    );
    w(`          <SPECIFIED-VALUES>`);
    values.forEach((value, key) => {
      w(`            <ENUM-VALUE${attrs({ IDENTIFIER: value.id, 'LAST-CHANGE': nowStamp, 'LONG-NAME': value.name })}>`);
      w(`              <PROPERTIES><EMBEDDED-VALUE KEY="${key}" OTHER-CONTENT=""/></PROPERTIES>`);
      w(`            </ENUM-VALUE>`);
    });
    w(`          </SPECIFIED-VALUES>`);
    w(`        </DATATYPE-DEFINITION-ENUMERATION>`);
  };
  enumeration(
    '_rl-dt-status',
    'Status',
    STATUS_NAMES.map((name, i) => ({ id: `_rl-status-${i}`, name })),
  );
  for (const c of classifiers)
    enumeration(
      `_rl-dt-classifier-${c.id}`,
      c.name,
      c.tags.map((t) => ({ id: `_rl-tag-${t.id}`, name: t.title })),
    );
  w(`      </DATATYPES>`);

  const definition = (kind: string, id: string, name: string, datatype: string, extra: Record<string, string> = {}) => {
    w(
      `            <ATTRIBUTE-DEFINITION-${kind}${attrs({ IDENTIFIER: id, 'LAST-CHANGE': nowStamp, 'LONG-NAME': name, ...extra })}>`,
    );
    w(`              <TYPE><DATATYPE-DEFINITION-${kind}-REF>${datatype}</DATATYPE-DEFINITION-${kind}-REF></TYPE>`);
    w(`            </ATTRIBUTE-DEFINITION-${kind}>`);
  };
  w(`      <SPEC-TYPES>`);
  w(
    `        <SPEC-OBJECT-TYPE${attrs({ IDENTIFIER: '_rl-type-heading', 'LAST-CHANGE': nowStamp, 'LONG-NAME': 'Heading' })}>`,
  );
  w(`          <SPEC-ATTRIBUTES>`);
  definition('STRING', '_rl-ad-chapter', 'ReqIF.ChapterName', '_rl-dt-string');
  definition('XHTML', '_rl-ad-chapter-text', 'ReqIF.Text', '_rl-dt-xhtml');
  w(`          </SPEC-ATTRIBUTES>`);
  w(`        </SPEC-OBJECT-TYPE>`);
  w(
    `        <SPEC-OBJECT-TYPE${attrs({ IDENTIFIER: '_rl-type-requirement', 'LAST-CHANGE': nowStamp, 'LONG-NAME': 'Requirement' })}>`,
  );
  w(`          <SPEC-ATTRIBUTES>`);
  definition('STRING', '_rl-ad-reference', REFERENCE_ATTRIBUTE, '_rl-dt-string');
  definition('STRING', '_rl-ad-name', 'ReqIF.Name', '_rl-dt-string');
  definition('XHTML', '_rl-ad-text', 'ReqIF.Text', '_rl-dt-xhtml');
  definition('ENUMERATION', '_rl-ad-status', 'Status', '_rl-dt-status', { 'MULTI-VALUED': 'false' });
  for (const c of classifiers)
    definition('ENUMERATION', `_rl-ad-classifier-${c.id}`, c.name, `_rl-dt-classifier-${c.id}`, {
      'MULTI-VALUED': String(c.multiselect),
    });
  for (const name of attributeNames) definition('STRING', attributeId.get(name)!, name, '_rl-dt-string');
  w(`          </SPEC-ATTRIBUTES>`);
  w(`        </SPEC-OBJECT-TYPE>`);
  w(
    `        <SPECIFICATION-TYPE${attrs({ IDENTIFIER: '_rl-type-document', 'LAST-CHANGE': nowStamp, 'LONG-NAME': 'Document' })}>`,
  );
  w(`          <SPEC-ATTRIBUTES>`);
  definition('STRING', '_rl-ad-prefix', 'ReqIF.Prefix', '_rl-dt-string');
  definition('XHTML', '_rl-ad-description', 'ReqIF.Description', '_rl-dt-xhtml');
  w(`          </SPEC-ATTRIBUTES>`);
  w(`        </SPECIFICATION-TYPE>`);
  w(
    `        <SPEC-RELATION-TYPE${attrs({ IDENTIFIER: '_rl-type-link', 'LAST-CHANGE': nowStamp, 'LONG-NAME': 'Parent-child link' })}/>`,
  );
  w(`      </SPEC-TYPES>`);

  const stringValue = (definitionId: string, value: string) =>
    `<ATTRIBUTE-VALUE-STRING THE-VALUE="${escapeAttributeValue(value)}"><DEFINITION><ATTRIBUTE-DEFINITION-STRING-REF>${definitionId}</ATTRIBUTE-DEFINITION-STRING-REF></DEFINITION></ATTRIBUTE-VALUE-STRING>`;
  const xhtmlValue = (definitionId: string, html: string) =>
    `<ATTRIBUTE-VALUE-XHTML><DEFINITION><ATTRIBUTE-DEFINITION-XHTML-REF>${definitionId}</ATTRIBUTE-DEFINITION-XHTML-REF></DEFINITION><THE-VALUE>${xhtml(html)}</THE-VALUE></ATTRIBUTE-VALUE-XHTML>`;
  const enumValue = (definitionId: string, refs: string[]) =>
    `<ATTRIBUTE-VALUE-ENUMERATION><DEFINITION><ATTRIBUTE-DEFINITION-ENUMERATION-REF>${definitionId}</ATTRIBUTE-DEFINITION-ENUMERATION-REF></DEFINITION><VALUES>${refs.map((r) => `<ENUM-VALUE-REF>${r}</ENUM-VALUE-REF>`).join('')}</VALUES></ATTRIBUTE-VALUE-ENUMERATION>`;
  const object = (id: string, updated: string, type: string, values: string[]) => {
    w(`        <SPEC-OBJECT${attrs({ IDENTIFIER: id, 'LAST-CHANGE': stamp(updated) })}>`);
    w(`          <TYPE><SPEC-OBJECT-TYPE-REF>${type}</SPEC-OBJECT-TYPE-REF></TYPE>`);
    w(`          <VALUES>${values.join('')}</VALUES>`);
    w(`        </SPEC-OBJECT>`);
  };

  w(`      <SPEC-OBJECTS>`);
  for (const d of exported) {
    for (const c of d.categories) {
      const values = [stringValue('_rl-ad-chapter', c.name)];
      if (c.description) values.push(xhtmlValue('_rl-ad-chapter-text', c.description));
      object(`_rl-cat-${c.id}`, c.updated_at, '_rl-type-heading', values);
    }
    for (const r of d.requirements) {
      const values = [
        stringValue('_rl-ad-reference', r.reference),
        stringValue('_rl-ad-name', r.name),
        xhtmlValue('_rl-ad-text', r.description),
        enumValue('_rl-ad-status', [`_rl-status-${r.status}`]),
      ];
      const byClassifier = new Map<number, string[]>();
      for (const tag of r.tags)
        byClassifier.set(tag.classifier_id, [...(byClassifier.get(tag.classifier_id) ?? []), `_rl-tag-${tag.id}`]);
      for (const [classifierId, refs] of byClassifier)
        values.push(enumValue(`_rl-ad-classifier-${classifierId}`, refs));
      for (const [name, value] of Object.entries(r.attributes).sort(([a], [b]) => a.localeCompare(b)))
        values.push(stringValue(attributeId.get(name)!, value));
      object(`_rl-req-${r.id}`, r.updated_at, '_rl-type-requirement', values);
    }
  }
  w(`      </SPEC-OBJECTS>`);

  if (links.length) {
    w(`      <SPEC-RELATIONS>`);
    for (const link of links) {
      // The child is the source: it realises, satisfies or refines its parent, the target (as the import reads it).
      w(
        `        <SPEC-RELATION${attrs({ IDENTIFIER: `_rl-link-${link.parentId}-${link.childId}`, 'LAST-CHANGE': stamp(link.createdAt) })}>`,
      );
      w(`          <SOURCE><SPEC-OBJECT-REF>_rl-req-${link.childId}</SPEC-OBJECT-REF></SOURCE>`);
      w(`          <TARGET><SPEC-OBJECT-REF>_rl-req-${link.parentId}</SPEC-OBJECT-REF></TARGET>`);
      w(`          <TYPE><SPEC-RELATION-TYPE-REF>_rl-type-link</SPEC-RELATION-TYPE-REF></TYPE>`);
      w(`        </SPEC-RELATION>`);
    }
    w(`      </SPEC-RELATIONS>`);
  }

  w(`      <SPECIFICATIONS>`);
  for (const d of exported) {
    w(
      `        <SPECIFICATION${attrs({ IDENTIFIER: `_rl-doc-${d.id}`, 'LAST-CHANGE': stamp(d.updatedAt), 'LONG-NAME': d.name })}>`,
    );
    w(`          <TYPE><SPECIFICATION-TYPE-REF>_rl-type-document</SPECIFICATION-TYPE-REF></TYPE>`);
    const values = [stringValue('_rl-ad-prefix', d.acronym)];
    if (d.description) values.push(xhtmlValue('_rl-ad-description', d.description));
    w(`          <VALUES>${values.join('')}</VALUES>`);
    // The hierarchy: the document's own requirements first, then each category with its requirements and
    // sub-categories, as the document view reads.
    const childCategories = new Map<number | null, CategoryPresented[]>();
    for (const c of d.categories) childCategories.set(c.parent_id, [...(childCategories.get(c.parent_id) ?? []), c]);
    const requirementsOf = new Map<number | null, RequirementPresented[]>();
    for (const r of d.requirements)
      requirementsOf.set(r.category_id, [...(requirementsOf.get(r.category_id) ?? []), r]);
    const node = (id: string, objectId: string, updated: string, indent: string, children: () => void) => {
      w(`${indent}<SPEC-HIERARCHY${attrs({ IDENTIFIER: id, 'LAST-CHANGE': stamp(updated) })}>`);
      w(`${indent}  <OBJECT><SPEC-OBJECT-REF>${objectId}</SPEC-OBJECT-REF></OBJECT>`);
      children();
      w(`${indent}</SPEC-HIERARCHY>`);
    };
    const level = (categoryId: number | null, indent: string) => {
      const requirements = requirementsOf.get(categoryId) ?? [];
      const categories = childCategories.get(categoryId) ?? [];
      if (requirements.length + categories.length === 0) return;
      w(`${indent}<CHILDREN>`);
      for (const r of requirements) node(`_rl-h-req-${r.id}`, `_rl-req-${r.id}`, r.updated_at, `${indent}  `, () => {});
      for (const c of categories)
        node(`_rl-h-cat-${c.id}`, `_rl-cat-${c.id}`, c.updated_at, `${indent}  `, () => level(c.id, `${indent}    `));
      w(`${indent}</CHILDREN>`);
    };
    level(null, '          ');
    w(`        </SPECIFICATION>`);
  }
  w(`      </SPECIFICATIONS>`);
  w(`    </REQ-IF-CONTENT>`);
  w(`  </CORE-CONTENT>`);
  w(`</REQ-IF>`);

  const xml = Buffer.from(`${out.join('\n')}\n`, 'utf8');
  if (images.size === 0) return { data: xml, name: main.name, extension: 'reqif' };
  const entries: Record<string, Uint8Array> = { [`${safeFileName(main.name)}.reqif`]: xml };
  for (const image of images.values()) entries[image.path] = image.data;
  return { data: Buffer.from(zipSync(entries, { level: 6 })), name: main.name, extension: 'reqifz' };
}

/** A name for the .reqif inside a .reqifz: letters, digits and a few marks, never a path. */
function safeFileName(name: string): string {
  return (
    name
      .replace(/[^\p{L}\p{N} ._-]/gu, '_')
      .replace(/^\.+/, '')
      .slice(0, 100) || 'export'
  );
}
