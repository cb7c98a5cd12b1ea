// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answer, focus, openPage, press, settle, type, type Page } from '../../test/page';
import { ClassifierDialog } from './ClassifierDialog';
import type { ClassifierActions } from './useClassifierActions';

let page: Page;
beforeEach(async () => {
  page = await openPage(() => answer(204));
});
afterEach(() => page.close());

const row = (n: number) => document.querySelector<HTMLInputElement>(`input[aria-label="Title of tag ${n}"]`);

describe('the new classifier dialog', () => {
  it('Enter in the last tag adds a row and the very next keys go to it', async () => {
    page.render(<ClassifierDialog documentId={1} actions={{} as ClassifierActions} onClose={() => undefined} />);
    await settle(50);
    focus(row(1)!);
    type(row(1)!, 'Medium');
    press(row(1)!, 'Enter');
    // No frame between the Enter and the next key: a fast typist's.
    expect(row(2)).not.toBeNull();
    expect(document.activeElement).toBe(row(2));
  });
});
