// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { UserPresented } from '@reqloom/domain';
import { queryKeys } from '../../api/queryKeys';
import { setLanguage } from '../../i18n/i18n';
import { answer, openPage, settle, type Page } from '../../test/page';
import { documentFixture } from '../working-area/api/workingAreaFixtures';
import { workingAreaKeys } from '../../api/workingAreaKeys';
import { ExportSettingsPanel } from './ExportSettingsPanel';

// The export settings panel as an alpha user sees it (every option, the table of evolutions' section too), in
// each language: a person reads its headings, labels and hints, and none of them may say what another says.

let page: Page;
afterEach(async () => {
  page.close();
  await setLanguage('en', false);
});

/** The texts a person reads in the panel: its labels, headings and paragraphs, each as it shows. */
const texts = () =>
  [...document.querySelectorAll('label, p, h1, h2, h3, h4, h5, h6')]
    .map((element) => element.textContent?.replace(/\s+/g, ' ').trim() ?? '')
    .filter((text) => text !== '');

describe('ExportSettingsPanel', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`says each thing once: no label repeats a heading or another label (${lang})`, async () => {
      const structure = [documentFixture(3, { name: 'Avionics' })];
      page = await openPage(() => answer(200, { data: structure }));
      await setLanguage(lang, false);
      page.queryClient.setQueryData(queryKeys.user, { id: 1, alpha: true } satisfies Partial<UserPresented>);
      page.queryClient.setQueryData(workingAreaKeys.structure(7), structure);
      page.render(<ExportSettingsPanel documentId={3} />);
      await settle();
      const shown = texts();
      // Every option is there, the alpha ones included (a switch each, and the day).
      expect(document.querySelectorAll('input[role="switch"]')).toHaveLength(8);
      expect(shown.length).toBeGreaterThan(10);
      const repeated = shown.filter((text, i) => shown.findIndex((t) => t.toLowerCase() === text.toLowerCase()) !== i);
      expect(repeated).toEqual([]);
    });
  }
});
