import { useMemo } from 'react';
import type { RequirementPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../components/notify';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { notifyFailure } from '../common/notifyFailure';
import { useWorkingAreaDialogs } from '../dialogs/useWorkingAreaDialogs';
import { setOpenSidePanel } from '../../../lib/sidePanelStore';

/**
 * What a requirement's buttons do, wherever they show (table, list, requirement view): copy, delete after a
 * confirmation, move; failures become error toasts (spec 2 §8: move failures are not lost silently either).
 */
export function useRequirementCommands() {
  const { t } = useTranslation();
  const actions = useWorkingAreaActions();
  const dialogs = useWorkingAreaDialogs();
  const navigate = useNavigate();
  return useMemo(
    () => ({
      /** The requirement's view (`href`) with its comments panel open: the chat icon of a row. */
      openComments: (href: string) => {
        setOpenSidePanel('comments');
        void navigate(href);
      },
      // A test has its own dialog (spec 2: editing a test opens a dialog, wherever it is listed).
      edit: (requirement: RequirementPresented) =>
        requirement.type === 'test'
          ? dialogs.open({ kind: 'test', documentId: requirement.document_id, test: requirement })
          : dialogs.open({ kind: 'requirement', documentId: requirement.document_id, requirement }),
      copy: async (requirement: RequirementPresented) => {
        try {
          const copy = await actions.copyRequirement(requirement);
          notifySuccess(t('requirements.copied', { reference: copy.reference }));
          return copy;
        } catch (error) {
          notifyFailure(error, t);
          return null;
        }
      },
      remove: async (requirement: RequirementPresented) => {
        const yes = await dialogs.confirm({
          title: t('requirements.deleteTitle'),
          message: t('requirements.deleteConfirm', { reference: requirement.reference, name: requirement.name }),
          confirmLabel: t('workingArea.delete'),
          danger: true,
        });
        if (!yes) return false;
        try {
          await actions.deleteRequirement(requirement);
          notifySuccess(t('requirements.deleted', { reference: requirement.reference }));
          return true;
        } catch (error) {
          notifyFailure(error, t);
          return false;
        }
      },
      move: async (requirement: RequirementPresented, direction: 'up' | 'down') => {
        try {
          await actions.moveRequirement(requirement, direction);
        } catch (error) {
          notifyFailure(error, t);
        }
      },
    }),
    [actions, dialogs, navigate, t],
  );
}

export type RequirementCommands = ReturnType<typeof useRequirementCommands>;
