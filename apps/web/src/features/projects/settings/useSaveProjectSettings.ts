import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectPresented, ProjectSettings } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/notify';
import { applyProjectEvent } from '../applyProjectEvent';
import { updateProjectSettings } from '../projectsApi';

/** Saves part of a project's settings (the server merges them) and keeps both cached copies in step. */
export function useSaveProjectSettings(project: ProjectPresented) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<ProjectSettings>) => updateProjectSettings(project.id, patch),
    onSuccess: (settings) => {
      applyProjectEvent(queryClient, { name: 'ProjectSettingsUpdated', payload: { project_id: project.id, settings } });
      notifySuccess(t('project.settings.saved'));
    },
  });
}
