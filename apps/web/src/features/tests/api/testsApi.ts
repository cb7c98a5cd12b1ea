import type { CreateTestRunBody, TestRunPresented } from '@reqloom/domain';
import { api, written } from '../../../api/client';
import { workingAreaKeys } from '../../../api/workingAreaKeys';

// The runs of a test (decisions §16). Creating and changing tests go through the requirement calls.

interface Data<T> {
  data: T;
}

export const fetchTestRuns = async (testId: number) =>
  (await api.get<Data<TestRunPresented[]>>(`requirements/testruns/${testId}`)).data;

/** Keeps a run: answers it with the events the server sent the project for it (api/client.ts). */
export const createTestRun = (testId: number, body: CreateTestRunBody) =>
  written(api.post<Data<TestRunPresented>>(`requirements/testruns/${testId}`, body));

/** Under the project's working-area prefix, so that whatever refreshes a project's caches reaches them too. */
export const testRunsKey = workingAreaKeys.testRuns;
