/** Upper-cased first letter of each word of a name (spec 1 §3). */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('');
}
