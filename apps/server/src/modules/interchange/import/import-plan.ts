/**
 * What a reader (Word, ReqIF) makes of a file, before anything is stored: documents of nested categories and
 * requirements, their links, their images, and what was left out. A reader only reads; the writer
 * (import-writer.ts) checks, names and stores the whole plan, all or nothing, so a broken file creates nothing.
 */

/** Where a description shows an image of the file: `<img src="import-image:KEY">`, stored as an attachment. */
export const IMPORT_IMAGE_SCHEME = 'import-image:';

export type PlannedImage = {
  key: string;
  /** The bytes as found; the writer keeps only a png, jpeg, gif or webp (by content) and reports the rest. */
  data: Uint8Array;
  /** The name in the file (for the report and the attachment's record). */
  name: string;
};

export type PlannedTag = { classifier: string; tag: string };

export type PlannedRequirement = {
  kind: 'requirement';
  /** The file's own id (a SPEC-OBJECT's IDENTIFIER), for links; unique within the plan when given. */
  key?: string;
  name: string;
  /** HTML; sanitised by the writer against the editor's allow-list. */
  description: string;
  /** 0 draft … 3 validated (decisions §6). */
  status?: number;
  /** Tags of the document's planned classifiers, by names. */
  tags?: PlannedTag[];
  /** Values that have no field here, name → text, shown read-only and given back by an export (decisions §14). */
  attributes?: Record<string, string>;
};

export type PlannedCategory = {
  kind: 'category';
  name: string;
  /** The acronym wanted; the writer makes it valid (A–Z, 0–9, the project's length) and unique among siblings. */
  acronym?: string;
  description?: string;
  /** Sub-categories and requirements in reading order (requirements keep their order, categories theirs). */
  children: PlannedNode[];
};

export type PlannedNode = PlannedCategory | PlannedRequirement;

export type PlannedClassifier = { name: string; multiselect: boolean; tags: string[] };

export type PlannedDocument = {
  key?: string;
  name: string;
  acronym?: string;
  description?: string;
  classifiers: PlannedClassifier[];
  /** The document's top level: categories, and requirements outside any category. */
  nodes: PlannedNode[];
};

export type Skipped = { what: string; reason: string };

export type ImportPlan = {
  documents: PlannedDocument[];
  /** Parent → child, by requirement keys; the documents of the two become parent and child documents. */
  links: { parent: string; child: string }[];
  images: PlannedImage[];
  skipped: Skipped[];
};

/** A file the readers cannot take (not the kind it claims, broken XML or archive): 422 on `file`, nothing made. */
export class UnreadableFile extends Error {}
