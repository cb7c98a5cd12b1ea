import fs from 'node:fs';
import { compareReports } from './report';

// `npx tsx bench/src/compare.ts before.json after.json [out.md]`: the two reports side by side.
const [beforePath, afterPath, outPath] = process.argv.slice(2);
if (!beforePath || !afterPath) throw new Error('usage: compare.ts before.json after.json [out.md]');
const read = (p: string) => JSON.parse(fs.readFileSync(p, 'utf8')) as Parameters<typeof compareReports>[0];
const markdown = compareReports(read(beforePath), read(afterPath));
if (outPath) fs.writeFileSync(outPath, markdown);
process.stdout.write(markdown);
