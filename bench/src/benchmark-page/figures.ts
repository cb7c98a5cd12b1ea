// What the benchmark page reads from one result file (bench/results/<scenario>-<scale>-<date>[-<label>].json): the
// run's headline figures, each beside the bare reference measured in the same run where the bench has one (issue 39
// §4). A ratio is only ever taken within one run: runs of different days ran on different machines.

/** One figure of a run: lower is better unless `higherIsBetter` (throughputs). */
export type Figure = {
  measure: string;
  value: number;
  unit: 'ms' | 's' | 'req/s' | 'fps' | 'MB' | '';
  higherIsBetter?: boolean;
  /** The bare reference run beside it: the ratio is value ÷ reference (or reference ÷ value for throughputs). */
  reference?: { name: string; value: number };
};

/** One run as the page shows it. `scale` names the project (10k, 50k, 100k) or the one size the scenario ran at. */
export type Run = {
  scenario: string;
  scale: string;
  file: string;
  date: string;
  load: number[] | null;
  figures: Figure[];
};

/** How far a figure is from its reference, in the direction where 1 is "as fast as bare" and more is slower. */
export function ratioOf(figure: Figure): number | null {
  const reference = figure.reference?.value;
  if (reference === undefined || reference <= 0 || figure.value <= 0) return null;
  return figure.higherIsBetter ? reference / figure.value : figure.value / reference;
}

