// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TAG_COLORS, type ClassifierPresented, type TagPresented } from '@reqloom/domain';
import { answer, click, clickOutside, focus, openPage, press, settle, type, type Page } from '../../test/page';
import { requirementFixture } from '../working-area/api/workingAreaFixtures';
import { TagPicker } from './TagPicker';

// The picker in a page (happy-dom), against a fetch that records the calls: what a person does with it and what
// it sends. The browser suite (e2e/tags.spec.ts) does the same against the real server.

const tag = (id: number, classifier_id: number, title: string): TagPresented => ({
  id,
  classifier_id,
  title,
  color: TAG_COLORS[id % 9]!,
});
const priority = (multiselect: boolean): ClassifierPresented => ({
  id: 1,
  document_id: 1,
  name: 'Priority',
  multiselect,
  tags: [tag(11, 1, 'High'), tag(12, 1, 'Medium'), tag(13, 1, 'Low')],
});
// Requirement 1 holds High, and Display of another classifier, which a save must keep.
const requirement = requirementFixture(1, { version: 4, tags: [tag(11, 1, 'High'), tag(21, 2, 'Display')] });
const known = [...priority(true).tags, tag(21, 2, 'Display')];

let page: Page;
beforeEach(async () => {
  page = await openPage(({ body }) => {
    const ids = (body as { tags_id?: number[] } | undefined)?.tags_id ?? [];
    return answer(200, { data: { ...requirement, version: 5, tags: known.filter((t) => ids.includes(t.id)) } });
  });
});
afterEach(() => page.close());

const render = (classifier: ClassifierPresented) =>
  page.render(<TagPicker requirement={requirement} classifier={classifier} variant="view" />);
const trigger = () => document.querySelector<HTMLButtonElement>('button[aria-label^="Priority tags"]')!;
const options = () => [...document.querySelectorAll<HTMLElement>('[role="option"]')];
const option = (title: string) => options().find((o) => o.textContent === title)!;
const chosen = () =>
  options()
    .filter((o) => o.getAttribute('aria-selected') === 'true')
    .map((o) => o.textContent);
const filterBox = () => document.querySelector<HTMLInputElement>('input[role="combobox"]')!;
const puts = () => page.sent.filter((call) => call.method === 'PUT');

describe('the tag picker', () => {
  it('shows the held tags of its classifier and opens the choice with them chosen', () => {
    render(priority(true));
    expect(trigger().getAttribute('aria-label')).toBe('Priority tags of D_1: High');
    expect(trigger().textContent).toBe('High');
    click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(options().map((o) => o.textContent)).toEqual(['High', 'Medium', 'Low']);
    expect(chosen()).toEqual(['High']);
    expect(document.activeElement).toBe(filterBox());
  });

  it('saves what changed once, on a click outside: the whole set, from the version it opened on', async () => {
    render(priority(true));
    click(trigger());
    click(option('Low'));
    click(option('High'));
    expect(chosen()).toEqual(['Low']);
    await clickOutside();
    expect(puts()).toEqual([{ method: 'PUT', url: '/api/requirements/1', body: { tags_id: [21, 13], version: 4 } }]);
    expect(options()).toEqual([]);
  });

  it('sends nothing when the choice ends as it began, or on Escape', async () => {
    render(priority(true));
    click(trigger());
    click(option('Low'));
    click(option('Low'));
    await clickOutside();
    click(trigger());
    click(option('Medium'));
    press(filterBox(), 'Escape');
    expect(options()).toEqual([]);
    expect(trigger().textContent).toBe('High');
    expect(document.activeElement).toBe(trigger());
    await clickOutside();
    expect(puts()).toEqual([]);
  });

  it('holds one tag in a single-select classifier: choosing another replaces it', async () => {
    render(priority(false));
    click(trigger());
    expect(document.querySelector('[role="listbox"]')?.getAttribute('aria-multiselectable')).toBe('false');
    click(option('Medium'));
    expect(chosen()).toEqual(['Medium']);
    click(option('Low'));
    expect(chosen()).toEqual(['Low']);
    await clickOutside();
    expect(puts().map((call) => call.body)).toEqual([{ tags_id: [21, 13], version: 4 }]);
  });

  it('filters the tags by title, ignoring case, and is used from the keyboard', async () => {
    render(priority(true));
    focus(trigger());
    press(trigger(), 'ArrowDown');
    type(filterBox(), 'LO');
    expect(options().map((o) => o.textContent)).toEqual(['Low']);
    type(filterBox(), '');
    press(filterBox(), 'ArrowDown');
    press(filterBox(), 'Enter');
    expect(filterBox().getAttribute('aria-activedescendant')).toBe(option('Medium').id);
    expect(chosen()).toEqual(['High', 'Medium']);
    type(filterBox(), 'zzz');
    expect(options()).toEqual([]);
    expect(document.body.textContent).toContain('No tag matches.');
    await clickOutside();
    expect(puts().map((call) => call.body)).toEqual([{ tags_id: [21, 11, 12], version: 4 }]);
  });

  it('shows the choice while it is saved, and the held tags again when the save is refused', async () => {
    let refuse = () => undefined as void;
    page.close();
    page = await openPage(
      () =>
        new Promise<Response>((resolve) => {
          refuse = () => resolve(answer(422, { message: 'Invalid.', errors: { tags_id: ['Not this one.'] } }));
        }),
    );
    render(priority(true));
    click(trigger());
    click(option('Medium'));
    await clickOutside();
    expect(trigger().textContent).toBe('HighMedium');
    expect(trigger().hasAttribute('data-busy')).toBe(true);
    refuse();
    await settle();
    expect(trigger().textContent).toBe('High');
    expect(trigger().hasAttribute('data-busy')).toBe(false);
  });
});

describe('the tag picker from the keyboard', () => {
  it('saves on Tab and gives the focus back to its button', async () => {
    page.render(<TagPicker requirement={requirement} classifier={priority(true)} variant="cell" />);
    focus(trigger());
    press(trigger(), 'ArrowDown');
    press(filterBox(), 'ArrowDown');
    press(filterBox(), 'ArrowDown');
    press(filterBox(), 'Enter');
    press(filterBox(), 'Tab');
    await settle();
    expect(options()).toEqual([]);
    expect(document.activeElement).toBe(trigger());
    expect(puts().map((call) => call.body)).toEqual([{ tags_id: [21, 11, 13], version: 4 }]);
  });
});

describe('a picker left open', () => {
  it('saves what was chosen when it goes (its row scrolled out of the table), and nothing unchanged', async () => {
    page.render(<TagPicker requirement={requirement} classifier={priority(true)} variant="cell" />);
    click(trigger());
    click(option('Low'));
    page.render(<span />);
    await settle();
    expect(puts().map((call) => call.body)).toEqual([{ tags_id: [21, 11, 13], version: 4 }]);

    page.render(<TagPicker requirement={requirement} classifier={priority(true)} variant="cell" />);
    click(trigger());
    page.render(<span />);
    await settle();
    expect(puts()).toHaveLength(1);
  });
});

describe('the tag picker below editor (decisions §20)', () => {
  it('shows a viewer the held tags, with no button to change them', async () => {
    page.close();
    page = await openPage(() => answer(404, {}), 7, 'viewer');
    render(priority(true));
    expect(document.body.textContent).toContain('High');
    expect(trigger()).toBeNull();
    expect(document.querySelector('button')).toBeNull();
  });
});
