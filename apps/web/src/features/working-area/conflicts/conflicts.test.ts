import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/ApiError';
import { conflictFields, conflictTags, saveResolvingConflicts, setConflictResolver } from './conflicts';

const conflictOf = (current: object) =>
  new ApiError(409, 'Someone else changed this since you opened it.', undefined, { message: '', current });

afterEach(() => setConflictResolver(null));

describe('saving through conflicts', () => {
  it('keeps mine: asks, then saves again over the current version', async () => {
    const resolver = vi.fn().mockResolvedValue('mine');
    setConflictResolver(resolver);
    const send = vi
      .fn()
      .mockRejectedValueOnce(conflictOf({ id: 1, name: 'Theirs', version: 5 }))
      .mockResolvedValueOnce({ id: 1, name: 'Mine', version: 6 });
    const saved = await saveResolvingConflicts('requirement', { name: 'Mine' }, 4, send);
    expect(saved).toEqual({ id: 1, name: 'Mine', version: 6 });
    expect(send.mock.calls).toEqual([[4], [5]]);
    expect(resolver).toHaveBeenCalledWith({
      kind: 'requirement',
      mine: { name: 'Mine' },
      theirs: { id: 1, name: 'Theirs', version: 5 },
    });
  });

  it('takes theirs: answers the current element and sends nothing more', async () => {
    setConflictResolver(() => Promise.resolve('theirs'));
    const send = vi.fn().mockRejectedValue(conflictOf({ id: 1, name: 'Theirs', version: 5 }));
    expect(await saveResolvingConflicts('document', { name: 'Mine' }, 4, send)).toEqual({
      id: 1,
      name: 'Theirs',
      version: 5,
    });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('passes any other failure on, unasked', async () => {
    const resolver = vi.fn();
    setConflictResolver(resolver);
    const refused = new ApiError(422, 'The given data was invalid.');
    await expect(saveResolvingConflicts('category', {}, 1, () => Promise.reject(refused))).rejects.toBe(refused);
    expect(resolver).not.toHaveBeenCalled();
  });
});

describe('the fields a conflict shows', () => {
  const tag = (id: number) => ({ id, classifier_id: 1, title: `T${id}`, color: 'rgba(239, 68, 68, 0.3)' });
  const theirs = { version: 5, name: 'Theirs', status: 1, tags: [tag(1), tag(2)] };

  it('shows only what this person saved and the other side has otherwise', () => {
    expect(conflictFields({ kind: 'requirement', mine: { name: 'Mine', status: 1 }, theirs })).toEqual(['name']);
    expect(conflictFields({ kind: 'requirement', mine: { parents_id: [3] }, theirs })).toEqual([]);
  });

  it('compares tags as sets of ids, whatever their order or their titles', () => {
    const mine = (tags: object[]) => conflictFields({ kind: 'requirement', mine: { tags }, theirs });
    expect(mine([tag(2), { ...tag(1), title: 'Renamed' }])).toEqual([]);
    expect(mine([tag(1)])).toEqual(['tags']);
    expect(mine([])).toEqual(['tags']);
    expect(conflictTags(undefined)).toEqual([]);
  });
});
