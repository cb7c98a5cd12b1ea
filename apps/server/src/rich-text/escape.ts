// Text put into HTML or XML, escaped once for the whole server: the ReqIF reader and writer, the Word reader and
// a shared description's last-resort paragraphs.

/** Text as element content: `&`, `<` and `>` escaped. */
export const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text as a double-quoted attribute value: element content's escapes, and `"`. */
export const escapeAttribute = (text: string): string => escapeText(text).replace(/"/g, '&quot;');
