import { requirementReference, type RequirementPresented, type RevisionListed } from '@reqloom/domain';

/** What a revision keeps of a requirement, and what the diff to the next state compares (decisions §22). */
export type RevisionState = Pick<
  RevisionListed,
  'name' | 'description' | 'status' | 'category_id' | 'category_reference'
>;

/**
 * The requirement's category reference now: its reference less its number (decisions §6: a category's reference,
 * `_`, the number padded to 3 digits); null at the document's root.
 */
export function currentCategoryReference(requirement: RequirementPresented): string | null {
  if (requirement.category_id === null) return null;
  const suffix = requirementReference('', requirement.reference_number);
  return requirement.reference.endsWith(suffix) ? requirement.reference.slice(0, -suffix.length) : null;
}

export function stateOf(requirement: RequirementPresented): RevisionState {
  return {
    name: requirement.name,
    description: requirement.description,
    status: requirement.status,
    category_id: requirement.category_id,
    category_reference: currentCategoryReference(requirement),
  };
}

/** The state each revision gave way to, newest first: the next newer revision, or the requirement as it is now. */
export function nextStates(requirement: RequirementPresented, revisions: readonly RevisionListed[]): RevisionState[] {
  return revisions.map((_, index) => (index === 0 ? stateOf(requirement) : revisions[index - 1]!));
}

/** Whether restoring the revision would change nothing of the requirement. */
export function sameAsCurrent(requirement: RequirementPresented, revision: RevisionState): boolean {
  return (
    revision.name === requirement.name &&
    revision.description === requirement.description &&
    revision.status === requirement.status &&
    revision.category_id === requirement.category_id
  );
}
