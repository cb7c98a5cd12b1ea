import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@reqloom/domain';
import { htmlToDocJson } from '../../../rich-text/parse-html';
import { sanitizeRichText } from '../../../security/sanitize';
import { createTestApp, type SignedUp, type TestApp } from '../../../test/harness';
import { png } from '../../../test/images';
import { workingArea } from '../../../test/working-area';
import { setAlpha } from '../../user/user-admin.service';
import {
  UnreadableFile,
  type ImportPlan,
  type PlannedCategory,
  type PlannedNode,
  type PlannedRequirement,
} from '../import/import-plan';
import { loadExportData, type ExportData } from './export-data';
import { docxFile, para } from './test-docx';
import { buildWordExport } from './word-export';
import { readWordFile } from './word-import';

// The Word import reader on the two NASA documents of the shared fixtures, on Reqloom's own export (round trip), on
// files that are not Word documents, and on a 1,000-requirement export against the clock.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const fixtures = path.resolve(repoRoot, '../shared/fixtures');
const haveFixtures = fs.existsSync(path.join(fixtures, 'docx'));
if (!haveFixtures) console.warn(`Word import: the fixture tests are skipped, ${fixtures}/docx is missing`);

type Expected = {
  builtin_heading_style_paragraphs: Record<string, number>;
  other_title_or_custom_heading_style_paragraphs: Record<string, number>;
  table_rows_starting_with_SSR_id: number;
  table_rows_starting_with_HS_id: number;
  media_files_by_extension: Record<string, number>;
};
const expected = (file: string): Expected =>
  (
    JSON.parse(fs.readFileSync(path.join(fixtures, 'expected_counts.json'), 'utf8')) as {
      docx: Record<string, Expected>;
    }
  ).docx[`docx/${file}`]!;
const readFixture = (file: string) => readWordFile(fs.readFileSync(path.join(fixtures, 'docx', file)), file);

const categoriesOf = (nodes: PlannedNode[]) => nodes.filter((n): n is PlannedCategory => n.kind === 'category');
const requirementsOf = (nodes: PlannedNode[]) => nodes.filter((n): n is PlannedRequirement => n.kind === 'requirement');
const named = (nodes: PlannedNode[], name: string) => {
  const found = categoriesOf(nodes).find((c) => c.name === name);
  if (!found)
    throw new Error(
      `no category "${name}" among ${categoriesOf(nodes)
        .map((c) => c.name)
        .join(', ')}`,
    );
  return found;
};

/** Every node with its depth, in reading order. */
function flatten(nodes: PlannedNode[], depth = 0): { node: PlannedNode; depth: number }[] {
  return nodes.flatMap((node) => [
    { node, depth },
    ...(node.kind === 'category' ? flatten(node.children, depth + 1) : []),
  ]);
}

/** All the HTML of a plan, to look for text anywhere. */
const allHtml = (plan: ImportPlan) =>
  [
    plan.documents[0]!.description ?? '',
    ...flatten(plan.documents[0]!.nodes).map((n) => n.node.description ?? ''),
  ].join('\n');

