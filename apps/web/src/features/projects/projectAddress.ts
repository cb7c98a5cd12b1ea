/** The parts of a project's address (`/project/:namespace/:slug/*`), decoded as the router gives them. */
export interface ProjectAddress {
  namespace: string;
  slug: string;
  /** What follows the project's path, without its leading slash ('' for the overview). */
  subPath: string;
}

const PROJECT_PATH = /^\/project\/([^/]+)\/([^/]+)(?:\/(.*))?$/;

/** The project address of a path, or null outside a project (or for a malformed one). */
export function projectAddressOf(pathname: string): ProjectAddress | null {
  const match = PROJECT_PATH.exec(pathname);
  if (!match) return null;
  try {
    return { namespace: decodeURIComponent(match[1]!), slug: decodeURIComponent(match[2]!), subPath: match[3] ?? '' };
  } catch {
    return null;
  }
}

/** The document of a `detailed/document/:id` address, else undefined. */
export function documentIdOf(subPath: string): number | undefined {
  const match = /^detailed\/document\/(\d+)\/?$/.exec(subPath);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Whether a sub-path shows the synaeptic map (`synaeptic/:elementView?/:elementId?`). */
export const isMapAddress = (subPath: string): boolean => subPath === 'synaeptic' || subPath.startsWith('synaeptic/');
