/**
 * A text cell that a spreadsheet would take for a formula, written as text instead (OWASP's advice on CSV injection):
 * one that starts with `=`, `+`, `-` or `@` (or a tab or carriage return, which some read past) gets a leading
 * apostrophe. Every CSV the server writes (the audit trail, decisions §21; the matrix, decisions §24) goes through it;
 * an .xlsx cell needs no such mark, as a plain string value there is never a formula.
 */
export function formulaSafeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
