// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { setLanguage } from '../../i18n/i18n';
import { answer, openPage, type Page } from '../../test/page';
import { htmlToPlainText, ValueChange, WordDiff } from './WordDiff';

// The diff that revisions, suspect links and baselines show (decisions §22): insertions underlined and deletions
// struck through, each named in words for a screen reader, never by colour alone.

let page: Page;
beforeEach(async () => {
  page = await openPage(() => answer(404, { message: 'Not found.' }));
});
afterEach(async () => {
  await act(() => setLanguage('en', false));
  page.close();
});

const diff = () => document.querySelector('[data-word-diff]')!;

describe('WordDiff', () => {
  it('marks insertions with <ins> and deletions with <del>, each with a hidden word, and keeps the rest as is', () => {
    page.render(<WordDiff before="The brake shall stop the car." after="The brake shall quickly stop the train." />);
    const inserted = [...diff().querySelectorAll('ins')].map((e) => e.textContent);
    const deleted = [...diff().querySelectorAll('del')].map((e) => e.textContent);
    expect(inserted).toEqual(['added quickly ', 'added train']);
    expect(deleted).toEqual(['removed car']);
    // What a screen reader reads, in order; what the eye sees is the two texts merged.
    expect(diff().textContent).toBe('The brake shall added quickly stop the removed caradded train.');
    const hidden = [...diff().querySelectorAll('ins > span, del > span')];
    expect(hidden.map((e) => e.textContent)).toEqual(['added ', 'removed ', 'added ']);
    for (const element of hidden) expect(element.className).toMatch(/VisuallyHidden/);
    // Underline and strike-through come from the elements' classes, not from colour alone.
    expect(diff().querySelector('ins')!.className).toMatch(/added/);
    expect(diff().querySelector('del')!.className).toMatch(/removed/);
  });

  it('shows equal texts without a mark, and names the marks in French', async () => {
    page.render(<WordDiff before="Same text" after="Same text" />);
    expect(diff().querySelectorAll('ins, del')).toHaveLength(0);
    expect(diff().textContent).toBe('Same text');
    await act(() => setLanguage('fr', false));
    page.render(<WordDiff before="" after="Nouveau" />);
    expect(diff().querySelector('ins')!.textContent).toBe('ajouté Nouveau');
    page.render(<WordDiff before="Ancien" after="" />);
    expect(diff().querySelector('del')!.textContent).toBe('supprimé Ancien');
  });
});

describe('ValueChange', () => {
  it('strikes the old value through and underlines the new, each named, with an arrow hidden from screen readers', () => {
    page.render(<ValueChange before="Draft" after="Written" />);
    const change = document.querySelector('[data-value-change]')!;
    expect(change.querySelector('del')!.textContent).toBe('removed Draft');
    expect(change.querySelector('ins')!.textContent).toBe('added Written');
    expect(change.querySelector('[aria-hidden="true"]')!.textContent).toBe('→');
  });
});

describe('htmlToPlainText', () => {
  it('keeps one line per block, decodes entities and drops markup', () => {
    expect(
      htmlToPlainText('<p>The <strong>brake</strong> &amp; the  wheel</p><p></p><ul><li>one</li><li>two</li></ul>'),
    ).toBe('The brake & the wheel\none\ntwo');
    expect(htmlToPlainText('<p>a<br>b&nbsp;&#233;&#x41;</p>')).toBe('a\nb éA');
    expect(htmlToPlainText('')).toBe('');
  });
});
