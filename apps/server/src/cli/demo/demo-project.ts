// The sample project of `seed:demo` (decisions §17): what a newcomer opens first. A greenhouse controller, from
// what growers ask for down to the software, so that every view has something to show: nested categories, rich
// text (lists, a table, an image), every status, links across the three documents with one stale, requirements
// left uncovered, classifiers and tags, and comments.
//
// The content is data, in demo-project.json; this module checks it and renders its rich text to the HTML the
// editor writes, so that seed-demo.ts makes the project through the services as a person's clicks would.
import { z } from 'zod';
import demoFile from './demo-project.json';

export type DemoRequirement = {
  key: string;
  name: string;
  /** Rich text; `{image}` is replaced by the demo diagram, uploaded as an attachment of the project. */
  description: string;
  status: 0 | 1 | 2 | 3;
  parents?: string[];
  tags?: string[];
};

export type DemoCategory = {
  name: string;
  acronym: string;
  description?: string;
  categories?: DemoCategory[];
  requirements: DemoRequirement[];
};

export type DemoClassifier = { name: string; multiselect: boolean; tags: string[] };

export type DemoDocument = {
  key: string;
  name: string;
  acronym: string;
  description: string;
  parents: string[];
  classifiers: DemoClassifier[];
  categories: DemoCategory[];
};

/**
 * Rich text in the data file, one entry a block: a string is a paragraph (inline HTML kept as it is), a list is its
 * items, a table its rows with the header row first, and `{ "image": true }` the place of the demo diagram.
 */
const block = z.union([
  z.string(),
  z.strictObject({ ul: z.array(z.string()) }),
  z.strictObject({ ol: z.array(z.string()) }),
  z.strictObject({ table: z.array(z.array(z.string())).min(1) }),
  z.strictObject({ image: z.literal(true) }),
]);

const cells = (tag: string, items: string[]) => items.map((i) => `<${tag}><p>${i}</p></${tag}>`).join('');

function blockHtml(b: z.infer<typeof block>): string {
  if (typeof b === 'string') return `<p>${b}</p>`;
  if ('ul' in b) return `<ul>${cells('li', b.ul)}</ul>`;
  if ('ol' in b) return `<ol>${cells('li', b.ol)}</ol>`;
  if ('table' in b) {
    const [head = [], ...rows] = b.table;
    return `<table><tbody><tr>${cells('th', head)}</tr>${rows.map((r) => `<tr>${cells('td', r)}</tr>`).join('')}</tbody></table>`;
  }
  return '{image}';
}

const richText = z.array(block).transform((blocks) => blocks.map(blockHtml).join(''));

const requirement = z.strictObject({
  key: z.string(),
  name: z.string(),
  status: z.literal([0, 1, 2, 3]),
  description: richText,
  parents: z.array(z.string()).optional(),
  tags: z.array(z.string()).optional(),
});

const category: z.ZodType<DemoCategory> = z.strictObject({
  name: z.string(),
  acronym: z.string(),
  description: richText.optional(),
  categories: z.array(z.lazy(() => category)).optional(),
  requirements: z.array(requirement),
});

const demoProject = z.strictObject({
  project: z.strictObject({ name: z.string(), acronym: z.string(), slug: z.string(), description: richText }),
  documents: z.array(
    z.strictObject({
      key: z.string(),
      name: z.string(),
      acronym: z.string(),
      description: richText,
      parents: z.array(z.string()),
      classifiers: z.array(z.strictObject({ name: z.string(), multiselect: z.boolean(), tags: z.array(z.string()) })),
      categories: z.array(category),
    }),
  ),
  /** A parent changed after its links were made: the links to its children turn stale (the traceability colours). */
  staleChange: z.strictObject({ key: z.string(), description: richText }),
  /** `on`: the project, a document (`doc:` and its key) or a requirement (its key). */
  comments: z.array(z.strictObject({ on: z.string(), content: z.string() })),
  /**
   * A test with steps (decisions §16, §17), shown to users with the alpha flag: in the software document, a child of
   * the system requirement it verifies, in the sensors' category.
   */
  test: z.strictObject({
    category: z.string(),
    parent: z.string(),
    name: z.string(),
    description: richText,
    initialConditions: richText,
    steps: z.array(z.strictObject({ description: z.string(), expectedResult: z.string() })),
  }),
});

const demo = demoProject.parse(demoFile);

export const DEMO_PROJECT = demo.project;
export const DEMO_DOCUMENTS: DemoDocument[] = demo.documents;
export const DEMO_STALE_CHANGE = demo.staleChange;
export const DEMO_COMMENTS = demo.comments;
export const DEMO_TEST = demo.test;
