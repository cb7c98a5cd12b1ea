import { useMemo } from 'react';
import type { RequirementPresented } from '@reqloom/domain';
import { useLinkedRequirements } from '../../working-area/api/useLinkedRequirements';
import { useStructure } from '../../working-area/api/useStructure';

export interface ProjectTests {
  /** The project's tests, document by document (in the structure's order), each document's in reading order. */
  tests: RequirementPresented[];
  loading: boolean;
}

/** Every test of the project, through the documents' requirement lists (the same cache as the views). */
export function useProjectTests(projectId: number): ProjectTests {
  const structure = useStructure(projectId);
  const documentIds = useMemo(() => (structure.data ?? []).map((d) => d.id), [structure.data]);
  const { byId, loading } = useLinkedRequirements(projectId, documentIds);
  const tests = useMemo(() => [...byId.values()].filter((r) => r.type === 'test'), [byId]);
  return { tests, loading: loading || structure.isPending };
}

/** The test after this one in its document's order, if any (the end dialog's "run next test"). */
export function nextTestOf(tests: readonly RequirementPresented[], test: RequirementPresented) {
  const sameDocument = tests.filter((t) => t.document_id === test.document_id);
  const index = sameDocument.findIndex((t) => t.id === test.id);
  return index === -1 ? undefined : sameDocument[index + 1];
}
