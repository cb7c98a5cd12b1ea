// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ProjectPresented, ProjectSettings } from '@reqloom/domain';
import { answer, click, openPage, settle, type Page } from '../../../test/page';
import { loadQualityEngine } from '../../quality/qualityEngine';
import { QualitySettingsForm } from './QualitySettingsForm';

let page: Page;
afterEach(() => page.close());

const project = { id: 7, my_role: 'maintainer' } as ProjectPresented;

async function show(canChange: boolean, disabled: ProjectSettings['quality']['disabled'] = []) {
  await loadQualityEngine();
  page = await openPage((call) =>
    answer(200, { data: { quality: (call.body as { settings: ProjectSettings }).settings.quality } }),
  );
  page.render(
    <QualitySettingsForm
      project={project}
      settings={{ quality: { disabled } } as ProjectSettings}
      canChange={canChange}
    />,
  );
  await settle();
}

const rule = (id: string) => document.querySelector<HTMLInputElement>(`input[data-rule="${id}"]`)!;
const save = () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save');

describe('Project settings → Quality', () => {
  it('lists every rule with a named switch, on unless the project turned it off', async () => {
    await show(true, ['too-long']);
    expect(document.querySelectorAll('input[data-rule][role="switch"]')).toHaveLength(12);
    expect(rule('tbd').checked).toBe(true);
    expect(rule('too-long').checked).toBe(false);
    expect(rule('tbd').getAttribute('aria-label')).toBe('Check “To be determined”');
    expect(document.body.textContent).toContain('INCOSE R24');
  });

  it('saves the rules turned off, in the rules’ order', async () => {
    await show(true, ['too-long']);
    expect(save()!.disabled).toBe(true);
    click(rule('tbd'));
    expect(save()!.disabled).toBe(false);
    click(save()!);
    await settle();
    expect(page.sent).toEqual([
      {
        method: 'PUT',
        url: '/api/projects/settings/7',
        body: { settings: { quality: { disabled: ['tbd', 'too-long'] } } },
      },
    ]);
  });

  it('shows the rules to a member who may not change them, switches off and no save', async () => {
    await show(false, ['tbd']);
    expect(rule('tbd').disabled).toBe(true);
    expect(rule('tbd').checked).toBe(false);
    expect(save()).toBeUndefined();
    expect(document.body.textContent).toContain('Only a maintainer changes the rules.');
  });
});
