import type { AnswerEvents, SuspectLinkCountAnswer, SuspectLinksAnswer, ValidateLinksBody } from '@reqloom/domain';
import { api, eventsOf } from '../../api/client';

/** How many links one page of the view asks for: a screenful and more, drawn at once (decisions §22). */
export const SUSPECT_PAGE_SIZE = 50;

/**
 * One page of the project's suspect links (decisions §22), newest change of their parent first; `cursor` is the
 * previous page's `next_cursor`. `childId` narrows them to one child's links.
 */
export const fetchSuspectLinkPage = (
  projectId: number,
  page: { cursor?: string | null; childId?: number; limit?: number },
  signal?: AbortSignal,
) => {
  const search = new URLSearchParams({ limit: String(page.limit ?? SUSPECT_PAGE_SIZE) });
  if (page.cursor) search.set('cursor', page.cursor);
  if (page.childId !== undefined) search.set('child_id', String(page.childId));
  return api.get<SuspectLinksAnswer>(`projects/suspectlinks/${projectId}?${search.toString()}`, { signal });
};

/** How many suspect links the project has, without their changes: the side bar's count. */
export const fetchSuspectLinkCount = (projectId: number, signal?: AbortSignal) =>
  api.get<SuspectLinkCountAnswer>(`projects/suspectlinkcount/${projectId}`, { signal }).then((a) => a.count);

/** Marks links as reviewed; answers the events the server sent the project's room for it (both ends of each link). */
export const validateLinks = (body: ValidateLinksBody) =>
  eventsOf(api.post<AnswerEvents | undefined>('requirementlinks/validate', body));
