import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAG_COLORS } from '@reqloom/domain';
import { fakeBrowser, json } from '../../test/fakeBrowser';
import * as calls from './classifiersApi';

afterEach(() => {
  vi.unstubAllGlobals();
});

const tag = { id: 5, classifier_id: 2, title: 'High', color: TAG_COLORS[0] };
const classifier = { id: 2, document_id: 3, name: 'Priority', multiselect: true, tags: [tag] };

describe('the classifier and tag calls (decisions §12)', () => {
  it('ask for the paths and bodies of the API, and answer what `data` holds', async () => {
    const { calls: sent } = fakeBrowser(({ method, url }) => {
      if (method === 'DELETE') return new Response(null, { status: 204 });
      if (url.includes('/tags')) return json(method === 'POST' ? 201 : 200, { data: tag });
      if (method === 'GET') return json(200, { data: [classifier] });
      return json(method === 'POST' ? 201 : 200, { data: classifier });
    });
    expect(await calls.fetchClassifiers(3)).toEqual([classifier]);
    const body = {
      document_id: 3,
      name: 'Priority',
      multiselect: true,
      tags: [{ title: 'High', color: TAG_COLORS[0] }],
    };
    expect(await calls.createClassifier(body)).toEqual(classifier);
    expect(await calls.updateClassifier(2, { multiselect: false })).toEqual(classifier);
    expect(await calls.deleteClassifier(2)).toBeUndefined();
    expect(await calls.createTag({ classifier_id: 2, title: 'High', color: TAG_COLORS[0] })).toEqual(tag);
    expect(await calls.updateTag(5, { title: 'Higher' })).toEqual(tag);
    expect(await calls.deleteTag(5)).toBeUndefined();
    expect(sent.filter((c) => c.url !== '/sanctum/csrf-cookie').map((c) => [`${c.method} ${c.url}`, c.body])).toEqual([
      ['GET /api/documents/classifiers/3', undefined],
      ['POST /api/classifiers', body],
      ['PUT /api/classifiers/2', { multiselect: false }],
      ['DELETE /api/classifiers/2', undefined],
      ['POST /api/tags', { classifier_id: 2, title: 'High', color: TAG_COLORS[0] }],
      ['PUT /api/tags/5', { title: 'Higher' }],
      ['DELETE /api/tags/5', undefined],
    ]);
  });

  it('pass a refusal on with its field errors', async () => {
    fakeBrowser(() =>
      json(422, {
        message: 'The given data was invalid.',
        errors: { title: ['This classifier already has a tag with this title.'] },
      }),
    );
    await expect(calls.createTag({ classifier_id: 2, title: 'high', color: TAG_COLORS[0] })).rejects.toMatchObject({
      status: 422,
      errors: { title: ['This classifier already has a tag with this title.'] },
    });
  });
});
