/**
 * The slug the web client proposes from a name (decisions §5): lower-cased, spaces to '-',
 * the characters * + ~ . ( ) ' " ! : @ removed. Accents are folded so that the result passes
 * the slug rule; anything else outside [a-z0-9_-] is dropped.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[*+~.()'"!:@]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9_-]/g, '')
    .slice(0, 100);
}
