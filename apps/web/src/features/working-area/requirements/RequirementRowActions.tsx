import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { IconCopy, IconMessageCircle, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RequirementCommands } from './useRequirementCommands';

interface RequirementRowActionsProps {
  requirement: RequirementPresented;
  commands: RequirementCommands;
  /** The list's edit opens the detailed view; the table's opens the dialog (spec 2). */
  onEdit: (requirement: RequirementPresented) => void;
}

/** Edit, copy, delete (copy and delete disabled for tests) and the comments indicator. */
export function RequirementRowActions({ requirement, commands, onEdit }: RequirementRowActionsProps) {
  const { t } = useTranslation();
  const name = requirement.reference;
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <Tooltip label={requirement.has_comments ? t('requirements.hasComments') : t('requirements.noComments')}>
        <IconMessageCircle
          size={16}
          role="img"
          aria-label={requirement.has_comments ? t('requirements.hasComments') : t('requirements.noComments')}
          style={{ opacity: requirement.has_comments ? 1 : 0.25, margin: '0 4px' }}
          color="var(--mantine-color-gray-7)"
        />
      </Tooltip>
      <Tooltip label={t('workingArea.edit')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('requirements.editNamed', { name })}
          onClick={() => onEdit(requirement)}
        >
          <IconPencil size={15} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('workingArea.copy')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          disabled={requirement.test}
          aria-label={t('requirements.copyNamed', { name })}
          onClick={() => void commands.copy(requirement)}
        >
          <IconCopy size={15} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('workingArea.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          disabled={requirement.test}
          aria-label={t('requirements.deleteNamed', { name })}
          onClick={() => void commands.remove(requirement)}
        >
          <IconTrash size={15} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
