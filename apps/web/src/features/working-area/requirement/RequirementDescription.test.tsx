// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectRole } from '@reqloom/domain';
import { answer, openPage, settle, type Page } from '../../../test/page';
import { requirementFixture } from '../api/workingAreaFixtures';
import { RequirementDescription } from './RequirementDescription';

// The description below editor (decisions §20): read only, and the page says why. The shared editor itself (Yjs, a
// socket) is stood in for by what it is given.

vi.mock('./collaboration/LazyCollaborativeDescription', () => ({
  LazyCollaborativeDescription: ({ label, readOnly }: { label: string; readOnly?: boolean }) => (
    <div aria-label={label} data-read-only={String(readOnly === true)} />
  ),
}));

let page: Page;
afterEach(() => page.close());

async function show(role: ProjectRole) {
  page = await openPage(() => answer(404, {}), 7, role);
  page.render(<RequirementDescription requirement={requirementFixture(1)} />);
  await settle();
}

const editor = () => document.querySelector('[aria-label="Description"]')!;
const notice = () => document.querySelector('[data-read-only-notice]');

describe('the requirement description by role', () => {
  it('is editable by an editor, with no notice', async () => {
    await show('editor');
    expect(editor().getAttribute('data-read-only')).toBe('false');
    expect(notice()).toBeNull();
  });

  it('is read only for a reviewer and a viewer, and says that the role does not allow changing it', async () => {
    for (const role of ['reviewer', 'viewer'] as const) {
      await show(role);
      expect(editor().getAttribute('data-read-only')).toBe('true');
      expect(notice()?.textContent).toBe(
        'You can read this description; your role in the project does not allow changing it.',
      );
      page.close();
      page = await openPage(() => answer(404, {}));
    }
  });
});
