import { useContext } from 'react';
import { ProjectContext, type ProjectContextValue } from './ProjectContext';

/** The current project; only screens rendered inside the project shell may call it. */
export function useProject(): ProjectContextValue {
  const value = useContext(ProjectContext);
  if (!value) throw new Error('useProject outside the project shell');
  return value;
}
