/**
 * Formula injection (decisions §21, §24; OWASP's advice on CSV injection): a text that starts with `=`, `+`, `-` or `@`
 * (or a tab or carriage return, which some spreadsheets read past) would be taken for a formula when a spreadsheet
 * opens the file. A CSV writes it with a leading apostrophe, which spreadsheets show as text; an import strips that
 * apostrophe back and never evaluates anything.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const looksLikeFormula = (text: string): boolean => FORMULA_START.test(text);

/** The text as a CSV cell holds it: with a leading apostrophe when it would pass for a formula. */
export const neutraliseFormula = (text: string): string => (looksLikeFormula(text) ? `'${text}` : text);

/** The text a CSV cell meant: the apostrophe `neutraliseFormula` added taken off, anything else as it is. */
export const restoreFormulaText = (text: string): string =>
  text.startsWith("'") && looksLikeFormula(text.slice(1)) ? text.slice(1) : text;

/** A status as the product names it (decisions §6), by language: what an export writes and an import reads. */
export const STATUS_WORDS = {
  en: ['Draft', 'Written', 'Reviewed', 'Validated'],
  fr: ['Brouillon', 'Rédigée', 'Relue', 'Validée'],
} as const;

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** Every spelling an import takes for each status: its number, its words in both languages, any case or accent. */
const STATUS_SPELLINGS = new Map<string, number>();
for (const words of Object.values(STATUS_WORDS))
  words.forEach((word, status) => STATUS_SPELLINGS.set(fold(word), status));
// French past participles agree with "exigence" (feminine); the masculine forms are read too.
for (const [word, status] of [
  ['redige', 1],
  ['relu', 2],
  ['valide', 3],
] as const)
  STATUS_SPELLINGS.set(word, status);
for (const status of [0, 1, 2, 3]) STATUS_SPELLINGS.set(String(status), status);

/** The status a cell names, or undefined when it names none; an empty cell is left to the caller. */
export const statusFromWord = (text: string): number | undefined => STATUS_SPELLINGS.get(fold(text));
