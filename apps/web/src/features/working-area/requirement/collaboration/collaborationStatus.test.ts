import { describe, expect, it } from 'vitest';
import { connectedUsers, isWritable, nextStatus, type CollaborationStatus } from './collaborationStatus';

describe('the collaboration status', () => {
  it('goes connecting → saved → saving → saved, and back to connecting on a disconnection', () => {
    let s: CollaborationStatus = 'connecting';
    expect(isWritable(s)).toBe(false);
    s = nextStatus(s, { type: 'unsynced', count: 1 });
    expect(s).toBe('connecting');
    s = nextStatus(s, { type: 'synced' });
    expect(s).toBe('saved');
    expect(isWritable(s)).toBe(true);
    s = nextStatus(s, { type: 'unsynced', count: 2 });
    expect(s).toBe('saving');
    expect(isWritable(s)).toBe(true);
    s = nextStatus(s, { type: 'unsynced', count: 0 });
    expect(s).toBe('saving');
    s = nextStatus(s, { type: 'savedShown' });
    expect(s).toBe('saved');
    s = nextStatus(s, { type: 'disconnected' });
    expect(s).toBe('connecting');
    expect(isWritable(s)).toBe(false);
  });

  it('stays in connectionError once refused', () => {
    let s = nextStatus('saved', { type: 'refused' });
    expect(s).toBe('connectionError');
    for (const type of ['synced', 'disconnected', 'savedShown'] as const) s = nextStatus(s, { type });
    expect(s).toBe('connectionError');
    expect(isWritable(s)).toBe(false);
  });
});

describe('the connected users', () => {
  it('lists each person once, and Unknown for a state without a known user', () => {
    const users = connectedUsers([
      { user: { id: 1, name: 'Ada', color: '#ff0000' } },
      { user: { id: 1, name: 'Ada', color: '#ff0000' } },
      { user: { id: 2, name: '', color: 'red;background:url(x)' } },
      {},
      { cursor: null },
    ]);
    expect(users).toEqual([
      { key: 'user.1', name: 'Ada', color: '#ff0000' },
      { key: 'user.2', name: null, color: '#868e96' },
      { key: 'unknown.0', name: null, color: '#868e96' },
      { key: 'unknown.1', name: null, color: '#868e96' },
    ]);
  });
});
