// @vitest-environment happy-dom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/ApiError';
import { answer, blur, focus, openPage, press, settle, type, type Page } from '../../test/page';
import { InlineText } from './InlineText';

let page: Page;
beforeEach(async () => {
  page = await openPage(() => answer(204));
});
afterEach(() => page.close());

/** The field over a saved value that the test can change, as another member's rename would. */
function Field({
  onSave,
  remote,
}: {
  onSave: (value: string) => Promise<unknown>;
  remote?: (set: (v: string) => void) => void;
}) {
  const [value, setValue] = useState('High');
  remote?.(setValue);
  return (
    <InlineText
      value={value}
      label="Title of the tag"
      maxLength={100}
      field="title"
      variant="title"
      onSave={async (next) => {
        await onSave(next);
        setValue(next);
      }}
    />
  );
}

const field = () => document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Title of the tag"]')!;

describe('a name or title edited in place', () => {
  it('saves a real change on Enter, trimmed, once', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    page.render(<Field onSave={onSave} />);
    focus(field());
    type(field(), '  Urgent ');
    press(field(), 'Enter');
    await settle();
    expect(onSave.mock.calls).toEqual([['Urgent']]);
    expect(field().value).toBe('Urgent');
    expect(document.activeElement).not.toBe(field());
  });

  it('saves on leaving the field, and sends nothing unchanged', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    page.render(<Field onSave={onSave} />);
    focus(field());
    blur(field());
    focus(field());
    type(field(), 'High ');
    blur(field());
    expect(field().value).toBe('High');
    focus(field());
    type(field(), 'Higher');
    blur(field());
    await settle();
    expect(onSave.mock.calls).toEqual([['Higher']]);
  });

  it('puts the saved text back on Escape, or when emptied, and sends nothing', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    page.render(<Field onSave={onSave} />);
    focus(field());
    type(field(), 'Something else');
    press(field(), 'Escape');
    expect(field().value).toBe('High');
    focus(field());
    type(field(), '   ');
    blur(field());
    await settle();
    expect(field().value).toBe('High');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('puts the old text back when the change is refused', async () => {
    const refused = new ApiError(422, 'Invalid.', { title: ['This classifier already has a tag with this title.'] });
    const onSave = vi.fn(() => Promise.reject(refused));
    page.render(<Field onSave={onSave} />);
    focus(field());
    type(field(), 'Low');
    press(field(), 'Enter');
    await settle();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(field().value).toBe('High');
  });

  it('follows another member’s change, unless the person is typing', () => {
    let setRemote = (_: string) => undefined as void;
    page.render(<Field onSave={() => Promise.resolve()} remote={(set) => (setRemote = set)} />);
    act(() => setRemote('Renamed'));
    expect(field().value).toBe('Renamed');
    focus(field());
    type(field(), 'Mine');
    act(() => setRemote('Renamed again'));
    expect(field().value).toBe('Mine');
  });
});
