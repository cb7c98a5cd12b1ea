/**
 * The caret of another person in the editor: a coloured bar with their name. Built with text nodes only: the name
 * is a person's own choice and must never become markup.
 */
export function renderCaret(user: { name?: unknown; color?: unknown }, unknownName: string): HTMLElement {
  const color = typeof user.color === 'string' && /^#[0-9a-f]{6}$/i.test(user.color) ? user.color : '#868e96';
  const caret = document.createElement('span');
  caret.classList.add('collaboration-carets__caret');
  caret.style.borderColor = color;
  const label = document.createElement('div');
  label.classList.add('collaboration-carets__label');
  label.style.backgroundColor = color;
  label.textContent = typeof user.name === 'string' && user.name ? user.name : unknownName;
  caret.append(label);
  return caret;
}
