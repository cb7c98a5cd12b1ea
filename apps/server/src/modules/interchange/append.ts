/**
 * Appends every item, however many. `target.push(...items)` passes them as arguments, and past about 125,000 the
 * call overflows the stack: a description of 142,000 empty paragraphs (within its million characters) made its
 * document's Word export a 500, and a file's counts (a table's rows, a document's requirements, the links it
 * leaves out) are the file's to choose.
 */
export function append<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
