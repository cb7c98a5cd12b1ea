import { useQuery } from '@tanstack/react-query';
import { fetchTestRuns, testRunsKey } from './testsApi';

/** The runs of a test, newest first. */
export function useTestRuns(projectId: number, testId: number) {
  return useQuery({ queryKey: testRunsKey(projectId, testId), queryFn: () => fetchTestRuns(testId) });
}
