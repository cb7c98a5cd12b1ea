import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { checkRequirement, type QualityInput } from '@reqloom/domain/quality';
import { benchArgs, machineNow, timingOf, timingRange, writeResults } from './harness';

// The requirement quality rules (decisions §25, issue 38) in Node: the check of one requirement, and of a document
// of N requirements (default 5,000) as GET documents/quality runs it (aim ≤ 500 ms for the route, so the rules must
// cost well under 0.1–0.2 ms a requirement). Texts: the hand-marked corpus (NASA cFE/HS, ProR, French ones), each
// lengthened to 30–60 words with clauses of the same kind. Bare references beside it, over the same texts:
// Intl.Segmenter's word segmentation alone, and the rules' own tokenizer (a regular expression) alone.
// Also the size of the '@reqloom/domain/quality' entry the browser lazy-loads, minified and gzipped.
// Results: bench/results/quality-<n>-<date>[-<label>].{json,md}.

const args = benchArgs('npm run bench:quality -- [--requirements 5000] [--runs 15]', {
  requirements: { type: 'string', default: '5000' },
  runs: { type: 'string', default: '15' },
});
const N = Math.max(100, Number(args.requirements));
const RUNS = Math.max(3, Number(args.runs));
const here = path.dirname(fileURLToPath(import.meta.url));
const qualityDir = path.resolve(here, '../../packages/domain/src/quality');

interface CorpusEntry {
  language: 'en' | 'fr';
  name: string;
  description: string;
}
const corpus = (
  JSON.parse(fs.readFileSync(path.join(qualityDir, 'corpus/corpus.json'), 'utf8')) as {
    requirements: CorpusEntry[];
  }
).requirements;

const MORE = {
  en: [
    'within 200 ms of the receipt of the command, as defined in the Command and Telemetry ICD',
    'and the system shall record the outcome in the event log with its time stamp',
    'when the Critical Application Table is loaded and valid, for each entry in the table',
    'in a timely manner, as appropriate, using the fastest channel available to the operator',
  ],
  fr: [
    'dans un délai de 200 ms après la réception de la commande, selon le document d’interface',
    'et le système doit enregistrer le résultat dans le journal avec son horodatage',
    'lorsque la table des applications critiques est chargée et valide, pour chaque entrée',
    'de façon rapide et conviviale, si possible, par le canal le plus fiable disponible',
  ],
};
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** N requirements of 30–60 words, in the corpus' proportion of English and French. */
function texts(n: number): QualityInput[] {
  const inputs: QualityInput[] = [];
  for (let i = 0; i < n; i++) {
    const entry = corpus[i % corpus.length]!;
    let description = entry.description.replace(/\.$/, '');
    for (let k = 0; wordCount(description) < 30 + (i % 31) && k < 8; k++) {
      description += `, ${MORE[entry.language][(i + k) % 4]}`;
    }
    inputs.push({ name: entry.name, description: `${description}.` });
  }
  return inputs;
}

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const inputs = texts(N);
const words = inputs.reduce((sum, input) => sum + wordCount(input.description), 0) / N;

function time(run: () => void): number[] {
  run(); // warm: the word lists compile and the JIT settles
  run();
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    run();
    times.push(round(performance.now() - t0));
  }
  return times;
}

let findings = 0;
const check = timingOf(
  time(() => {
    findings = 0;
    for (const input of inputs) findings += checkRequirement(input).findings.length;
  }),
);
const segmenter = new Intl.Segmenter('en', { granularity: 'word' });
const segmenterOnly = timingOf(
  time(() => {
    for (const input of inputs) for (const segment of segmenter.segment(input.description)) void segment.isWordLike;
  }),
);
const WORD = /[\p{L}\p{M}\p{N}]+(?:[-‐/][\p{L}\p{M}\p{N}]+)*/gu;
const regexOnly = timingOf(
  time(() => {
    for (const input of inputs) for (const match of input.description.matchAll(WORD)) void match.index;
  }),
);

// One requirement as the editor checks it while typing: the first call (word lists compiled) and a warm one.
const sample = inputs[0]!;
const singleRuns = time(() => {
  for (let k = 0; k < 1000; k++) checkRequirement(sample);
}).map((ms) => round((ms / 1000) * 1000, 2));

const bundle = await build({
  entryPoints: [path.join(qualityDir, 'index.ts')],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  logLevel: 'silent',
});
const code = bundle.outputFiles[0]!.contents;
const size = { minified_bytes: code.length, gzipped_bytes: zlib.gzipSync(code, { level: 9 }).length };

const perRequirementUs = round((check.p50 * 1000) / N, 1);
const json = {
  scenario: 'quality',
  requirements: N,
  mean_words: round(words),
  findings,
  date: new Date().toISOString(),
  machine: machineNow(),
  node: process.version,
  check_ms: check,
  per_requirement_us: perRequirementUs,
  one_requirement_us: timingOf(singleRuns),
  reference_intl_segmenter_words_ms: segmenterOnly,
  reference_regex_tokenizer_ms: regexOnly,
  ratio_to_segmenter: round(check.p50 / segmenterOnly.p50, 2),
  bundle: size,
};
const markdown = `# Quality rules, ${N} requirements (${json.date.slice(0, 16)} UTC)

Machine: ${json.machine.cpus} CPUs, load ${json.machine.load_average.join(' ')}; Node ${json.node}. Mean ${json.mean_words} words a
description; ${findings} findings. Times in ms, p50 (min–max) of ${RUNS} runs.

| measure | ms |
| --- | ---: |
| checkRequirement × ${N} (name + description) | ${timingRange(check)} |
| per requirement | ${round(perRequirementUs / 1000, 4)} (${perRequirementUs} µs) |
| one requirement, warm (µs) | ${timingRange(timingOf(singleRuns))} |
| bare: Intl.Segmenter words × ${N} | ${timingRange(segmenterOnly)} |
| bare: the rules' tokenizer (regex) × ${N} | ${timingRange(regexOnly)} |
| ratio to Intl.Segmenter | ${json.ratio_to_segmenter}× |

'@reqloom/domain/quality' bundled for the browser (esbuild, minified): ${size.minified_bytes} B, ${size.gzipped_bytes} B gzipped.
`;
console.log(markdown);
writeResults({ scenario: 'quality', scale: `${Math.round(N / 1000)}k`, args, json, markdown });
