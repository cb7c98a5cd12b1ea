import { DEFAULT_DOCUMENT_SETTINGS } from '@reqloom/domain';
import type { ExportData } from './word/export-data';
import { buildWordExport } from './word/word-export';

// Loading the export thread's modules is not all a first export pays: its first description parse creates the
// parser's window, and docx and V8 compile their paths on first use (measured: first 5.6 s, second 2.4 s with only
// the modules loaded ahead). So a warmed thread also builds this small file once, every option and the common
// description elements on, before it tells its server it is ready (export-task.ts, `warm`).

const at = '2026-01-01T00:00:00.000Z';
const description =
  '<p>The valve <strong>shall</strong> close.</p><ul><li><p>One</p></li></ul><ol><li><p>Two</p></li></ol>' +
  '<table><tbody><tr><th><p>Mode</p></th></tr><tr><td><p>Normal</p></td></tr></tbody></table>' +
  '<pre><code>close();</code></pre><blockquote><p>Why</p></blockquote>';

const sample: ExportData = {
  organization: 'Reqloom',
  project: { name: 'Warm-up', description: '<p>Warm-up</p>' },
  document: { id: 1, name: 'Warm-up', acronym: 'WU', description: '<p>Warm-up</p>' },
  settings: { ...DEFAULT_DOCUMENT_SETTINGS, 'export.tableOfEvolutions': true },
  projectDocuments: [{ id: 1, name: 'Warm-up', acronym: 'WU', description: '', parents: [] }],
  categories: [
    {
      id: 1,
      document_id: 1,
      parent_id: null,
      name: 'Chapter',
      acronym: 'CH',
      description: '<p>Chapter</p>',
      reference: 'WU_CH',
      order: 1,
      _lft: 1,
      _rgt: 2,
      address: [0],
      depth: 0,
      version: 1,
      created_at: at,
      updated_at: at,
    },
  ],
  requirements: [
    {
      id: 1,
      project_id: 1,
      document_id: 1,
      category_id: 1,
      author_id: null,
      author: null,
      reference: 'WU_CH_001',
      reference_number: 1,
      name: 'Close',
      description,
      order: 1,
      status: 0,
      type: 'requirement',
      test: false,
      has_comments: false,
      tags: [],
      attributes: {},
      parents: [],
      children: [],
      coverageStatus: 'coveredAndCovering',
      version: 1,
      created_at: at,
      updated_at: at,
    },
  ],
  linked: new Map(),
  parentDocuments: [],
  childDocuments: [],
  images: new Map(),
  evolutions: [{ reference: 'WU_CH_001', at: new Date(at), author: null, changed: ['name'] }],
};

export async function warmWordExport(): Promise<void> {
  await buildWordExport(sample, 'en', new Date(at));
}
