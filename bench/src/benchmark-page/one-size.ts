import { at, figure, num, single, type Figure, type Scenario } from './figures';

// The scenarios whose size is one document, one screen or one editing room rather than the project: their time grows
// with that size, which the project's 10k, 50k or 100k requirements do not change (the bench project's documents hold
// 500, 2,500 and 5,000 requirements). Each is shown at the size its bench ran, beside its bare reference where it has
// one.

type Json = Record<string, unknown>;
const p50 = (json: unknown, ...path: string[]) => num(json, ...path, 'p50_ms') ?? num(json, ...path, 'p50');
const count = (n: number | undefined) => (n === undefined ? null : n >= 1000 ? `${n / 1000}k` : String(n));
const firstOf = (json: unknown, key: string) => ((at(json, key) as unknown[] | undefined) ?? [])[0];

const matrix = (json: unknown): Figure[] => [
  ...figure('the matrix of two documents, p50', p50(json, 'matrix', 'all'), 'ms', {
    name: 'bare SQL of the same pairs',
    value: p50(json, 'bare_sql'),
  }),
  ...figure('the matrix as .xlsx, p50', p50(json, 'exports', 'xlsx'), 'ms'),
];

const spreadsheets = (json: unknown): Figure[] => [
  ...figure('a document as .xlsx, p50', p50(json, 'exports', 'xlsx'), 'ms', {
    name: 'GET documents/requirements of it',
    value: p50(json, 'get_document_requirements'),
  }),
  ...figure('the dry run of a sheet, p50', p50(json, 'dry_run'), 'ms', {
    name: 'exceljs reading the sheet alone',
    value: num(json, 'bare_exceljs', 'read_ms'),
  }),
];

const qualityDocument = (json: unknown): Figure[] => [
  ...figure('GET documents/quality, cold, p50', p50(json, 'quality_thread', 'cold'), 'ms', {
    name: 'GET documents/requirements of it',
    value: p50(json, 'bare_document_requirements'),
  }),
  ...figure('GET documents/quality, warm, p50', p50(json, 'quality_thread', 'warm'), 'ms'),
];

const browserScreen =
  (first: string, bare: string) =>
  (json: unknown): Figure[] => {
    const result = at(json, 'result');
    return [
      ...figure('first rows after the click in the side bar, p50', p50(result, first), 'ms', {
        name: 'a bare static page of the same rows',
        value: p50(result, bare),
      }),
      ...figure('scrolling', num(result, 'scroll', 'fps'), 'fps'),
    ];
  };

const browserQuality = (json: unknown): Figure[] => [
  ...figure('one check while typing, p50', num(json, 'result', 'check_ms', 'p50'), 'ms'),
  ...figure('one check while typing, p95', num(json, 'result', 'check_ms', 'p95'), 'ms'),
];

const memory = (json: unknown): Figure[] => {
  const steps = (at(firstOf(json, 'runs'), 'steps') as Json[] | undefined) ?? [];
  const rss = (prefix: string) =>
    num(
      steps.find((s) => String(s.step).startsWith(prefix)),
      'rss_mb',
    );
  return [
    ...figure('resident, a document read (the default)', rss('one document read'), 'MB', {
      name: 'node and tsx alone',
      value: rss('node and tsx'),
    }),
    ...figure('resident, after an export and the idle stop', rss('the export thread stopped'), 'MB'),
    ...figure('resident, threads warmed (WARM_THREADS=true)', rss('both threads warmed'), 'MB'),
  ];
};

const reviews = (json: unknown): Figure[] => [
  ...figure('start a review of the document', num(json, 'start', 'first_ms'), 'ms'),
  ...figure('open it, p50', p50(json, 'open', 'without_verdicts'), 'ms'),
];

const collaboration = (json: unknown): Figure[] => {
  const one = firstOf(json, 'results');
  return [
    ...figure('a keystroke at every other editor, p50', num(one, 'all_others_p50_ms'), 'ms'),
    ...figure('a keystroke at every other editor, p99', num(one, 'all_others_p99_ms'), 'ms'),
  ];
};

const browserDocument = (json: unknown): Figure[] => {
  const rows = (at(json, 'results') as unknown[] | undefined) ?? [];
  const largest = rows[rows.length - 1];
  return [
    ...figure('first row after the click in the side bar, p50', p50(largest, 'first_row_from_side_bar_ms'), 'ms'),
    ...figure('scrolling', num(largest, 'scroll', 'fps'), 'fps'),
  ];
};

const browserLargest = (json: unknown) => {
  const rows = (at(json, 'results') as unknown[] | undefined) ?? [];
  return count(num(rows[rows.length - 1], 'requirements'));
};

const map = (json: unknown): Figure[] => {
  const rows = (at(json, 'results') as unknown[] | undefined) ?? [];
  const largest = rows[rows.length - 1];
  return [
    ...figure('first card after the toggle, p50', p50(largest, 'first_card_from_toggle_ms'), 'ms'),
    ...figure('panning', num(largest, 'pan', 'fps'), 'fps'),
  ];
};

const interchange = (json: unknown): Figure[] =>
  ((at(json, 'results') as unknown[] | undefined) ?? [])
    .filter((r) => at(r, 'database') === 'postgres')
    .flatMap((r) => figure(`${String(at(r, 'operation'))}, p50`, num(r, 'p50_s'), 's'));

