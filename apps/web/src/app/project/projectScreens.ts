import { lazyScreen } from '../lazyScreen';

/**
 * The project shell and the screens inside it, each its own chunk. Gathered here, apart from the components that
 * render them, so that the first script can ask for the code an address needs (`app/earlyStart.ts`) without
 * taking that code into the first page.
 */
export const projectScreens = {
  shell: lazyScreen(() => import('./ProjectShell'), 'ProjectShell'),
  overview: lazyScreen(() => import('./ProjectOverviewScreen'), 'ProjectOverviewScreen'),
  detailed: lazyScreen(() => import('../../features/working-area-screens/DetailedScreen'), 'DetailedScreen'),
  settings: lazyScreen(() => import('../../features/projects/settings/ProjectSettingsScreen'), 'ProjectSettingsScreen'),
  playtest: lazyScreen(() => import('../../features/tests/player/PlaytestScreen'), 'PlaytestScreen'),
  synaeptic: lazyScreen(() => import('../../features/synaeptic/SynaepticScreen'), 'SynaepticScreen'),
  history: lazyScreen(() => import('../../features/history/HistoryScreen'), 'HistoryScreen'),
  suspectLinks: lazyScreen(() => import('../../features/suspect-links/SuspectLinksScreen'), 'SuspectLinksScreen'),
  matrix: lazyScreen(() => import('../../features/matrix/MatrixScreen'), 'MatrixScreen'),
  documentQuality: lazyScreen(
    () => import('../../features/document-quality/DocumentQualityScreen'),
    'DocumentQualityScreen',
  ),
  baselines: lazyScreen(() => import('../../features/baselines/BaselinesScreen'), 'BaselinesScreen'),
  baseline: lazyScreen(() => import('../../features/baselines/BaselineScreen'), 'BaselineScreen'),
  baselineCompare: lazyScreen(() => import('../../features/baselines/BaselineCompareScreen'), 'BaselineCompareScreen'),
  reviews: lazyScreen(() => import('../../features/reviews/ReviewsScreen'), 'ReviewsScreen'),
  review: lazyScreen(() => import('../../features/reviews/ReviewScreen'), 'ReviewScreen'),
};

/** Starts loading the code of the screen a project's sub-path shows (a module is fetched once). */
export function preloadProjectScreen(subPath: string): Promise<void> | undefined {
  const view = subPath.split('/')[0];
  if (view === 'detailed') return projectScreens.detailed.preload();
  if (view === 'synaeptic') return projectScreens.synaeptic.preload();
  if (view === 'settings') return projectScreens.settings.preload();
  if (view === 'playtest') return projectScreens.playtest.preload();
  if (view === 'history') return projectScreens.history.preload();
  if (view === 'suspect-links') return projectScreens.suspectLinks.preload();
  if (view === 'matrix') return projectScreens.matrix.preload();
  if (view === 'quality') return projectScreens.documentQuality.preload();
  if (view === 'baselines') return baselinesScreen(subPath).preload();
  if (view === 'reviews') return (subPath.split('/')[1] ? projectScreens.review : projectScreens.reviews).preload();
  if (view === '') return projectScreens.overview.preload();
  return undefined;
}

/** The Baselines screen of a sub-path under `baselines`: the list, a comparison, or one baseline. */
function baselinesScreen(subPath: string) {
  const next = subPath.split('/')[1] ?? '';
  if (next === '') return projectScreens.baselines;
  return next === 'compare' ? projectScreens.baselineCompare : projectScreens.baseline;
}
