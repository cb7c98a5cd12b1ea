import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { RequirementPresented, RevisionListed } from '@reqloom/domain';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RichTextView } from '../../../components/editor/RichTextView';
import { useCan } from '../../projects/useCan';
import { useFormatDateTime } from '../../user/useFormatDateTime';
import { StatusBadge } from '../common/StatusBadge';
import { sameAsCurrent } from './revisionStates';
import { useRestoreRevision } from './useRestoreRevision';

/**
 * One earlier state of the requirement, as it read then (name, status, description rendered), and its restoring
 * (decisions §22), which keeps the present state as a revision in its turn; an editor's (decisions §20).
 */
export function RevisionDialog({
  requirement,
  revision,
  onClose,
}: {
  requirement: RequirementPresented;
  revision: RevisionListed;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const restoreRevision = useRestoreRevision();
  const canRestore = useCan('editor');
  const same = sameAsCurrent(requirement, revision);

  // The confirmation would open under this dialog: this one closes first.
  const restore = () => {
    onClose();
    void restoreRevision(requirement, revision);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      centered
      title={t('requirements.revisions.dialogTitle', { time: formatDate(revision.created_at) })}
      closeButtonProps={{ 'aria-label': t('workingArea.closeDialog') }}
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('requirements.revisions.by', { author: revision.author?.name ?? t('requirements.unknownAuthor') })}
        </Text>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {revision.name}
          </Title>
          {revision.status > 0 ? (
            <StatusBadge status={revision.status} />
          ) : (
            <Text fz="xs" c="dimmed">
              {t('requirements.status.draft')}
            </Text>
          )}
        </Group>
        {revision.description ? (
          <RichTextView html={revision.description} />
        ) : (
          <Text fz="sm" c="dimmed" fs="italic">
            {t('requirements.noDescription')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('requirements.revisions.close')}
          </Button>
          {canRestore ? (
            <Button leftSection={<IconRestore size={16} />} disabled={same || requirement.test} onClick={restore}>
              {t('requirements.revisions.restore')}
            </Button>
          ) : null}
        </Group>
        {same ? (
          <Text fz="xs" c="dimmed" ta="right">
            {t('requirements.revisions.same')}
          </Text>
        ) : null}
      </Stack>
    </Modal>
  );
}
