import { IMPORT_IMAGE_SCHEME, type ImportPlan, type PlannedDocument, type PlannedNode } from '../import/import-plan';
import { readBody } from './docx-body';
import { MediaCollector } from './docx-media';
import { paragraphText, type Block, type Paragraph } from './docx-model';
import { openDocx } from './docx-package';
import { EXPORT_CREATOR } from './reqloom-export';
import { buildOutline, cleanName } from './word-outline';

// The Word (.docx) import reader (decisions §8, §14): one document from one file, read from the file's real
// structure (styles, numbering, relationships, tables), nothing stored. The writer (import-writer.ts) checks and
// stores the plan. The parts:
//   docx-package.ts   the zip, its parts and relationships, the core properties
//   docx-styles.ts    styles (basedOn chains, heading levels), docx-numbering.ts lists
//   docx-body.ts      blocks (paragraphs, tables), docx-runs.ts runs, fields, links, images, text boxes
//   docx-html.ts      blocks as description HTML
//   word-outline.ts   headings, requirements and descriptions; requirement-tables.ts; reqloom-export.ts

/** A cover page's title is set large: at least 18 pt (36 half-points). */
const COVER_TITLE_SIZE = 36;

function largestSize(p: Paragraph): number {
  let size = 0;
  for (const inline of p.inlines) {
    if (inline.t === 'text' && !inline.hidden && inline.text.trim()) size = Math.max(size, inline.size ?? 0);
  }
  return size;
}

/**
 * The document's name and the paragraphs that gave it (left out of its description): the first paragraph in the
 * Title style; else, on a cover page (before the first heading), the consecutive paragraphs set in the largest type
 * when that is at least 18 pt ("core Flight Executive / Software / Requirements / Specification"); else the core
 * properties' title; else the file's name.
 */
function documentName(blocks: Block[], coreTitle: string, fileName: string): { name: string; used: Paragraph[] } {
  const paragraphs = blocks.filter((b): b is Paragraph => b.kind === 'p');
  const titled = paragraphs.find((p) => p.style.title && paragraphText(p));
  if (titled) return { name: cleanName(paragraphText(titled)), used: [titled] };

  const cover: Block[] = [];
  for (const block of blocks) {
    if (block.kind === 'p' && block.style.level !== null && paragraphText(block)) break;
    cover.push(block);
  }
  const sizes = cover.map((b) => (b.kind === 'p' && paragraphText(b) ? largestSize(b) : 0));
  const largest = Math.max(0, ...sizes);
  if (largest >= COVER_TITLE_SIZE) {
    const used: Paragraph[] = [];
    for (let i = sizes.indexOf(largest); i < cover.length && sizes[i] === largest; i++)
      used.push(cover[i] as Paragraph);
    return { name: cleanName(used.map((p) => paragraphText(p)).join(' ')), used };
  }
  const fallback = cleanName(fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '')) || 'Word document';
  return { name: cleanName(coreTitle) || fallback, used: [] };
}

function referencedImages(nodes: PlannedNode[], document: PlannedDocument): Set<string> {
  const keys = new Set<string>();
  const scan = (html: string | undefined) => {
    if (!html) return;
    for (const match of html.matchAll(new RegExp(`src="${IMPORT_IMAGE_SCHEME}([^"]+)"`, 'g'))) keys.add(match[1]!);
  };
  scan(document.description);
  const walk = (list: PlannedNode[]) => {
    for (const node of list) {
      scan(node.description);
      if (node.kind === 'category') walk(node.children);
    }
  };
  walk(nodes);
  return keys;
}

/**
 * Reads a .docx into an import plan of one document. Throws UnreadableFile for a file that is not a zip, has no
 * word/document.xml, or holds XML that does not parse (a DOCTYPE included).
 */
export function readWordFile(data: Uint8Array, fileName: string): ImportPlan {
  const pkg = openDocx(data);
  const media = new MediaCollector(pkg);
  const blocks = readBody(pkg, media);
  const exportMode = pkg.core.creator === EXPORT_CREATOR;
  const { name, used } = exportMode
    ? { name: cleanName(pkg.core.title) || documentName(blocks, '', fileName).name, used: [] }
    : documentName(blocks, pkg.core.title, fileName);
  const outline = buildOutline(blocks, exportMode, new Set<Block>(used));
  const document: PlannedDocument = {
    name,
    ...(outline.acronym ? { acronym: outline.acronym } : {}),
    ...(outline.description ? { description: outline.description } : {}),
    classifiers: [],
    nodes: outline.nodes,
  };
  // Images only shown in parts left out (an export's summaries, a table of contents) are not imported.
  const shown = referencedImages(outline.nodes, document);
  return {
    documents: [document],
    links: [],
    images: media.images.filter((image) => shown.has(image.key)),
    // The front matter left out first: of what the report lists, it is what a reader of the document misses most.
    skipped: [
      ...outline.skipped.filter((s) => s.reason === 'front_matter'),
      ...media.skipped,
      ...outline.skipped.filter((s) => s.reason !== 'front_matter'),
    ],
  };
}
