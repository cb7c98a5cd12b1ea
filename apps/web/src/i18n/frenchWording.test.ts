import { describe, expect, it } from 'vitest';
import baselinesFr from './baselines.fr.json';
import fr from './fr.json';
import historyFr from './history.fr.json';
import membersFr from './members.fr.json';
import reviewsFr from './reviews.fr.json';
import testsFr from './tests.fr.json';
import workingAreaFr from './working-area.fr.json';

// Traceability in French says parent(s) and enfant(s), one word each (issue 31: « Parents (2) » stood beside
// « Modifier les parentes », and children were « filles » here and « fils » there).

function texts(node: unknown, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
}

describe('French parent and child wording', () => {
  it('uses parent(s) and enfant(s), never parente(s), fille(s) or fils', () => {
    const all = [fr, workingAreaFr, testsFr, membersFr, historyFr, baselinesFr, reviewsFr].flatMap((catalog) =>
      texts(catalog),
    );
    expect(all.length).toBeGreaterThan(500);
    const off = all.filter(([, text]) =>
      /\b(parentes?|filles?|fils)\b/iu.test(text.replace(/catégorie parente/giu, '')),
    );
    expect(off).toEqual([]);
  });
});