type Json = Record<string, unknown>;
export const at = (json: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((o, key) => (o && typeof o === 'object' ? (o as Json)[key] : undefined), json);
export const num = (json: unknown, ...path: (string | number)[]): number | undefined => {
  const value = at(json, ...path);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** A figure when the file has it (older files lack newer measures), with its reference when that is there too. */
export function figure(
  measure: string,
  value: number | undefined,
  unit: Figure['unit'],
  reference?: { name: string; value: number | undefined },
  higherIsBetter = false,
): Figure[] {
  if (value === undefined) return [];
  const ref = reference?.value === undefined ? undefined : { name: reference.name, value: reference.value };
  return [{ measure, value, unit, ...(ref ? { reference: ref } : {}), ...(higherIsBetter ? { higherIsBetter } : {}) }];
}

const loadOf = (json: unknown): number[] | null => {
  for (const path of [['loadavg'], ['load_average'], ['machine', 'load_average'], ['machine', 'loadavg']]) {
    const value = at(json, ...path);
    if (Array.isArray(value) && value.every((v): v is number => typeof v === 'number')) return value;
  }
  const one = num(json, 'load');
  return one === undefined ? null : [one];
};
const dateOf = (json: unknown): string => {
  const date = [at(json, 'date'), at(json, 'at'), at(json, 'started_at')].find((d) => typeof d === 'string');
  return typeof date === 'string' ? date.slice(0, 16).replace('T', ' ') : '';
};
const thousands = (count: number) => `${Math.round(count / 1000)}k`;

/** A scenario of the page: which files are its, and the runs one file holds (the search bench writes several). */
export type Scenario = {
  id: string;
  title: string;
  /** What one run measures, said once above its table. */
  about: string;
  /** Files of this scenario: `<prefix>-…json`. */
  prefix: string;
  /** Whether its size is the project's (10k, 50k, 100k) rather than one document's or one screen's. */
  projectScale: boolean;
  runs(json: unknown, file: string): Run[];
};

export const single =
  (scenario: string, scaleOf: (json: unknown) => string | null, figures: (json: unknown) => Figure[]) =>
  (json: unknown, file: string): Run[] => {
    const scale = scaleOf(json);
    if (scale === null) return [];
    return [{ scenario, scale, file, date: dateOf(json), load: loadOf(json), figures: figures(json) }];
  };

const api = (json: unknown): Figure[] => {
  const pg = at(json, 'results', 'postgres');
  const latency = (call: string) => num(pg, 'latency', call, 'p50_ms');
  const list = Object.keys((at(pg, 'latency') as Json | undefined) ?? {}).find((k) =>
    k.startsWith('GET documents/requirements/'),
  );
  return [
    ...figure('GET requirements/{id}, p50', latency('GET requirements/{id}'), 'ms', {
      name: 'bare SQL: one requirement by id',
      value: latency('bare SQL: one requirement by id'),
    }),
    // One document of the project: 500, 2,500 or 5,000 requirements at 10k, 50k and 100k.
    ...figure('GET documents/requirements/{id} (a whole document), p50', list ? latency(list) : undefined, 'ms'),
    ...figure('GET projects/structure/{id}, p50', latency('GET projects/structure/{id}'), 'ms'),
    ...figure('GET projects/requirementlinks/{id}, p50', latency('GET projects/requirementlinks/{id}'), 'ms'),
    ...figure('POST requirements, p50', latency('POST requirements'), 'ms'),
    ...figure('PUT requirements/{id} (status), p50', latency('PUT requirements/{id} (status)'), 'ms'),
    ...figure(
      'authenticated GET requirements/{id}, throughput',
      num(pg, 'throughput', 'authenticated_read', 'per_second'),
      'req/s',
      { name: 'bare Fastify + pg route', value: num(pg, 'throughput', 'bare', 'per_second') },
      true,
    ),
    ...figure(
      '100 users with 100 subscribed sockets, throughput',
      num(pg, 'realtime', 'with_sockets', 'per_second'),
      'req/s',
      { name: 'the same users without sockets', value: num(pg, 'realtime', 'without_sockets', 'per_second') },
      true,
    ),
    ...figure('realtime delivery after the answer, p99', num(pg, 'realtime', 'delivery', 'after_answer_p99_ms'), 'ms'),
  ];
};

const baselines = (json: unknown): Figure[] => [
  ...figure('first baseline of the project', num(json, 'create', 'first_ms'), 'ms', {
    name: 'bare INSERT … SELECT copy',
    value: num(json, 'create', 'bare_copy', 'p50_ms'),
  }),
  ...figure(
    'compare two baselines (1 % changed), p50',
    num(json, 'compare', 'two_baselines_1_percent', 'p50_ms'),
    'ms',
    {
      name: 'bare read of both sides',
      value: num(json, 'compare', 'bare_read_both_sides', 'p50_ms'),
    },
  ),
  ...figure('compare a baseline with now, p50', num(json, 'compare', 'baseline_to_now', 'p50_ms'), 'ms'),
  ...figure('storage of ten baselines ÷ one', num(json, 'storage', 'ratio_ten_to_one'), ''),
];

const auditWrites = (json: unknown): Figure[] =>
  ((at(json, 'figures') as unknown[] | undefined) ?? []).flatMap((f) =>
    figure(`${String(at(f, 'operation'))}, p50, the trail on`, num(f, 'with_audit', 'p50_ms'), 'ms', {
      name: 'the same writes with the trail off',
      value: num(f, 'without_audit', 'p50_ms'),
    }),
  );

const backup = (json: unknown): Figure[] =>
  ((at(json, 'results') as unknown[] | undefined) ?? [])
    .filter((r) => at(r, 'database') === 'postgres')
    .flatMap((r) => {
      const operation = String(at(r, 'operation'));
      const bare = operation === 'backup' ? 'pg_dump -Fc' : 'pg_restore';
      return [
        ...figure(`${operation}, p50`, num(r, 'p50_s'), 's', {
          name: bare,
          value: num(r, 'bare_p50_s'),
        }),
        ...figure(`${operation}, peak resident memory`, num(r, 'peak_rss_mb'), 'MB'),
        ...(operation === 'backup' ? figure('the backup file (gzip)', num(r, 'file_mb'), 'MB') : []),
      ];
    });

const search = (json: unknown, file: string): Run[] =>
  ((at(json, 'search') as unknown[] | undefined) ?? [])
    .filter((r) => at(r, 'database') === 'postgres')
    .map((r) => ({
      scenario: 'search',
      scale: String(at(r, 'scale')),
      file,
      date: dateOf(json),
      load: loadOf(json),
      figures: [
        ...figure('a word, p50', num(r, 'word_p50_ms'), 'ms', {
          name: 'the same match as bare SQL',
          value: num(r, 'bare_sql_p50_ms'),
        }),
        ...figure('a word, p95', num(r, 'word_p95_ms'), 'ms'),
        ...figure('a reference, p50', num(r, 'reference_p50_ms'), 'ms'),
      ],
    }));

/** The scenarios of the page, project scale first; a result file of no scenario here is not shown. */
export const SCENARIOS: Scenario[] = [
  {
    id: 'api',
    title: 'The API (`npm run bench`)',
    about:
      'In-process calls through the whole stack with a session (routing, session, access, validation, service, ' +
      'presenter, JSON), then loopback HTTP throughput and 100 Socket.IO clients on the project. PostgreSQL.',
    prefix: 'api',
    projectScale: true,
    runs: (json, file) =>
      file.includes('-pg-')
        ? single('api', (j) => (at(j, 'scale') as string | undefined) ?? null, api)(json, file)
        : [],
  },
  {
    id: 'search',
    title: 'Search (`npm run bench:search`)',
    about: 'POST projects/search, 15 results, a random word of the vocabulary or a requirement reference. PostgreSQL.',
    prefix: 'search',
    projectScale: true,
    runs: search,
  },
  {
    id: 'baselines',
    title: 'Baselines (`npm run bench:baselines`)',
    about:
      'A baseline of the whole project, its comparisons, and its storage. PostgreSQL. A comparison of two baselines ' +
      'reads their manifests of hashes, so it is faster than its bare reference, which reads both sides whole.',
    prefix: 'baselines',
    projectScale: true,
    runs: single('baselines', (j) => (num(j, 'requirements') ? thousands(num(j, 'requirements')!) : null), baselines),
  },
  {
    id: 'audit-writes',
    title: 'Writes with the audit trail (`npm run bench:audit-writes`)',
    about: 'Blocks of the same writes with the trail on and off, alternating in one process. PostgreSQL.',
    prefix: 'audit-writes',
    projectScale: true,
    runs: (json, file) =>
      file.includes('-pg-')
        ? single('audit-writes', (j) => (at(j, 'scale') as string | undefined) ?? null, auditWrites)(json, file)
        : [],
  },
  {
    id: 'backup',
    title: 'Backup and restore (`npm run bench:backup`)',
    about: 'The whole database to a file and back into an empty one, each in a process of its own. PostgreSQL.',
    prefix: 'backup',
    projectScale: true,
    runs: single('backup', (j) => (at(j, 'scale') as string | undefined) ?? null, backup),
  },
];
