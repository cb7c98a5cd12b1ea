import type { CommentableType } from '@reqloom/domain';

// The working area's cache keys, all under the project, so that one prefix reaches everything of a project.
// Categories come with the structure (one call for the whole project), and every requirement list of a
// document, a category or a sub-tree is derived from its document's list: fewer caches to keep in step.
export const workingAreaKeys = {
  project: (projectId: number) => ['workingArea', projectId] as const,
  structure: (projectId: number) => ['workingArea', projectId, 'structure'] as const,
  allDocumentRequirements: (projectId: number) => ['workingArea', projectId, 'documentRequirements'] as const,
  documentRequirements: (projectId: number, documentId: number) =>
    ['workingArea', projectId, 'documentRequirements', documentId] as const,
  /** The synaeptic map's compact whole of the project (GET projects/map/{id}). */
  map: (projectId: number) => ['workingArea', projectId, 'map'] as const,
  allRequirements: (projectId: number) => ['workingArea', projectId, 'requirement'] as const,
  requirement: (projectId: number, id: number) => ['workingArea', projectId, 'requirement', id] as const,
  /** A requirement's revisions (decisions §22) as of one version of it: a change asks for them again. */
  revisions: (projectId: number, id: number, version: number) =>
    ['workingArea', projectId, 'revisions', id, version] as const,
  allClassifiers: (projectId: number) => ['workingArea', projectId, 'classifiers'] as const,
  /** A document's classifiers with their tags (decisions §12), in creation order. */
  classifiers: (projectId: number, documentId: number) =>
    ['workingArea', projectId, 'classifiers', documentId] as const,
  /** The comments of the project or one of its elements, with the reader's marker. */
  comments: (projectId: number, type: CommentableType, id: number) =>
    ['workingArea', projectId, 'comments', type, id] as const,
  /** The runs of a test (decisions §16), newest first. */
  testRuns: (projectId: number, testId: number) => ['workingArea', projectId, 'testRuns', testId] as const,
  /**
   * The project's suspect links (decisions §22): every read below, reloaded together by the working area's applier
   * on each event that can change a link's mark.
   */
  suspectLinks: (projectId: number) => ['workingArea', projectId, 'suspectLinks'] as const,
  /** The Suspect links view's pages, newest change of the parent first. */
  suspectLinkPages: (projectId: number) => ['workingArea', projectId, 'suspectLinks', 'pages'] as const,
  /** How many there are: the side bar's count and the view's. */
  suspectLinkCount: (projectId: number) => ['workingArea', projectId, 'suspectLinks', 'count'] as const,
  /** The suspect links of one child: what the traceability section's dialog explains. */
  suspectLinksOfChild: (projectId: number, childId: number) =>
    ['workingArea', projectId, 'suspectLinks', 'child', childId] as const,
};
