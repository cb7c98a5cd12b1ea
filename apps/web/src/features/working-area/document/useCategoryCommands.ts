import { useMemo } from 'react';
import type { CategoryPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/notify';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { notifyFailure } from '../common/notifyFailure';
import { useWorkingAreaDialogs } from '../dialogs/useWorkingAreaDialogs';

/** What a category's buttons do: edit, add a sub-category or a requirement, move, delete after a confirmation. */
export function useCategoryCommands() {
  const { t } = useTranslation();
  const actions = useWorkingAreaActions();
  const dialogs = useWorkingAreaDialogs();
  return useMemo(
    () => ({
      edit: (category: CategoryPresented) =>
        dialogs.open({ kind: 'category', documentId: category.document_id, category }),
      addSub: (category: CategoryPresented) =>
        dialogs.open({ kind: 'category', documentId: category.document_id, parentId: category.id }),
      addRequirement: (category: CategoryPresented) =>
        dialogs.open({ kind: 'requirement', documentId: category.document_id, categoryId: category.id }),
      addTest: (category: CategoryPresented) =>
        dialogs.open({ kind: 'test', documentId: category.document_id, categoryId: category.id }),
      move: async (category: CategoryPresented, direction: 'up' | 'down') => {
        try {
          await actions.moveCategory(category, direction);
        } catch (error) {
          notifyFailure(error, t);
        }
      },
      remove: async (category: CategoryPresented) => {
        const yes = await dialogs.confirm({
          title: t('categories.deleteTitle'),
          message: t('categories.deleteConfirm', { name: category.name }),
          confirmLabel: t('workingArea.delete'),
          danger: true,
        });
        if (!yes) return false;
        try {
          await actions.deleteCategory(category);
          notifySuccess(t('categories.deleted', { name: category.name }));
          return true;
        } catch (error) {
          notifyFailure(error, t);
          return false;
        }
      },
    }),
    [actions, dialogs, t],
  );
}

export type CategoryCommands = ReturnType<typeof useCategoryCommands>;
