import { Group } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { IconCopy, IconMessageCircle, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowIconButton } from './RowIconButton';
import type { RequirementCommands } from './useRequirementCommands';

interface RequirementRowActionsProps {
  requirement: RequirementPresented;
  commands: RequirementCommands;
  /** The list's edit opens the detailed view; the table's opens the dialog (spec 2). */
  onEdit: (requirement: RequirementPresented) => void;
}

/**
 * Edit, copy, delete (copy and delete disabled for tests) and the comments indicator. Their hints are the browser's
 * own (`title`), not Mantine tooltips, and the buttons plain ones (`RowIconButton`): see there why.
 */
export function RequirementRowActions({ requirement, commands, onEdit }: RequirementRowActionsProps) {
  const { t } = useTranslation();
  const name = requirement.reference;
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <IconMessageCircle
        size={16}
        role="img"
        aria-label={requirement.has_comments ? t('requirements.hasComments') : t('requirements.noComments')}
        style={{ opacity: requirement.has_comments ? 1 : 0.25, margin: '0 4px' }}
        color="var(--mantine-color-gray-7)"
        title={requirement.has_comments ? t('requirements.hasComments') : t('requirements.noComments')}
      />
      <RowIconButton
        title={t('workingArea.edit')}
        aria-label={t('requirements.editNamed', { name })}
        onClick={() => onEdit(requirement)}
      >
        <IconPencil size={15} />
      </RowIconButton>
      <RowIconButton
        title={t('workingArea.copy')}
        disabled={requirement.test}
        aria-label={t('requirements.copyNamed', { name })}
        onClick={() => void commands.copy(requirement)}
      >
        <IconCopy size={15} />
      </RowIconButton>
      <RowIconButton
        danger
        title={t('workingArea.delete')}
        disabled={requirement.test}
        aria-label={t('requirements.deleteNamed', { name })}
        onClick={() => void commands.remove(requirement)}
      >
        <IconTrash size={15} />
      </RowIconButton>
    </Group>
  );
}
