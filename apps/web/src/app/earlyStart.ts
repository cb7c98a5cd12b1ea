import { readEarly } from '../api/client';
import { dropEarlyReads } from '../api/earlyReads';
import { isSessionActive, subscribeSession } from '../api/session';
import { documentIdOf, isMapAddress, projectAddressOf, type ProjectAddress } from '../features/projects/projectAddress';
import { preloadProjectScreen, projectScreens } from './project/projectScreens';
import { isPublicScreen } from './publicScreens';
import { topBarParts } from './topBarParts';

/**
 * What an address needs, asked for by the first script before React renders anything (issue 9 §5). Before this,
 * each step waited for the one before it: the first render, the shell's code, the user, the project, the screen's
 * code, then the structure and the document's requirements (2.8 s to the first row of 500 requirements).
 *
 * - Code: the chunks of the project shell, of the screen its sub-path shows and of the top bar's parts.
 * - Data, only while the session clock says a session is open (as every screen asks): the user, the project by
 *   its path, and for a document's address its requirements and classifiers; once the project's id is known, its
 *   settings and its structure, or on the map's address the map's one read (which carries the structure). The
 *   server checks the session and the membership of each as always; a 401 ends the session as any call's does.
 *   The screens' own calls take these answers (`api/earlyReads.ts`).
 *
 * Resolves once that code has come, so that the first render can wait for it (`main.tsx`).
 */
export function startEarly(pathname: string): Promise<void> {
  const signedIn = isSessionActive();
  const address = projectAddressOf(pathname);
  // The reads go first: the browser opens six connections to the server, and the code of a screen is tens of files
  // that would otherwise hold the first reads back behind them (on a full load of the map, /api/user waited ~0.7 s).
  if (signedIn && address) startReads(address);
  const code: Promise<void>[] = [];
  if (signedIn && !isPublicScreen(pathname)) code.push(topBarParts.userMenu.preload());
  if (!address) return settled(code);
  code.push(projectScreens.shell.preload(), topBarParts.projectTopBar.preload());
  const screen = preloadProjectScreen(address.subPath);
  if (screen) code.push(screen);
  return settled(code);
}

function startReads(address: ProjectAddress): void {
  const unsubscribe = subscribeSession(() => {
    if (isSessionActive()) return;
    dropEarlyReads();
    unsubscribe();
  });
  void readEarly('user');
  const project = readEarly<{ data: { id: number } }>(
    `projects/showfrompath/${encodeURIComponent(address.namespace)}/${encodeURIComponent(address.slug)}`,
  );
  const documentId = documentIdOf(address.subPath);
  if (documentId !== undefined) {
    void readEarly(`documents/requirements/${documentId}`);
    void readEarly(`documents/classifiers/${documentId}`);
  }
  project.then(
    ({ data }) => {
      if (!isSessionActive()) return;
      void readEarly(`projects/settings/${data.id}`);
      // The map's read carries the structure (useMapData): asked for beside it, it would only hold it back.
      if (isMapAddress(address.subPath)) void readEarly(`projects/map/${data.id}`);
      else void readEarly(`projects/structure/${data.id}`);
    },
    () => undefined,
  );
}

/** When the code asked for has come (or failed: preloads never reject). */
const settled = (code: Promise<void>[]) => Promise.all(code).then(() => undefined);