describe.skipIf(!haveFixtures)('Word import: NASA cFE software requirements specification', () => {
  const file = 'nasa_cfe_software_requirements_spec_v5.1.docx';
  const counts = haveFixtures ? expected(file) : undefined;
  const plan = haveFixtures ? readFixture(file) : undefined;

  it('gives the Heading 1–3 outline and the "HDR" appendices as nested categories', () => {
    const doc = plan!.documents[0]!;
    expect(plan!.documents).toHaveLength(1);
    expect(doc.name).toBe('core Flight Executive Software Requirements Specification');
    expect(categoriesOf(doc.nodes).map((c) => c.name)).toEqual([
      'INTRODUCTION',
      'cFE Overview',
      'Functional Requirements',
      'Appendix A - Requirement Definition Strategy',
      'Appendix B - Heritage Analysis',
      // A Heading 1 in the middle of appendix B: the outline as the file has it.
      'Implementation Tradeoffs',
      'Appendix C - Scenario Analysis',
    ]);
    const headings = counts!.builtin_heading_style_paragraphs;
    const appendix = counts!.other_title_or_custom_heading_style_paragraphs;
    const byDepth = [0, 1, 2, 3].map(
      (depth) => flatten(doc.nodes).filter((n) => n.node.kind === 'category' && n.depth === depth).length,
    );
    expect(byDepth).toEqual([
      headings['heading 1']! + appendix['HDR 1.0']!,
      headings['heading 2']! + appendix['HDR 1.1']!,
      headings['heading 3']! + appendix['HDR 1.1.1']!,
      0,
    ]);
    expect(byDepth).toEqual([7, 36, 25, 0]);
    expect(
      categoriesOf(named(named(doc.nodes, 'cFE Overview').children, 'cFE Subsystem Requirements').children).map(
        (c) => c.name,
      ),
    ).toEqual(['Executive Services', 'Time Service', 'Event Service', 'Software Bus', 'Files', 'Tables']);
    const appendixA = named(doc.nodes, 'Appendix A - Requirement Definition Strategy');
    // Typed numbers ("A.2", "A.2.1") are left out of the names, as Word's own numbering is.
    expect(
      categoriesOf(named(appendixA.children, 'cfe Business process considerations').children).map((c) => c.name),
    ).toEqual([
      'cFE-based Products',
      'cFE-based Products with Externally Developed Applications',
      'External Organization cFE-based Product',
    ]);
    // Title-page lines with their own outline level are front matter, left out (word-front-matter.test.ts), not categories.
    expect(flatten(doc.nodes).map((n) => n.node.name)).not.toContain('Goddard Space Flight Center');
    // Neither the table of contents nor its page numbers leave anything behind.
    const names = flatten(doc.nodes)
      .filter((n) => n.node.kind === 'category')
      .map((n) => n.node.name);
    expect(names.filter((name) => /\d$|^(REVISION HISTORY|Version 5\.1)$/.test(name))).toEqual([]);
    expect(allHtml(plan!)).not.toMatch(/PAGEREF|_Toc\d|TOC \\/);
  });

  it('gives exactly the 33 SSR requirements of the subsystem tables, named by their identifiers', () => {
    const all = flatten(plan!.documents[0]!.nodes)
      .map((n) => n.node)
      .filter((n): n is PlannedRequirement => n.kind === 'requirement');
    expect(all).toHaveLength(counts!.table_rows_starting_with_SSR_id);
    expect(all.map((r) => r.name)).toEqual(Array.from({ length: 33 }, (_, i) => `SSR${i + 1}`));
    for (const requirement of all) {
      expect(requirement.description, requirement.name).toMatch(/^<p>(&lt;OPTIONAL&gt; )?The cFE shall /);
      // The identifier is the name; the description does not say it again.
      expect(requirement.description, requirement.name).not.toMatch(/SSR\d/);
    }
    const subsystems = named(named(plan!.documents[0]!.nodes, 'cFE Overview').children, 'cFE Subsystem Requirements');
    expect(requirementsOf(named(subsystems.children, 'Executive Services').children).map((r) => r.name)).toEqual([
      'SSR1',
      'SSR2',
      'SSR3',
      'SSR4',
      'SSR5',
      'SSR6',
    ]);
    expect(all[0]!.description).toBe(
      '<p>The cFE shall provide the capability to perform a startup of the cFE on power-on reset, processor reset and by command</p>' +
        '<p><em>Rationale: Need to be able to startup-up the cFE in order to startup the cFE Applications.</em></p>' +
        '<p><strong>Heritage:</strong> Yes</p>',
    );
    expect(all.filter((r) => r.description.includes('<strong>Heritage:</strong>'))).toHaveLength(32);
    expect(all[5]!.description).toBe('<p>The cFE shall provide the capability to</p>');
  });

  it('reads each diagram label once, keeps images a browser shows and reports WMF drawings and the OLE object', () => {
    const html = allHtml(plan!);
    // Each of the two diagrams with that label has it once (the file has it twice each: DrawingML and VML).
    expect(html.match(/\(User Interface\)/g)).toHaveLength(2);
    expect(html).toContain('<p><strong>Ground</strong><br><strong>System</strong><br>(User Interface)</p>');
    expect(html).not.toMatch(/GroundSystem|\(User Interface\)[^<]*\(User Interface\)/);
    const wmf = plan!.skipped.filter((s) => s.what.endsWith('.wmf'));
    expect(new Set(wmf.map((s) => s.what)).size).toBe(counts!.media_files_by_extension['.wmf']);
    expect(wmf.every((s) => s.reason === 'image_wmf')).toBe(true);
    expect(plan!.skipped).toContainEqual({
      what: 'Embedded object word/embeddings/oleObject1.bin (MSDraw)',
      reason: 'embedded_object',
    });
    expect(plan!.images.map((i) => i.name)).toEqual(['image9.png']);
    expect(html).toContain(`<img src="import-image:${plan!.images[0]!.key}">`);
    expect(html).toContain('<a href="http://www.webopedia.com/TERM/A/routine.html">');
    // A link to a relative target is not a link a description can hold: its text stays.
    expect(html).not.toContain('href="Operational_Interface"');
    expect(html).toContain('an <u>Operational Interface</u> (OI)');
  });
});

