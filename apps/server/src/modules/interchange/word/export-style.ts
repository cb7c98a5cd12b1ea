// The colours the Word export gives its own lines (the reference of a requirement's title, the status and link
// lines). A description cannot hold a colour, so the Word import recognises those lines of an export by them.
export const ACCENT = '1F4E79';
export const MUTED = '595959';
