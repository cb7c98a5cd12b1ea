import { describe, expect, it } from 'vitest';
import { ratioOf, SCENARIOS } from './figures';
import { ONE_SIZE_SCENARIOS } from './one-size';
import { benchmarkPage, latest, runsOf } from './page';

const scenarios = [...SCENARIOS, ...ONE_SIZE_SCENARIOS];
const machine = { cpus: 2, cpu: 'AMD EPYC', memoryGb: 24, node: 'v22' };
const api = (scale: string, date: string, requirementMs: number, bareMs: number) => ({
  name: `api-${scale}-pg-${date.slice(0, 10)}`,
  json: {
    date,
    scale,
    machine: { load_average: [1.5, 1, 0.5] },
    results: {
      postgres: {
        latency: {
          'GET requirements/{id}': { p50_ms: requirementMs },
          'bare SQL: one requirement by id': { p50_ms: bareMs },
        },
        throughput: { bare: { per_second: 4000 }, authenticated_read: { per_second: 2000 } },
      },
    },
  },
});

describe('the benchmark page (issue 39 §4)', () => {
  it('takes the latest run of each scenario and size', () => {
    const chosen = latest(
      runsOf(
        [
          api('10k', '2026-11-28T10:00:00Z', 9, 1),
          api('10k', '2026-11-29T10:00:00Z', 2, 1),
          api('50k', '2026-11-20T00:00:00Z', 3, 1),
        ],
        scenarios,
      ),
    );
    expect(chosen.get('api@10k')?.file).toBe('api-10k-pg-2026-11-29');
    expect(chosen.get('api@50k')?.file).toBe('api-50k-pg-2026-11-20');
  });

  it('shows each figure with its ratio to the bare reference of the same run, throughputs the other way up', () => {
    const page = benchmarkPage([api('10k', '2026-11-29T10:00:00Z', 0.8, 0.4)], scenarios, machine, new Date());
    expect(page).toContain('| GET requirements/{id}, p50 | 0.8 ms (×2) | – | – |');
    expect(page).toContain('| ↳ bare SQL: one requirement by id | 0.4 ms | – | – |');
    expect(page).toContain('2,000 req/s (×2)');
    expect(page).toContain('load 1.5 / 1 / 0.5');
  });

  it('says which sizes have no run rather than leaving them out', () => {
    const page = benchmarkPage([api('10k', '2026-11-29T10:00:00Z', 1, 1)], scenarios, machine, new Date());
    expect(page).toContain('- not run yet at 50k, 100k');
    expect(page).toMatch(/### Search[^#]*No run at these sizes yet\./);
  });

  it('gives a file to the scenario of the longest prefix (browser-matrix is not the document view)', () => {
    const runs = runsOf(
      [
        {
          name: 'browser-matrix-5k-2026-11-29',
          json: {
            started_at: '2026-11-29T08:00:00Z',
            result: {
              requirements_per_document: 5000,
              first_row_from_side_bar_ms: { p50: 800 },
              bare_page_first_row_ms: { p50: 80 },
            },
          },
        },
      ],
      scenarios,
    );
    expect(runs.map((r) => [r.scenario, r.scale])).toEqual([['browser-matrix', '5k']]);
    expect(ratioOf(runs[0]!.figures[0]!)).toBe(10);
  });

  it('leaves out a file no scenario can read', () => {
    expect(runsOf([{ name: 'api-10k-pg-2026-11-29', json: 'not a run' }], scenarios)).toEqual([]);
  });
});
