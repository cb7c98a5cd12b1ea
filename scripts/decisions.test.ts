import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Code comments cite the product rules as "decisions §N". Each N must have a `## N.` heading in docs/decisions.md,
// so that a reader of the code can look the rule up.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders = ['apps', 'packages', 'bench', 'scripts', 'e2e'];
const skipped = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
const extensions = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

// Written with an escape, so that this file's own examples are not taken for citations.
const S = '\u00a7';
const num = '[0-9]+(?:\\.[0-9]+)?';
// "decisions", then the section sign, possibly at the start of the next comment line ("(decisions\n * §26)").
const lead = `\\bdecisions\\b[ \\t]*(?:\\r?\\n[ \\t]*(?:\\*|//)?[ \\t]*)?`;
// After "§N", every further item carries its own sign: "§4, §18", "§6 and §13", "§3–§8". A bare range "§3–8" is read
// too. After "§§", bare numbers follow: "§§3, 5", "§§3–5".
const single = `${S}${num}(?:[–-]${num}\\b)?(?:\\s*(?:,|and|or|to|–|-)\\s*${S}${num})*`;
const double = `${S}${S}${num}(?:\\s*(?:,|and|or|to|–|-)\\s*${S}?${num})*`;
const citation = new RegExp(`${lead}(${double}|${single})`, 'gi');

interface Citation {
  file: string;
  line: number;
  text: string;
  sections: number[];
}

/** The top-level section numbers that one citation names, ranges expanded ("§3–§5" gives 3, 4, 5). */
function sectionsOf(text: string): number[] {
  const sections: number[] = [];
  const parts = text.replace(/§/g, '').split(/\s*(?:,|\band\b|\bor\b)\s*/i);
  for (const part of parts) {
    const range = /^([0-9]+)(?:\.[0-9]+)?\s*(?:–|-|\bto\b)\s*([0-9]+)(?:\.[0-9]+)?$/i.exec(part.trim());
    if (range) {
      const [from, to] = [Number(range[1]), Number(range[2])];
      for (let n = Math.min(from, to); n <= Math.max(from, to); n++) sections.push(n);
    } else {
      const n = /^([0-9]+)/.exec(part.trim());
      if (n) sections.push(Number(n[1]));
    }
  }
  return sections;
}

function citationsIn(file: string, source: string): Citation[] {
  const found: Citation[] = [];
  for (const match of source.matchAll(citation)) {
    const text = match[1] ?? '';
    const at = (match.index ?? 0) + match[0].length - text.length;
    const line = source.slice(0, at).split('\n').length;
    found.push({ file, line, text, sections: sectionsOf(text) });
  }
  return found;
}

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || skipped.has(entry.name)) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (extensions.test(entry.name)) files.push(full);
  }
  return files;
}

function headings(markdown: string): Set<number> {
  return new Set([...markdown.matchAll(/^## ([0-9]+)\. /gm)].map((m) => Number(m[1])));
}

describe('the citations of docs/decisions.md', () => {
  it('reads every shape of citation the code uses', () => {
    const sample = [
      `// the rule (decisions ${S}6).`,
      `/* checked first (Decisions ${S}10, ${S}16) */`,
      `// the export (decisions ${S}6 and ${S}13), and the answers (decisions ${S}3–${S}5)`,
      `// several at once (decisions ${S}${S}7, 15) and a subsection (decisions ${S}12.3)`,
      ` * logged before it is acknowledged (decisions`,
      ` * ${S}26), and a size (decisions ${S}6, 2 MB).`,
      `// not a citation: spec 2 ${S}4, issue 9 ${S}5`,
    ].join('\n');
    expect(citationsIn('sample.ts', sample).map((c) => [c.line, c.sections])).toEqual([
      [1, [6]],
      [2, [10, 16]],
      [3, [6, 13]],
      [3, [3, 4, 5]],
      [4, [7, 15]],
      [4, [12]],
      [6, [26]],
      [6, [6]],
    ]);
  });

  it('names a citation without a heading, with its file and line', () => {
    const cited = citationsIn('a.ts', `\n// decisions ${S}2 and ${S}40`);
    const known = headings('## 2. HTTP\n\n### 2.1 More\n\n## 4. User\n');
    const missing = cited.flatMap((c) =>
      c.sections.filter((n) => !known.has(n)).map((n) => `${c.file}:${c.line} ${n}`),
    );
    expect(missing).toEqual(['a.ts:2 40']);
  });

  it('resolves every citation in the code to a `## N.` heading', () => {
    const known = headings(readFileSync(path.join(root, 'docs/decisions.md'), 'utf8'));
    const cited = folders.flatMap((folder) =>
      sourceFiles(path.join(root, folder)).flatMap((file) =>
        citationsIn(path.relative(root, file), readFileSync(file, 'utf8')),
      ),
    );
    // The code cites the rules a few hundred times: finding none would mean the walk or the pattern broke.
    expect(cited.length).toBeGreaterThan(100);
    const unresolved = cited.flatMap((c) =>
      c.sections
        .filter((n) => !known.has(n))
        .map((n) => `${c.file}:${c.line}: "decisions ${c.text}" has no "## ${n}." in docs/decisions.md`),
    );
    expect(unresolved).toEqual([]);
  });
});
