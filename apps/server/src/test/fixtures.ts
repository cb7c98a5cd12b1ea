import fs from 'node:fs';
import path from 'node:path';

/**
 * The real files of other tools (`../shared/fixtures` beside the project, see its README): read in place, never
 * copied into the project. Where the folder is absent the tests that need it are skipped, and say so.
 */
export const FIXTURES_DIR = path.resolve(import.meta.dirname, '../../../../../shared/fixtures');
export const hasFixtures = fs.existsSync(path.join(FIXTURES_DIR, 'expected_counts.json'));

if (!hasFixtures)
  console.warn(`Interchange fixtures not found at ${FIXTURES_DIR}: the tests that read them are skipped.`);

export const fixture = (relative: string): Buffer => fs.readFileSync(path.join(FIXTURES_DIR, relative));

type SpecificationCounts = {
  'LONG-NAME': string | null;
  hierarchy_nodes: number;
  nodes_referencing_missing_object: number;
};
export type ReqifCounts = {
  spec_objects: number;
  spec_relations: number;
  specifications: SpecificationCounts[];
  xhtml_objects: number;
};

export const expectedCounts = (): { reqif: Record<string, ReqifCounts> } =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'expected_counts.json'), 'utf8'));
