import type { AnswerEvents, SuspectLinkPresented, ValidateLinksBody } from '@reqloom/domain';
import { api, eventsOf } from '../../api/client';

/** The project's suspect links (decisions §22), newest change of their parent first. */
export const fetchSuspectLinks = (projectId: number, signal?: AbortSignal) =>
  api
    .get<{ data: SuspectLinkPresented[] }>(`projects/suspectlinks/${projectId}`, { signal })
    .then((answer) => answer.data);

/** Marks links as reviewed; answers the events the server sent the project's room for it (both ends of each link). */
export const validateLinks = (body: ValidateLinksBody) =>
  eventsOf(api.post<AnswerEvents | undefined>('requirementlinks/validate', body));
