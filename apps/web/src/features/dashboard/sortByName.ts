import type { GroupPresented, ProjectPresented } from '@reqloom/domain';

// The dashboard's order (spec 1 §2): by name as people read it (case and accents aside, numbers by value);
// projects of the same name by owner id. The server sends them so; sorting here keeps the rule in one reading.
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function sortProjects(projects: readonly ProjectPresented[]): ProjectPresented[] {
  return [...projects].sort((a, b) => collator.compare(a.name, b.name) || a.owner_id - b.owner_id);
}

export function sortGroups(groups: readonly GroupPresented[]): GroupPresented[] {
  return [...groups].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}
