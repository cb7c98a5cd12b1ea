/**
 * A word-level diff of two plain texts (decisions §22): what a revision, a suspect link or a baseline comparison
 * shows, and what the redline report writes as tracked changes. One implementation, so that the screen and the
 * .docx agree on what changed.
 *
 * Texts are cut into words, runs of white space and single marks of punctuation; the diff is Myers' shortest edit
 * script over those tokens, after the common start and end are set aside. Past `MAX_EDITS` differing tokens the
 * middle is shown as one removal and one insertion: a diff that large says "rewritten" better than a confetti of
 * fragments, and it bounds the work on hostile input.
 */
export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

const TOKEN = /\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;
const MAX_EDITS = 1000;

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    if (text === '') return;
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  push('same', a.slice(0, start).join(''));
  const middle = myers(a.slice(start, endA), b.slice(start, endB));
  if (middle) for (const [kind, token] of middle) push(kind, token);
  else {
    push('removed', a.slice(start, endA).join(''));
    push('added', b.slice(start, endB).join(''));
  }
  push('same', a.slice(endA).join(''));
  return orderEdits(parts);
}

/** True when the diff holds any insertion or deletion. */
export function hasChanges(parts: DiffPart[]): boolean {
  return parts.some((p) => p.kind !== 'same');
}

type Edit = [DiffPart['kind'], string];

/** Myers' O(ND) diff; null when the texts differ by more than MAX_EDITS tokens. */
function myers(a: string[], b: string[]): Edit[] | null {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((t) => ['added', t]);
  if (m === 0) return a.map((t) => ['removed', t]);
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // The furthest x of each diagonal before round d, kept for diagonals -d-1…d+1 only: memory grows with d².
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, d);
    }
  }
  return null;
}

function backtrack(trace: Int32Array[], a: string[], b: string[], depth: number): Edit[] {
  const edits: Edit[] = [];
  let x = a.length;
  let y = b.length;
  const same = (stopX: number, stopY: number) => {
    while (x > stopX && y > stopY) {
      x--;
      y--;
      edits.push(['same', a[x]!]);
    }
  };
  for (let d = depth; d > 0; d--) {
    const before = trace[d]!;
    const at = (k: number) => before[k + d + 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    same(prevX, prevX - prevK);
    if (down) edits.push(['added', b[--y]!]);
    else edits.push(['removed', a[--x]!]);
  }
  same(0, 0);
  return edits.reverse();
}

/**
 * Within a run of changes, removals before insertions ("old new", as a redline reads), and a lone space between
 * two changes joins them, so "the red car" → "a blue bus" reads as one replacement, not three.
 */
function orderEdits(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let i = 0;
  while (i < parts.length) {
    if (parts[i]!.kind === 'same') {
      out.push(parts[i]!);
      i++;
      continue;
    }
    let removed = '';
    let added = '';
    while (i < parts.length) {
      const p = parts[i]!;
      if (p.kind === 'removed') removed += p.text;
      else if (p.kind === 'added') added += p.text;
      else if (/^\s+$/.test(p.text) && i + 1 < parts.length && parts[i + 1]!.kind !== 'same') {
        removed += p.text;
        added += p.text;
      } else break;
      i++;
    }
    if (removed) out.push({ kind: 'removed', text: removed });
    if (added) out.push({ kind: 'added', text: added });
  }
  return out;
}