describe.skipIf(!haveFixtures)('Word import: NASA HS requirements trace table', () => {
  const file = 'nasa_hs_requirements_trace_table.docx';
  const counts = haveFixtures ? expected(file) : undefined;
  const plan = haveFixtures ? readFixture(file) : undefined;

  it('gives the 60 requirements HS1000 … HS8007.1 in order, the other columns labelled, cells on several lines', () => {
    const doc = plan!.documents[0]!;
    expect(doc.name).toBe('HS Requirements to Design Traceability');
    expect(categoriesOf(doc.nodes)).toEqual([]);
    const all = requirementsOf(doc.nodes);
    expect(all).toHaveLength(counts!.table_rows_starting_with_HS_id);
    expect(all[0]!.name).toBe('HS1000');
    expect(all[all.length - 1]!.name).toBe('HS8007.1');
    expect(all.every((r) => /^HS\d{4}(\.\d+){0,2}$/.test(r.name))).toBe(true);
    expect(all.filter((r) => !r.name.includes('.'))).toHaveLength(37);
    expect(all.filter((r) => r.name.split('.').length === 2)).toHaveLength(16);
    expect(all.filter((r) => r.name.split('.').length === 3)).toHaveLength(7);
    expect(all[0]!.description).toBe(
      '<p>Upon receipt of a No-Op command, HS shall increment the HS Valid Command Counter and generate an event message.</p>' +
        '<p><strong>Software Design Element:</strong> Operation</p>' +
        '<p><strong>Applicable Software Functions:</strong> <code>HS_NoopCmd</code></p>',
    );
    const reset = all.find((r) => r.name === 'HS1001')!;
    expect(reset.description).toContain(
      '<p><strong>Applicable Software Functions:</strong> <code>HS_ResetCmd</code><br><code>HS_ResetCounters</code></p>',
    );
    expect(allHtml(plan!)).not.toMatch(/HS_ResetCmdHS_|<\/code><code>/);
    expect(all.every((r) => !r.description.includes(r.name))).toBe(true);
    expect(plan!.skipped).toEqual([]);
    expect(plan!.images).toHaveLength(1);
    expect(doc.description).toBe(`<img src="import-image:${plan!.images[0]!.key}"><p>HS Version 2.4.0</p>`);
  });
});

// What the editor (and so the import's writer) makes of a description: sanitised, then parsed by the editor's schema.
const normalised = (html: string) => htmlToDocJson(sanitizeRichText(html));

type Shape = { name: string; acronym?: string; description: string; children: (Shape | ReqShape)[] };
type ReqShape = { name: string; description: unknown; status?: number };

/** The document as the export shows it: categories in tree order, each with its requirements, then its sub-categories. */
function expectedShape(data: ExportData): (Shape | ReqShape)[] {
  const root: (Shape | ReqShape)[] = [];
  const stack: { depth: number; children: (Shape | ReqShape)[] }[] = [{ depth: -1, children: root }];
  for (const category of data.categories) {
    while (stack[stack.length - 1]!.depth >= category.depth) stack.pop();
    const shape: Shape = {
      name: category.name,
      acronym: category.acronym,
      description: category.description,
      children: data.requirements
        .filter((r) => r.category_id === category.id)
        .map((r) => ({ name: r.name, description: normalised(r.description), status: r.status })),
    };
    stack[stack.length - 1]!.children.push(shape);
    stack.push({ depth: category.depth, children: shape.children });
  }
  return root;
}

