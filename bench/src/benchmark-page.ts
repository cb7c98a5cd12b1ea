import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCENARIOS } from './benchmark-page/figures';
import { ONE_SIZE_SCENARIOS } from './benchmark-page/one-size';
import { benchmarkPage, type ResultFile } from './benchmark-page/page';

// `npm run bench:report`: docs/benchmarks.md from the latest results in bench/results (issue 39 §4). The machine
// named is the one the report runs on, which is the one the benches ran on when they are run together.

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.resolve(here, '../results');
const pagePath = path.resolve(here, '../../docs/benchmarks.md');

const files: ResultFile[] = [];
for (const name of fs.readdirSync(resultsDir).filter((n) => n.endsWith('.json'))) {
  try {
    files.push({
      name: name.slice(0, -'.json'.length),
      json: JSON.parse(fs.readFileSync(path.join(resultsDir, name), 'utf8')),
    });
  } catch (error) {
    console.warn(`${name} left out: ${(error as Error).message}`);
  }
}
const machine = {
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model.split(' ').slice(0, 2).join(' ') ?? 'unknown',
  memoryGb: Math.round(os.totalmem() / 1024 ** 3),
  node: process.version,
};
fs.writeFileSync(pagePath, benchmarkPage(files, [...SCENARIOS, ...ONE_SIZE_SCENARIOS], machine, new Date()));
console.log(`Written to ${path.relative(process.cwd(), pagePath)} from ${files.length} result files.`);
