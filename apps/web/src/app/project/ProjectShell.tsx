import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { ApiError } from '../../api/ApiError';
import { uploadImage } from '../../api/attachments';
import { queryKeys } from '../../api/queryKeys';
import { ScreenError } from '../ScreenError';
import { ScreenErrorBoundary } from '../ScreenErrorBoundary';
import { ScreenLoader } from '../../components/ScreenLoader';
import { ImageUploadContext } from '../../components/editor/ImageUploadContext';
import { useWaitCursor } from '../../components/useWaitCursor';
import { useCurrentUser } from '../../features/user/useCurrentUser';
import { ProjectContext } from '../../features/projects/ProjectContext';
import { ProjectFallback } from '../../features/projects/ProjectFallback';
import { ProjectGone } from '../../features/projects/ProjectGone';
import { isMapAddress } from '../../features/projects/projectAddress';
import { projectLocationFrom, storeProjectLocation } from '../../features/projects/projectLocation';
import { projectScreens } from './projectScreens';
import { ProjectSidebar } from './ProjectSidebar';
import { fetchProjectByPath, fetchProjectSettings } from '../../features/projects/projectsApi';
import { useProjectPrefetch } from './useProjectPrefetch';
import { useProjectRealtime } from './useProjectRealtime';
import { ConflictHost } from '../../features/working-area-screens/conflicts/ConflictHost';
import classes from './ProjectShell.module.css';

const {
  overview: ProjectOverviewScreen,
  detailed: DetailedScreen,
  settings: ProjectSettingsScreen,
  playtest: PlaytestScreen,
  synaeptic: SynaepticScreen,
  history: HistoryScreen,
  suspectLinks: SuspectLinksScreen,
  matrix: MatrixScreen,
  documentQuality: DocumentQualityScreen,
  baselines: BaselinesScreen,
  baseline: BaselineScreen,
  baselineCompare: BaselineCompareScreen,
  reviews: ReviewsScreen,
  review: ReviewScreen,
} = projectScreens;

/**
 * Everything under /project/:projectNamespace/:projectSlug (spec 2 §2): loads the project by its path with a wait
 * cursor, provides it to the screens inside (ProjectContext), reloads its settings on each route change, follows
 * its realtime events, and leaves for /forbidden (not a member) or the dashboard (gone).
 */
export function ProjectShell() {
  const { t } = useTranslation();
  const { projectNamespace = '', projectSlug = '', '*': subPath = '' } = useParams();
  const { pathname } = useLocation();
  const [deleted, setDeleted] = useState(false);
  const user = useCurrentUser();
  const project = useQuery({
    queryKey: queryKeys.projectByPath(projectNamespace, projectSlug),
    queryFn: () => fetchProjectByPath(projectNamespace, projectSlug),
    enabled: !deleted,
  });
  const projectId = project.data?.id;
  const settings = useQuery({
    queryKey: queryKeys.projectSettings(projectId ?? 0),
    queryFn: () => fetchProjectSettings(projectId ?? 0),
    enabled: projectId !== undefined && !deleted,
  });
  // Images dropped or pasted into any editor of the project are stored in it.
  const uploadToProject = useMemo(
    () => (projectId === undefined ? null : (file: File) => uploadImage(projectId, file)),
    [projectId],
  );
  useProjectPrefetch(projectId, subPath);
  useWaitCursor(!deleted && (project.isPending || user.isPending));
  useProjectRealtime(project.data, subPath, () => setDeleted(true));

  // The settings are read again at each move inside the project (spec 2 §2); the first load is the query's own.
  const { refetch: refetchSettings } = settings;
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (projectId !== undefined) void refetchSettings();
  }, [pathname, projectId, refetchSettings]);

  useEffect(() => storeProjectLocation(projectLocationFrom(subPath)), [subPath]);

  // The map is full screen (spec 2): no side bar; and it stays mounted while its selection changes the address.
  const synaeptic = isMapAddress(subPath);
  const status = project.error instanceof ApiError ? project.error.status : null;
  if (deleted) return <ProjectGone namespace={projectNamespace} slug={projectSlug} message={t('project.deleted')} />;
  if (status === 404)
    return <ProjectGone namespace={projectNamespace} slug={projectSlug} message={t('project.gone')} />;
  if (status === 403) return <Navigate to="/forbidden" replace />;
  if (project.error) return <ScreenError error={project.error} />;
  if (!project.data) return <ScreenLoader />;

  return (
    <ProjectContext value={{ project: project.data, settings: settings.data ?? project.data.settings }}>
      <ImageUploadContext value={uploadToProject}>
        <div className={`${classes.shell} ${synaeptic ? classes.fullScreen : ''}`}>
          <ConflictHost />
          {synaeptic ? null : <ProjectSidebar subPath={subPath} />}
          <div className={classes.content}>
            {/* Keyed by path: a screen that failed does not keep the next one from showing; the side bar stays. */}
            <ScreenErrorBoundary key={synaeptic ? 'synaeptic' : pathname}>
              <Suspense fallback={<ScreenLoader />}>
                <Routes>
                  <Route index element={<ProjectOverviewScreen />} />
                  <Route path="detailed/:elementView?/:elementId?" element={<DetailedScreen />} />
                  <Route path="settings" element={<ProjectSettingsScreen />} />
                  <Route path="playtest/:testId?" element={<PlaytestScreen />} />
                  <Route path="synaeptic/:elementView?/:elementId?" element={<SynaepticScreen />} />
                  <Route path="history" element={<HistoryScreen />} />
                  <Route path="suspect-links" element={<SuspectLinksScreen />} />
                  <Route path="matrix" element={<MatrixScreen />} />
                  <Route path="quality/:documentId" element={<DocumentQualityScreen />} />
                  <Route path="baselines" element={<BaselinesScreen />} />
                  <Route path="baselines/compare" element={<BaselineCompareScreen />} />
                  <Route path="baselines/:baselineId" element={<BaselineScreen />} />
                  <Route path="reviews" element={<ReviewsScreen />} />
                  <Route path="reviews/:reviewId" element={<ReviewScreen />} />
                  <Route path="*" element={<ProjectFallback />} />
                </Routes>
              </Suspense>
            </ScreenErrorBoundary>
          </div>
        </div>
      </ImageUploadContext>
    </ProjectContext>
  );
}