function planShape(nodes: PlannedNode[], imageSrc: Map<string, string>): (Shape | ReqShape)[] {
  const withImages = (html: string) =>
    html.replace(/import-image:([\w-]+)/g, (_, key: string) => imageSrc.get(key) ?? key);
  return nodes.map((node) =>
    node.kind === 'category'
      ? {
          name: node.name,
          acronym: node.acronym,
          description: node.description ?? '',
          children: planShape(node.children, imageSrc),
        }
      : { name: node.name, description: normalised(withImages(node.description)), status: node.status },
  );
}

const RICH = (image: string) =>
  [
    '<p>The valve <strong>shall</strong> close in <em>under</em> <u>two</u> <s>three</s> seconds, see ',
    '<code>VALVE_CLOSE</code> and <a href="https://example.com/spec">the spec</a>.</p>',
    '<h2>Conditions</h2>',
    '<ul><li><p>Bullet one</p><ul><li><p>Nested bullet</p></li></ul></li><li><p>Bullet two</p></li></ul>',
    '<ol><li><p>Step one</p></li><li><p>Step two</p></li></ol>',
    '<table><tbody><tr><th><p>Mode</p></th><th><p>Limit</p></th></tr>',
    '<tr><td><p>Normal</p></td><td><p><strong>2</strong> s</p></td></tr></tbody></table>',
    '<pre><code>close(valve);\nwait(2000);</code></pre>',
    '<blockquote><p>Quoted rationale</p></blockquote>',
    '<hr>',
    `<img src="${image}" alt="Valve diagram">`,
    '<p>First line<br>second line</p>',
  ].join('');

