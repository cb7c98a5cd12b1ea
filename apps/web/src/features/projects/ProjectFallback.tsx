import { Navigate, useParams } from 'react-router';
import { useProject } from './useProject';
import { projectFallbackPath, projectPath } from './projectPaths';

/** An unknown path inside a project: to the detailed view of the element it ends with, else to the overview. */
export function ProjectFallback() {
  const { project } = useProject();
  const { '*': rest = '' } = useParams();
  return <Navigate to={projectPath(project.namespace, project.slug, projectFallbackPath(rest))} replace />;
}
