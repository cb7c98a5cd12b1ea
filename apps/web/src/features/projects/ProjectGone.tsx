import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys';
import { notifyInfo } from '../../components/notify';

interface ProjectGoneProps {
  namespace: string;
  slug: string;
  /** What to tell: deleted while open, or not found on arrival. */
  message: string;
}

/** A project that no longer exists: say so, forget it, and go back to the dashboard (spec 1 §2). */
export function ProjectGone({ namespace, slug, message }: ProjectGoneProps) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // One toast even when the deletion event and a failed reload both report it.
    notifyInfo(message, `project-gone-${namespace}/${slug}`);
    queryClient.removeQueries({ queryKey: queryKeys.projectByPath(namespace, slug) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.userProjects });
  }, [message, namespace, slug, queryClient]);
  return <Navigate to="/dashboard" replace />;
}