describe('Word import: round trip of a Reqloom export', () => {
  let t: TestApp;
  let alice: SignedUp;
  let w: ReturnType<typeof workingArea>;
  let srsId: number;
  let image: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signUp();
    w = workingArea(alice);
    await setAlpha(t.ctx, alice.email, true);
    const project = await w.project('Water plant');
    const sys = await w.document(project.id, 'SYS');
    const srs = await w.document(project.id, 'SRS', [sys.id]);
    const tst = await w.document(project.id, 'TST', [srs.id]);
    srsId = srs.id;
    await w.ok('PUT', `/api/documents/${srs.id}`, {
      description: '<p>Software requirements of the <em>valve</em>.</p>',
    });
    const uploaded = await alice.agent.upload('/api/attachments', [
      { name: 'project_id', value: String(project.id) },
      { name: 'attachment', filename: 'valve.png', type: 'image/png', data: png(40, 20) },
    ]);
    image = `/api/attachments/${uploaded.data.fileName}`;
    const category = async (acronym: string, name: string, parent: number | null, description = '') => {
      const made = await w.category(srs.id, acronym, parent);
      await w.ok('PUT', `/api/categories/${made.id}`, { name, description });
      return made.id as number;
    };
    const requirement = async (name: string, categoryId: number, description: string, status: number) => {
      const made = await w.requirement(srs.id, name, categoryId);
      await w.ok('PUT', `/api/requirements/${made.id}`, { description, status });
      return made.id as number;
    };
    const interfaces = await category('INT', 'Interfaces', null, '<p>How the valve talks to the rest.</p>');
    const hardware = await category('HW', 'Hardware interfaces', interfaces);
    const valves = await category('VLV', 'Valves', hardware, '<p>Every valve of the plant.</p>');
    const software = await category('SW', 'Software - interfaces', interfaces);
    const safety = await category('SAF', 'Safety', null);
    const close = await requirement('Close the valve', valves, RICH(image), 2);
    await requirement('Open the valve', valves, '<p>Opens <strong>slowly</strong>.</p>', 3);
    await requirement('Report the state', interfaces, '<p>Every second.</p>', 1);
    await requirement('Log - every event', software, '<ol><li><p>Time</p></li><li><p>Kind</p></li></ol>', 0);
    await requirement('Stop on fault', safety, '<p>At once.</p>', 2);
    const parent = await w.requirement(sys.id, 'System closes the valve');
    const test = await w.requirement(tst.id, 'Test the closing');
    await w.ok('PUT', `/api/requirements/${close}`, { parents_id: [parent.id], children_id: [test.id] });
    await w.ok('PUT', `/api/documents/settings/${srs.id}`, { settings: { 'export.tableOfEvolutions': true } });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each<Language>(['en', 'fr'])(
    'gives back the categories, names, descriptions and statuses of an export in %s',
    async (lang) => {
      const data = await loadExportData(t.ctx.db, srsId);
      const plan = readWordFile(await buildWordExport(data, lang), 'Doc SRS.docx');
      expect(plan.documents).toHaveLength(1);
      const doc = plan.documents[0]!;
      expect(doc.name).toBe('Doc SRS');
      expect(doc.acronym).toBe('SRS');
      expect(normalised(doc.description ?? '')).toEqual(normalised(data.document.description));
      expect(plan.images).toHaveLength(1);
      expect(Buffer.from(plan.images[0]!.data).equals(png(40, 20))).toBe(true);
      const shape = planShape(doc.nodes, new Map([[plan.images[0]!.key, image]]));
      expect(shape).toEqual(expectedShape(data));
      // Nothing of the export's own parts came back: summaries, matrices, evolutions, link lines.
      expect(categoriesOf(doc.nodes).map((c) => c.name)).toEqual(['Interfaces', 'Safety']);
      expect(allHtml(plan)).not.toMatch(/SYS_001|TST_001|Status|Statut|Parents|Children|Enfants|Water plant/);
      expect(plan.skipped).toEqual([]);
    },
  );

  it('reads an export without requirement titles: each status line ends a requirement named by its first words', async () => {
    const data = await loadExportData(t.ctx.db, srsId);
    data.settings = { ...data.settings, 'export.requirementTitleAndReference': false };
    const doc = readWordFile(await buildWordExport(data, 'en'), 'x.docx').documents[0]!;
    const safety = named(doc.nodes, 'Safety');
    expect(requirementsOf(safety.children)).toEqual([
      { kind: 'requirement', name: 'At once.', description: '<p>At once.</p>', status: 2 },
    ]);
  });

  it('reads a 1,000-requirement export whole, every requirement in order', async () => {
    const data = await loadExportData(t.ctx.db, srsId);
    const sample = data.requirements;
    data.requirements = Array.from({ length: 1000 }, (_, i) => {
      const model = sample[i % sample.length]!;
      return { ...model, id: 100_000 + i, name: `${model.name} ${i}`, reference: `${model.reference}${i}` };
    });
    // Its speed is measured by `npm run bench:interchange`, not here.
    const plan = readWordFile(await buildWordExport(data, 'en'), 'big.docx');
    const names = flatten(plan.documents[0]!.nodes)
      .map((n) => n.node)
      .filter((n) => n.kind === 'requirement')
      .map((n) => n.name);
    expect(names).toHaveLength(1000);
    expect(names[999]).toBe(`${sample[999 % sample.length]!.name} 999`);
  }, 60_000);
});

describe('Word import: files it cannot read', () => {
  it('refuses a file that is not a zip, a zip without word/document.xml, a broken archive', () => {
    expect(() => readWordFile(strToU8('Just some text, renamed .docx'), 'x.docx')).toThrow(UnreadableFile);
    expect(() => readWordFile(zipSync({ 'hello.txt': strToU8('hi') }), 'x.docx')).toThrow(UnreadableFile);
    const broken = docxFile({ body: para('x') }).slice(0, 200);
    expect(() => readWordFile(broken, 'x.docx')).toThrow(UnreadableFile);
  });

  it('refuses XML that is not well formed, and a DOCTYPE with an entity bomb', () => {
    const withDocument = (xml: string) => docxFile({ body: '', parts: { 'word/document.xml': strToU8(xml) } });
    expect(() => readWordFile(withDocument('<w:document xmlns:w="urn:x"><w:body>'), 'x.docx')).toThrow(UnreadableFile);
    const laughs = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const bomb =
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${laughs}]>` +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>';
    expect(() => readWordFile(withDocument(bomb), 'x.docx')).toThrow(UnreadableFile);
    // The same document without its DOCTYPE reads.
    const plain = bomb.replace(/<!DOCTYPE[\s\S]*\]>/, '').replace('&lol9;', 'fine');
    expect(readWordFile(withDocument(plain), 'x.docx').documents[0]!.description).toBe('<p>fine</p>');
  });
});
