import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/ApiError';
import { saveResolvingConflicts, setConflictResolver } from './conflicts';

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
