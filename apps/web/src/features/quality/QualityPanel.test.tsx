// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { answer, openPage, settle, type Page } from '../../test/page';
import { requirementFixture } from '../working-area/api/workingAreaFixtures';
import { publishLiveDescription } from './liveDescriptions';
import { loadQualityEngine } from './qualityEngine';
import { QualityPanel } from './QualityPanel';

let page: Page;
afterEach(() => {
  page.close();
  publishLiveDescription(1, null);
});

async function show(
  description: string,
  disabled: readonly ('tbd' | 'too-long')[] = [],
  name = 'The pump shall start',
) {
  await loadQualityEngine();
  page = await openPage(() => answer(404, {}));
  page.render(<QualityPanel requirement={requirementFixture(1, { name, description })} disabled={disabled} />);
  await settle();
}

const panel = () => document.querySelector('[data-quality-panel]')!;
const findings = () =>
  [...document.querySelectorAll('[data-finding-rule]')].map((n) => n.getAttribute('data-finding-rule'));

describe('the Quality panel', () => {
  it('gives the score and explains each finding, with its reference', async () => {
    await show('<p>The limit shall be TBD.</p>');
    expect(findings()).toEqual(['tbd']);
    expect(panel().querySelector('[data-quality-score]')!.getAttribute('data-quality-score')).toBe('85');
    const item = document.querySelector('[data-finding-rule="tbd"]')!;
    expect(item.textContent).toContain('To be determined');
    expect(item.textContent).toContain('cannot be verified yet');
    expect(item.textContent).toContain('INCOSE C4 (complete)');
    expect(item.textContent).toContain('Warning');
  });

  it('lists the name’s findings apart from the description’s', async () => {
    await show('<p>The pump shall start within TBC seconds.</p>', [], 'Start time TBD');
    const headings = [...panel().querySelectorAll('h3')].map((h) => h.textContent);
    expect(headings).toEqual(['Name', 'Description']);
    expect(findings()).toEqual(['tbd', 'tbd']);
  });

  it('leaves out a rule the project turned off, and says when nothing is found', async () => {
    await show('<p>The limit shall be TBD.</p>', ['tbd']);
    expect(findings()).toEqual([]);
    expect(panel().textContent).toContain('Nothing ambiguous or untestable was found.');
    expect(panel().querySelector('[data-quality-score]')!.getAttribute('data-quality-score')).toBe('100');
  });

  it('follows the text an open editor holds, ahead of the saved description', async () => {
    await show('<p>The limit shall be 3 s.</p>');
    expect(findings()).toEqual([]);
    act(() => publishLiveDescription(1, 'The limit shall be TBD.'));
    await settle();
    expect(findings()).toEqual(['tbd']);
  });
});