const auditTrail = (json: unknown): Figure[] =>
  ((at(firstOf(json, 'audit'), 'queries') as unknown[] | undefined) ?? []).flatMap((q) =>
    figure(`a page of the trail, filter ${String(at(q, 'filter'))}, p50`, num(q, 'p50_ms'), 'ms'),
  );

const qualityRules = (json: unknown): Figure[] =>
  figure('the rules over every requirement, p50', num(json, 'check_ms', 'p50'), 'ms', {
    name: 'Intl.Segmenter splitting the same text into words',
    value: num(json, 'reference_intl_segmenter_words_ms', 'p50'),
  });

export const ONE_SIZE_SCENARIOS: Scenario[] = [
  {
    id: 'matrix',
    title: 'The traceability matrix (`npm run bench:matrix`)',
    about: 'Two linked documents of this many requirements each. PostgreSQL.',
    prefix: 'matrix',
    projectScale: false,
    runs: single('matrix', (j) => count(num(j, 'requirements_per_document')), matrix),
  },
  {
    id: 'spreadsheets',
    title: 'Spreadsheets (`npm run bench:spreadsheets`)',
    about: 'One document of this many requirements. PostgreSQL.',
    prefix: 'spreadsheets',
    projectScale: false,
    runs: single('spreadsheets', (j) => count(num(j, 'requirements')), spreadsheets),
  },
  {
    id: 'quality-document',
    title: "A document's quality (`npm run bench:quality-document`)",
    about: 'One document of this many requirements, its checks on the quality thread. PostgreSQL.',
    prefix: 'quality-document',
    projectScale: false,
    runs: single('quality-document', (j) => count(num(j, 'requirements')), qualityDocument),
  },
  {
    id: 'reviews',
    title: 'Reviews (`npm run bench:reviews`)',
    about: 'A review of one document of this many requirements. PostgreSQL.',
    prefix: 'reviews',
    projectScale: false,
    runs: single('reviews', (j) => count(num(j, 'items')), reviews),
  },
  {
    id: 'browser',
    title: 'The document view in Chromium (`npm run bench:browser`)',
    about: 'A document of this many requirements, from a click in the side bar; the built client.',
    prefix: 'browser',
    projectScale: false,
    runs: (json, file) =>
      /^browser-\d/.test(file) ? single('browser', browserLargest, browserDocument)(json, file) : [],
  },
  {
    id: 'browser-matrix',
    title: 'The matrix view in Chromium (`npm run bench:browser-matrix`)',
    about: 'Two documents of this many requirements; the built client.',
    prefix: 'browser-matrix',
    projectScale: false,
    runs: single(
      'browser-matrix',
      (j) => count(num(j, 'result', 'requirements_per_document')),
      browserScreen('first_row_from_side_bar_ms', 'bare_page_first_row_ms'),
    ),
  },
  {
    id: 'browser-suspect-links',
    title: 'The suspect links view in Chromium (`npm run bench:suspect-links`)',
    about: 'This many suspect links; the built client.',
    prefix: 'browser-suspect-links',
    projectScale: false,
    runs: single(
      'browser-suspect-links',
      (j) => count(num(j, 'result', 'links')),
      browserScreen('first_group_from_side_bar_ms', 'bare_page_first_group_ms'),
    ),
  },
  {
    id: 'browser-quality',
    title: 'Quality checks while typing in Chromium (`npm run bench:browser-quality`)',
    about: 'This many keystrokes in one requirement, every rule on.',
    prefix: 'browser-quality',
    projectScale: false,
    runs: single('browser-quality', (j) => count(num(j, 'result', 'keystrokes')), browserQuality),
  },
  {
    id: 'map',
    title: 'The traceability map in Chromium (`npm run bench:map`)',
    about: 'A project of this many requirements on the map; the built client.',
    prefix: 'map',
    projectScale: false,
    runs: single('map', browserLargest, map),
  },
  {
    id: 'collaboration',
    title: 'Collaborative editing (`npm run bench:collab`)',
    about: 'This many editors in one requirement, three keystrokes a second each.',
    prefix: 'collaboration',
    projectScale: false,
    runs: single('collaboration', (j) => count(num(j, 'editors')), collaboration),
  },
  {
    id: 'interchange',
    title: 'Word and ReqIF (`npm run bench:interchange`)',
    about: 'One document of this many requirements exported and imported through the API.',
    prefix: 'interchange',
    projectScale: false,
    runs: single('interchange', (j) => count(num(firstOf(j, 'results'), 'requirements')), interchange),
  },
  {
    id: 'audit',
    title: 'The audit trail (`npm run bench:audit`)',
    about: 'A trail of this many entries, read a page at a time. PostgreSQL.',
    prefix: 'audit',
    projectScale: false,
    runs: single('audit', (j) => (num(firstOf(j, 'audit'), 'entries') ? '1M' : null), auditTrail),
  },
  {
    id: 'quality',
    title: 'The quality rules (`npm run bench:quality`)',
    about: 'This many requirements of the bench project through the rule set, in one process.',
    prefix: 'quality',
    projectScale: false,
    runs: single('quality', (j) => count(num(j, 'requirements')), qualityRules),
  },
  {
    id: 'memory',
    title: 'Memory of the embedded server (`npm run bench:memory`)',
    about: 'The default server (PGlite in DATA_DIR) holding the 20k project, after a full garbage collection.',
    prefix: 'memory',
    projectScale: false,
    runs: single('memory', () => '20k', memory),
  },
];
