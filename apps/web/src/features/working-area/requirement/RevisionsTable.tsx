import { Fragment, useState } from 'react';
import { ActionIcon, Table, Text, Tooltip } from '@mantine/core';
import type { RequirementPresented, RevisionPresented } from '@reqloom/domain';
import { IconChevronDown, IconChevronRight, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RichTextView } from '../../../components/editor/RichTextView';
import { useFormatDateTime } from '../../user/useFormatDateTime';
import { StatusBadge } from '../common/StatusBadge';
import { useNow } from '../../../lib/useNow';
import { relativeTime } from '../../../lib/relativeTime';
import { RevisionDialog } from './RevisionDialog';

/**
 * Earlier states of the requirement, newest first; times since each refresh every second (spec 2). Each opens
 * in a dialog that can restore it.
 */
export function RevisionsTable({
  requirement,
  revisions,
}: {
  requirement: RequirementPresented;
  revisions: readonly RevisionPresented[];
}) {
  const { t, i18n } = useTranslation();
  const now = useNow(1000);
  const formatDate = useFormatDateTime();
  const [open, setOpen] = useState<number | null>(null);
  const [shown, setShown] = useState<RevisionPresented | null>(null);
  if (revisions.length === 0) {
    return (
      <Text fz="sm" c="dimmed" fs="italic">
        {t('requirements.revisions.none')}
      </Text>
    );
  }
  return (
    <>
      {shown ? <RevisionDialog requirement={requirement} revision={shown} onClose={() => setShown(null)} /> : null}
      {/* Fixed layout: the name column takes what the others leave, and a long name wraps inside it. */}
      <Table fz="sm" layout="fixed" verticalSpacing={6} highlightOnHover aria-label={t('requirements.revisions.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36} aria-label={t('requirements.columns.description')} />
            <Table.Th w={170}>{t('requirements.revisions.when')}</Table.Th>
            <Table.Th w={170}>{t('requirements.revisions.author')}</Table.Th>
            <Table.Th>{t('requirements.revisions.name')}</Table.Th>
            <Table.Th w={120}>{t('requirements.revisions.status')}</Table.Th>
            <Table.Th w={44} aria-label={t('requirements.columns.actions')} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {revisions.map((revision) => (
            <Fragment key={revision.id}>
              <Table.Tr>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-expanded={open === revision.id}
                    aria-label={t('requirements.revisions.showDescription', { time: formatDate(revision.updated_at) })}
                    onClick={() => setOpen(open === revision.id ? null : revision.id)}
                  >
                    {open === revision.id ? <IconChevronDown size={15} /> : <IconChevronRight size={15} />}
                  </ActionIcon>
                </Table.Td>
                <Table.Td>
                  <Text span fz="sm" title={formatDate(revision.updated_at)}>
                    {relativeTime(revision.updated_at, now, i18n.language)}
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
                  <Tooltip label={t('requirements.revisions.open', { time: formatDate(revision.updated_at) })}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={t('requirements.revisions.open', { time: formatDate(revision.updated_at) })}
                      onClick={() => setShown(revision)}
                    >
                      <IconHistory size={15} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
              {open === revision.id ? (
                <Table.Tr>
                  <Table.Td />
                  <Table.Td colSpan={5}>
                    {revision.description ? (
                      <RichTextView html={revision.description} />
                    ) : (
                      <Text fz="sm" c="dimmed" fs="italic">
                        {t('requirements.noDescription')}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
