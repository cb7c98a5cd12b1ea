import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_PAIRS, planLinks, type StagedRequirement } from './import-links';

/** Requirement `r{n}` is requirement n, alone in document n. */
const written = (count: number) =>
  new Map<string, StagedRequirement>(Array.from({ length: count }, (_, n) => [`r${n}`, { id: n, documentId: n }]));

describe('planLinks', () => {
  it('links the documents of both ends once, and reports links within a document, to nowhere or closing a cycle', () => {
    const requirements = written(3);
    requirements.set('r0b', { id: 10, documentId: 0 });
    const planned = planLinks(
      [
        { parent: 'r0', child: 'r1' },
        { parent: 'r0b', child: 'r1' },
        { parent: 'r0', child: 'r1' },
        { parent: 'r1', child: 'r2' },
        { parent: 'r2', child: 'r0' },
        { parent: 'r2', child: 'r0b' },
        { parent: 'r0', child: 'r0b' },
        { parent: 'r0', child: 'gone' },
      ],
      requirements,
    );
    expect(planned.documentEdges).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(planned.pairs).toEqual([
      [0, 1],
      [10, 1],
      [1, 2],
    ]);
    expect(planned.skipped.map((s) => [s.what, s.reason])).toEqual([
      ['r2 → r0', 'link_cycle'],
      ['r2 → r0b', 'link_cycle'],
      ['r0 → r0b', 'link_same_document'],
      ['r0 → gone', 'link_end_missing'],
    ]);
  });

  // This runs on the server's thread, between two steps of the import: a 3.6 MB ReqIF file of 4,000 documents each
  // linked to the first held every request of the server for 39 s (each cycle check rebuilt the graph, copying
  // every parent's list of children once per edge).
  it('decides the links of many documents in a moment', () => {
    const count = 1_000;
    const links = Array.from({ length: count - 1 }, (_, n) => ({ parent: 'r0', child: `r${n + 1}` }));
    // And a chain back: each link closes a cycle through the first document.
    links.push(...Array.from({ length: count - 1 }, (_, n) => ({ parent: `r${n + 1}`, child: 'r0' })));
    const started = performance.now();
    const planned = planLinks(links, written(count));
    expect(performance.now() - started).toBeLessThan(500);
    expect(planned.documentEdges).toHaveLength(count - 1);
    expect(planned.skipped.filter((s) => s.reason === 'link_cycle')).toHaveLength(count - 1);
  });

  it('weighs at most MAX_DOCUMENT_PAIRS pairs of documents, and reports the links of the others', () => {
    const count = MAX_DOCUMENT_PAIRS + 11;
    const links = Array.from({ length: count - 1 }, (_, n) => ({ parent: 'r0', child: `r${n + 1}` }));
    const planned = planLinks([...links, { parent: 'r0', child: 'r1' }], written(count));
    expect(planned.documentEdges).toHaveLength(MAX_DOCUMENT_PAIRS);
    // The pairs already linked still take their links.
    expect(planned.pairs).toHaveLength(MAX_DOCUMENT_PAIRS);
    expect(planned.skipped).toHaveLength(10);
    expect(new Set(planned.skipped.map((s) => s.reason))).toEqual(new Set(['link_documents_limit']));
  });
});
