import type { RequirementPresented } from '@reqloom/domain';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../projects/useCan';
import { CommentsButton } from './CommentsButton';
import { RowIconButton } from './RowIconButton';
import type { RequirementCommands } from './useRequirementCommands';
import classes from './RequirementsTable.module.css';

interface RequirementRowActionsProps {
  requirement: RequirementPresented;
  /** The requirement's detailed view, where the chat icon opens its comments. */
  href: string;
  commands: RequirementCommands;
  /** The list's edit opens the detailed view; the table's opens the dialog (spec 2). */
  onEdit: (requirement: RequirementPresented) => void;
}

/**
 * The comments link, edit, copy, delete (copy disabled for tests, delete for a test that has runs: decisions §16);
 * below editor the comments link alone (decisions §20).
 * Their hints are the browser's own (`title`), not Mantine tooltips, and the buttons plain ones (`RowIconButton`):
 * see there why.
 */
export function RequirementRowActions({ requirement, href, commands, onEdit }: RequirementRowActionsProps) {
  const { t } = useTranslation();
  const name = requirement.reference;
  const kept = requirement.test && requirement.has_runs === true;
  const canEdit = useCan('editor');
  return (
    <div className={classes.actions}>
      <CommentsButton
        href={href}
        reference={name}
        hasComments={requirement.has_comments}
        onOpen={commands.openComments}
      />
      {canEdit ? (
        <>
          <RowIconButton
            title={t('workingArea.edit')}
            aria-label={t('requirements.editNamed', { name })}
            onClick={() => onEdit(requirement)}
          >
            <IconPencil size={15} />
          </RowIconButton>
          <RowIconButton
            title={requirement.test ? t('tests.copyDisabled') : t('workingArea.copy')}
            disabled={requirement.test}
            aria-label={t('requirements.copyNamed', { name })}
            onClick={() => void commands.copy(requirement)}
          >
            <IconCopy size={15} />
          </RowIconButton>
          <RowIconButton
            danger
            title={kept ? t('tests.deleteHasRuns') : t('workingArea.delete')}
            disabled={kept}
            aria-description={kept ? t('tests.deleteHasRuns') : undefined}
            aria-label={t('requirements.deleteNamed', { name })}
            onClick={() => void commands.remove(requirement)}
          >
            <IconTrash size={15} />
          </RowIconButton>
        </>
      ) : null}
    </div>
  );
}
