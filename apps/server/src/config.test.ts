import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('the configuration of the threads (decisions §26, memory)', () => {
  it('starts them at their first job unless WARM_THREADS=true', () => {
    expect(loadConfig({}).warmThreads).toBe(false);
    expect(loadConfig({ WARM_THREADS: 'false' }).warmThreads).toBe(false);
    expect(loadConfig({ WARM_THREADS: 'true' }).warmThreads).toBe(true);
  });

  it('refuses another word, naming the variable', () => {
    expect(() => loadConfig({ WARM_THREADS: 'yes' })).toThrow(/WARM_THREADS/);
  });
});
