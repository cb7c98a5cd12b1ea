/** What a key press in the comment box does (spec 2): Enter sends; Shift+Enter and Ctrl+Enter make a new line. */
export type ComposerKeyAction = 'send' | 'newline' | 'default';

export function composerKeyAction(event: {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
}): ComposerKeyAction {
  // Enter that ends an input method's composition (Japanese, Chinese…) only confirms the characters.
  if (event.key !== 'Enter' || event.isComposing) return 'default';
  // The browser makes the new line of Shift+Enter itself, but does nothing on Ctrl (or Cmd) with Enter.
  if (event.shiftKey) return 'default';
  if (event.ctrlKey || event.metaKey) return 'newline';
  if (event.altKey) return 'default';
  return 'send';
}
