import { ratioOf, type Figure, type Run, type Scenario } from './figures';

// The benchmark page (docs/benchmarks.md, `npm run bench:report`): for each scenario, its latest run at each size, its
// figures beside their bare references, and the ratio of the two. It says what is missing rather than leaving it out.

/** The project sizes issue 39 asks every project-scale scenario at. */
export const PROJECT_SCALES = ['10k', '50k', '100k'] as const;

export type ResultFile = { name: string; json: unknown };
export type Machine = { cpus: number; cpu: string; memoryGb: number; node: string };

/** Every run of the files, by scenario; a file that no scenario reads, or that cannot be read, is left out. */
export function runsOf(files: ResultFile[], scenarios: Scenario[]): Run[] {
  const runs: Run[] = [];
  for (const { name, json } of files) {
    // The longest prefix decides: `browser-matrix-5k` is the browser-matrix scenario's, not the browser's.
    const scenario = scenarios
      .filter((s) => name.startsWith(`${s.prefix}-`))
      .sort((a, b) => b.prefix.length - a.prefix.length)
      .find((s) => s.runs(json, name).length > 0);
    if (scenario) runs.push(...scenario.runs(json, name));
  }
  return runs;
}

/** The latest run of each scenario at each size (by the date the run recorded, then by file name). */
export function latest(runs: Run[]): Map<string, Run> {
  const chosen = new Map<string, Run>();
  for (const run of runs) {
    const key = `${run.scenario}@${run.scale}`;
    const before = chosen.get(key);
    if (!before || `${run.date} ${run.file}` > `${before.date} ${before.file}`) chosen.set(key, run);
  }
  return chosen;
}

const number = (n: number) =>
  n >= 100 ? Math.round(n).toLocaleString('en') : n >= 10 ? n.toFixed(1) : String(Math.round(n * 100) / 100);
// A ratio without a unit (ten baselines' storage over one's) is read to the thousandth: 1.002 is its point.
const valueOf = (value: number, unit: Figure['unit']) => (unit ? `${number(value)} ${unit}` : value.toFixed(3));
const loadText = (run: Run) => (run.load ? run.load.map((l) => number(l)).join(' / ') : 'not recorded');

function cell(figure: Figure | undefined): string {
  if (!figure) return '–';
  const ratio = ratioOf(figure);
  return ratio === null
    ? valueOf(figure.value, figure.unit)
    : `${valueOf(figure.value, figure.unit)} (×${number(ratio)})`;
}

function runsLine(runs: Run[]): string[] {
  return runs.map((r) => `- ${r.scale}: \`${r.file}\`, ${r.date} UTC, load ${loadText(r)}`);
}

/** A project-scale scenario: one column per size, the reference's own value on the row below its measure. */
function projectTable(scenario: Scenario, chosen: Map<string, Run>): string[] {
  const runs = PROJECT_SCALES.map((scale) => chosen.get(`${scenario.id}@${scale}`));
  const present = runs.filter((r): r is Run => r !== undefined);
  const lines = [`### ${scenario.title}`, '', scenario.about, ''];
  if (present.length === 0) return [...lines, 'No run at these sizes yet.', ''];
  const measures = [...new Set(present.flatMap((r) => r.figures.map((f) => f.measure)))];
  lines.push(`| measure | ${PROJECT_SCALES.join(' | ')} |`, `|---|${PROJECT_SCALES.map(() => '---:').join('|')}|`);
  for (const measure of measures) {
    const figures = runs.map((r) => r?.figures.find((f) => f.measure === measure));
    lines.push(`| ${measure} | ${figures.map(cell).join(' | ')} |`);
    const reference = figures.find((f) => f?.reference)?.reference;
    if (reference)
      lines.push(
        `| ↳ ${reference.name} | ${figures
          .map((f) => (f?.reference ? valueOf(f.reference.value, f.unit) : '–'))
          .join(' | ')} |`,
      );
  }
  const missing = PROJECT_SCALES.filter((_, i) => !runs[i]);
  lines.push('', ...runsLine(present));
  if (missing.length > 0) lines.push(`- not run yet at ${missing.join(', ')}`);
  return [...lines, ''];
}

/** The scenarios of one size: one row per figure, with its reference and ratio. */
function oneSizeTable(scenarios: Scenario[], chosen: Map<string, Run>): string[] {
  const lines = [
    '| scenario | size | measure | value | bare reference | ratio | run |',
    '|---|---:|---|---:|---|---:|---|',
  ];
  for (const scenario of scenarios) {
    const runs = [...chosen.values()].filter((r) => r.scenario === scenario.id);
    if (runs.length === 0) {
      lines.push(`| ${scenario.title} | – | not run yet | | | | |`);
      continue;
    }
    for (const run of runs.sort((a, b) => a.scale.localeCompare(b.scale, 'en', { numeric: true })))
      for (const figure of run.figures) {
        const ratio = ratioOf(figure);
        const reference = figure.reference
          ? `${figure.reference.name}: ${valueOf(figure.reference.value, figure.unit)}`
          : '';
        lines.push(
          `| ${scenario.title} | ${run.scale} | ${figure.measure} | ${valueOf(figure.value, figure.unit)} | ` +
            `${reference} | ${ratio === null ? '' : `×${number(ratio)}`} | \`${run.file}\`, ${run.date}, load ${loadText(run)} |`,
        );
      }
  }
  return lines;
}

export function benchmarkPage(files: ResultFile[], scenarios: Scenario[], machine: Machine, written: Date): string {
  const chosen = latest(runsOf(files, scenarios));
  const project = scenarios.filter((s) => s.projectScale);
  const oneSize = scenarios.filter((s) => !s.projectScale);
  return [
    '# Benchmarks',
    '',
    `Written by \`npm run bench:report\` on ${written.toISOString().slice(0, 16).replace('T', ' ')} UTC from the latest ` +
      'result of each scenario and size in `bench/results/` (each file is one run; its `.md` has every figure). ' +
      'Do not edit by hand: run the benches, then the report.',
    '',
    `Machine: ${machine.cpus} CPUs (${machine.cpu}), ${machine.memoryGb} GB, Node ${machine.node}. The machines are ` +
      'virtual and shared: a run records the load average (1, 5 and 15 minutes) as it ended, and a figure taken at a ' +
      'load above the 2 CPUs is slower than the code. So each figure stands beside a bare reference measured in the ' +
      'same run where the bench has one, and the ratio (×) is the figure over that reference: ×1 would be as fast as ' +
      'the bare SQL statement or route doing the same reads; for throughputs it is the bare rate over ours.',
    '',
    '## At 10,000, 50,000 and 100,000 requirements',
    '',
    'The bench project: 20 documents of 500, 2,500 or 5,000 requirements, in 10, 30 or 50 categories each, and as ' +
      'many links as requirements (`bench/src/generate.ts`).',
    '',
    ...project.flatMap((s) => projectTable(s, chosen)),
    '## Scenarios of one document, one screen or one room',
    '',
    "Their size is a document's, a screen's or an editing room's, which the project's size does not change; each is " +
      'shown at the size its bench ran.',
    '',
    ...oneSizeTable(oneSize, chosen),
    '',
  ].join('\n');
}
