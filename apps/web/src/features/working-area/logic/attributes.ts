/** The attribute names in a stable order whatever order the file had: by name, ignoring case, then as written. */
export function sortedAttributes(attributes: Record<string, string>): [string, string][] {
  return Object.entries(attributes).sort(
    ([a], [b]) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }) || (a < b ? -1 : a > b ? 1 : 0),
  );
}
