import { useQuery } from '@tanstack/react-query';
import type { ClassifierPresented } from '@reqloom/domain';
import { workingAreaKeys } from '../../api/workingAreaKeys';
import { fetchClassifiers } from './classifiersApi';

const NONE: ClassifierPresented[] = [];

/**
 * A document's classifiers with their tags (the tags panel, the table's columns, the pickers), kept live by the
 * classifier and tag events; not asked for without a document. `classifiers` is empty until they have loaded.
 */
export function useClassifiers(projectId: number, documentId: number | undefined) {
  const query = useQuery({
    queryKey: workingAreaKeys.classifiers(projectId, documentId ?? 0),
    queryFn: () => fetchClassifiers(documentId ?? 0),
    enabled: documentId !== undefined,
  });
  return { query, classifiers: query.data ?? NONE };
}
