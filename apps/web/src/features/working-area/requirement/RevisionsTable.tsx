import { Fragment, useState } from 'react';
import { ActionIcon, Group, Loader, Table, Text, Tooltip } from '@mantine/core';
import type { RequirementPresented, RevisionListed } from '@reqloom/domain';
import { IconChevronDown, IconChevronRight, IconEye, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../user/useFormatDateTime';
import { useCan } from '../../projects/useCan';
import { useProject } from '../../projects/useProject';
import { StatusBadge } from '../common/StatusBadge';
import { useNow } from '../../../lib/useNow';
import { relativeTime } from '../../../lib/relativeTime';
import { useRevisions } from '../api/useRevisions';
import { RevisionChanges } from './RevisionChanges';
import { RevisionDialog } from './RevisionDialog';
import { nextStates, sameAsCurrent } from './revisionStates';
import { useRestoreRevision } from './useRestoreRevision';

/**
 * Earlier states of the requirement, newest first; times since each refresh every second (spec 2). Each shows what
 * the next change did to it, as word-level diffs (decisions §22), opened under its row (the newest at first); each
 * opens in a dialog, and an editor restores one after a confirmation.
 */
export function RevisionsTable({ requirement }: { requirement: RequirementPresented }) {
  const { t, i18n } = useTranslation();
  const now = useNow(1000);
  const formatDate = useFormatDateTime();
  const projectId = useProject().project.id;
  const canRestore = useCan('editor');
  const restore = useRestoreRevision();
  const query = useRevisions(projectId, requirement.id, requirement.version);
  // Which revision shows its changes: the newest until the person chooses (null: none).
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  const [shown, setShown] = useState<RevisionListed | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const revisions = query.data;
  if (!revisions) return query.isError ? null : <Loader size="sm" aria-label={t('requirements.revisions.loading')} />;
  if (revisions.length === 0) {
    return (
      <Text fz="sm" c="dimmed" fs="italic">
        {t('requirements.revisions.none')}
      </Text>
    );
  }
  const open = chosen === undefined ? revisions[0]!.id : chosen;
  const next = nextStates(requirement, revisions);
  const restoreOne = async (revision: RevisionListed) => {
    setRestoring(revision.id);
    try {
      await restore(requirement, revision);
    } finally {
      setRestoring(null);
    }
  };
  return (
    <>
      {shown ? <RevisionDialog requirement={requirement} revision={shown} onClose={() => setShown(null)} /> : null}
      {/* Fixed layout: the name column takes what the others leave, and a long name wraps inside it. */}
      <Table fz="sm" layout="fixed" verticalSpacing={6} highlightOnHover aria-label={t('requirements.revisions.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36} aria-label={t('requirements.revisions.changes')} />
            <Table.Th w={170}>{t('requirements.revisions.when')}</Table.Th>
            <Table.Th w={170}>{t('requirements.revisions.author')}</Table.Th>
            <Table.Th>{t('requirements.revisions.name')}</Table.Th>
            <Table.Th w={120}>{t('requirements.revisions.status')}</Table.Th>
            <Table.Th w={canRestore ? 76 : 44} aria-label={t('requirements.columns.actions')} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {revisions.map((revision, index) => {
            const time = formatDate(revision.created_at);
            const restoreLabel = t('requirements.revisions.restoreOne', { time });
            return (
              <Fragment key={revision.id}>
                <Table.Tr data-revision={revision.id}>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-expanded={open === revision.id}
                      aria-label={t('requirements.revisions.showChanges', { time })}
                      onClick={() => setChosen(open === revision.id ? null : revision.id)}
                    >
                      {open === revision.id ? <IconChevronDown size={15} /> : <IconChevronRight size={15} />}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>
                    <Text span fz="sm" title={time}>
                      {relativeTime(revision.created_at, now, i18n.language)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{revision.author?.name ?? t('requirements.unknownAuthor')}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{revision.name}</Table.Td>
                  <Table.Td>
                    {revision.status > 0 ? (
                      <StatusBadge status={revision.status} />
                    ) : (
                      <Text fz="xs" c="dimmed">
                        {t('requirements.status.draft')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('requirements.revisions.open', { time })}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-label={t('requirements.revisions.open', { time })}
                          onClick={() => setShown(revision)}
                        >
                          <IconEye size={15} />
                        </ActionIcon>
                      </Tooltip>
                      {canRestore ? (
                        <Tooltip label={restoreLabel}>
                          <ActionIcon
                            variant="subtle"
                            size="sm"
                            aria-label={restoreLabel}
                            loading={restoring === revision.id}
                            disabled={requirement.test || sameAsCurrent(requirement, revision)}
                            onClick={() => void restoreOne(revision)}
                          >
                            <IconRestore size={15} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
                {open === revision.id ? (
                  <Table.Tr>
                    <Table.Td />
                    <Table.Td colSpan={5}>
                      <Text fz="xs" c="dimmed" mb={4}>
                        {index === 0
                          ? t('requirements.revisions.toCurrent')
                          : t('requirements.revisions.toNext', { time: formatDate(revisions[index - 1]!.created_at) })}
                      </Text>
                      <RevisionChanges before={revision} after={next[index]!} />
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </>
  );
}
