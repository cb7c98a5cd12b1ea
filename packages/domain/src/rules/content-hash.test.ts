import { describe, expect, it } from 'vitest';
import type { RequirementPresented } from '../schemas/requirements';
import { canonicalJson, contentHashText, CONTENT_HASH_VERSION } from './content-hash';

const requirement = (over: Partial<RequirementPresented> = {}): RequirementPresented => ({
  id: 7,
  project_id: 1,
  document_id: 2,
  category_id: 3,
  author_id: 4,
  author: { id: 4, name: 'Ada' },
  reference: 'D-C-1',
  reference_number: 1,
  name: 'Brake',
  description: '<p>The car shall stop.</p>',
  order: 0,
  status: 1,
  type: 'requirement',
  test: false,
  has_comments: false,
  tags: [
    { id: 9, classifier_id: 5, title: 'Safety', color: 'red' },
    { id: 8, classifier_id: 5, title: 'ASIL-D', color: 'blue' },
  ],
  attributes: { zeta: 'z', alpha: 'a' },
  parents: [
    { id: 12, upToDate: false },
    { id: 11, upToDate: true },
  ],
  children: [],
  coverageStatus: 'coveredAndCovering',
  version: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  ...over,
});

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps array order, and writes no spaces', () => {
    expect(canonicalJson({ b: [{ y: 1, x: 'é\n' }], a: null, c: undefined })).toBe(
      '{"a":null,"b":[{"x":"é\\n","y":1}]}',
    );
  });
});

describe('contentHashText', () => {
  it('is the version line, then each document (by id) and its requirements as given, one JSON line each', () => {
    const text = contentHashText([
      { id: 5, requirements: [] },
      { id: 2, requirements: [requirement()] },
    ]);
    expect(text.split('\n')).toEqual([
      CONTENT_HASH_VERSION,
      '["document",2]',
      '{"attributes":{"alpha":"a","zeta":"z"},"category_id":3,"children":[],"description":"<p>The car shall stop.</p>",' +
        '"id":7,"name":"Brake","parents":[{"id":11,"upToDate":true},{"id":12,"upToDate":false}],"reference":"D-C-1",' +
        '"status":1,"tags":[{"classifier_id":5,"id":8,"title":"ASIL-D"},{"classifier_id":5,"id":9,"title":"Safety"}],' +
        '"type":"requirement"}',
      '["document",5]',
    ]);
  });

  it('ignores what changes without a change of content: version, times, order, comments, colours, author', () => {
    const a = contentHashText([{ id: 2, requirements: [requirement()] }]);
    const b = contentHashText([
      {
        id: 2,
        requirements: [
          requirement({
            version: 9,
            updated_at: 'x',
            order: 4,
            has_comments: true,
            author: null,
            coverageStatus: 'notCovered',
            tags: requirement()
              .tags.map((t) => ({ ...t, color: 'green' }))
              .reverse(),
          }),
        ],
      },
    ]);
    expect(b).toBe(a);
  });

  it('changes with every field a reviewer signs: name, description, status, category, tags, links, attributes', () => {
    const base = contentHashText([{ id: 2, requirements: [requirement()] }]);
    const variants: Partial<RequirementPresented>[] = [
      { name: 'Brakes' },
      { description: '<p>The car shall stop!</p>' },
      { status: 2 },
      { category_id: null },
      { reference: 'D-C-2' },
      { tags: [] },
      { parents: [{ id: 11, upToDate: false }] },
      { attributes: {} },
    ];
    for (const over of variants)
      expect(contentHashText([{ id: 2, requirements: [requirement(over)] }]), JSON.stringify(over)).not.toBe(base);
  });

  it('covers the reading order and a test’s steps', () => {
    const one = requirement({ id: 1 });
    const two = requirement({ id: 2 });
    expect(contentHashText([{ id: 2, requirements: [one, two] }])).not.toBe(
      contentHashText([{ id: 2, requirements: [two, one] }]),
    );
    const step = { step: 1, description: 'Press', expectedResult: 'Stops', status: null, observation: '' };
    const test = requirement({ type: 'test', test: true, initialConditions: 'Parked', steps: [step] });
    const line = contentHashText([{ id: 2, requirements: [test] }]).split('\n')[2]!;
    expect(JSON.parse(line)).toMatchObject({ initialConditions: 'Parked', steps: [step] });
    expect(line).not.toBe(
      contentHashText([{ id: 2, requirements: [{ ...test, steps: [{ ...step, expectedResult: 'Halts' }] }] }]).split(
        '\n',
      )[2],
    );
  });
});
