import { useCallback } from 'react';
import type { RequirementPresented, RevisionListed } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/notify';
import { useFormatDateTime } from '../../user/useFormatDateTime';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { notifyFailure } from '../common/notifyFailure';
import { useWorkingAreaDialogs } from '../dialogs/useWorkingAreaDialogs';

/**
 * Restores a revision after a confirmation (decisions §22), from the version shown: a conflict is settled as any
 * other (decisions §19). Answers whether it was restored.
 */
export function useRestoreRevision() {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const actions = useWorkingAreaActions();
  const dialogs = useWorkingAreaDialogs();
  return useCallback(
    async (requirement: RequirementPresented, revision: RevisionListed) => {
      const yes = await dialogs.confirm({
        title: t('requirements.revisions.restoreTitle'),
        message: t('requirements.revisions.restoreConfirm', {
          time: formatDate(revision.created_at),
          reference: requirement.reference,
        }),
        confirmLabel: t('requirements.revisions.restoreConfirmButton'),
      });
      if (!yes) return false;
      try {
        await actions.restoreRequirement(requirement, revision);
        notifySuccess(t('requirements.revisions.restored'));
        return true;
      } catch (error) {
        notifyFailure(error, t);
        return false;
      }
    },
    [actions, dialogs, formatDate, t],
  );
}
