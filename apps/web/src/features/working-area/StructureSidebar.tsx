/** The side-bar tree of the project's documents and categories (inside the project shell). Placeholder. */
export function StructureSidebar() {
  return null;
}
