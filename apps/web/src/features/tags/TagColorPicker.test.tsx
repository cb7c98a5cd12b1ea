// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAG_COLORS } from '@reqloom/domain';
import { answer, click, clickOutside, openPage, press, settle, type Page } from '../../test/page';
import { TagColorPicker } from './TagColorPicker';

let page: Page;
beforeEach(async () => {
  page = await openPage(() => answer(204));
});
afterEach(() => page.close());

const swatch = () => document.querySelector<HTMLButtonElement>('button[aria-label^="Colour of Urgent"]')!;
const radios = () => [...document.querySelectorAll<HTMLButtonElement>('[role="radio"]')];
const checked = () => radios().find((r) => r.getAttribute('aria-checked') === 'true');
/** Opens the palette and waits for its fade-in. */
const open = async () => {
  click(swatch());
  await settle();
};

describe('the colour of a tag', () => {
  it('names its colour, and opens the nine colours in rows of three as a radio group named in words', async () => {
    page.render(<TagColorPicker value={TAG_COLORS[5]} title="Urgent" onChange={() => undefined} />);
    expect(swatch().getAttribute('aria-label')).toBe('Colour of Urgent: Blue');
    await open();
    expect(document.querySelector('[role="radiogroup"]')?.getAttribute('aria-label')).toBe('Colour of Urgent');
    expect(radios().map((r) => r.getAttribute('aria-label'))).toEqual([
      'Red',
      'Orange',
      'Yellow',
      'Green',
      'Teal',
      'Blue',
      'Indigo',
      'Purple',
      'Pink',
    ]);
    expect(checked()?.getAttribute('aria-label')).toBe('Blue');
    // One stop of the Tab key: the chosen colour.
    expect(radios().filter((r) => r.tabIndex === 0)).toEqual([checked()]);
  });

  it('takes a colour clicked, and only a new one', async () => {
    const onChange = vi.fn();
    page.render(<TagColorPicker value={TAG_COLORS[5]} title="Urgent" onChange={onChange} />);
    await open();
    click(radios()[5]!);
    await open();
    click(radios()[0]!);
    expect(onChange.mock.calls).toEqual([[TAG_COLORS[0]]]);
    await settle(300);
    expect(radios()).toEqual([]);
  });

  it('moves through the grid with the arrow keys; Escape leaves it, a click outside keeps the one moved to', async () => {
    const onChange = vi.fn();
    page.render(<TagColorPicker value={TAG_COLORS[0]} title="Urgent" onChange={onChange} />);
    await open();
    press(checked()!, 'ArrowDown');
    press(checked()!, 'ArrowRight');
    expect(checked()?.getAttribute('aria-label')).toBe('Teal');
    expect(document.activeElement).toBe(checked());
    press(checked()!, 'Escape');
    await settle(300);
    expect(radios()).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
    await open();
    press(checked()!, 'ArrowLeft');
    expect(checked()?.getAttribute('aria-label')).toBe('Pink');
    await clickOutside();
    expect(onChange.mock.calls).toEqual([[TAG_COLORS[8]]]);
  });
});
