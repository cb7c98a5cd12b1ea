import { Anchor, Table, Text } from '@mantine/core';
import type { AuditEntryPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { relativeTime } from '../../lib/relativeTime';
import { projectPath } from '../projects/projectPaths';
import { useProject } from '../projects/useProject';
import { useFormatDateTime } from '../user/useFormatDateTime';
import { actorLabel } from './auditActor';
import { AuditChangeList } from './AuditChangeList';
import { entrySubPath } from './entryLink';

interface HistoryEntryRowProps {
  entry: AuditEntryPresented;
  /** The server's time now, for "3 minutes ago". */
  now: number;
}

/** One entry of the History view: when, who, what, on which element (a link while it can be reached), and the change. */
export function HistoryEntryRow({ entry, now }: HistoryEntryRowProps) {
  const { t, i18n } = useTranslation();
  const { project } = useProject();
  const formatDate = useFormatDateTime();
  const subPath = entrySubPath(entry);
  const kind = t(`history.entities.${entry.entity_type}`);
  const name =
    entry.entity_reference ??
    (entry.entity_type === 'project' ? project.name : entry.entity_id ? `#${entry.entity_id}` : '');
  const absolute = formatDate(entry.at);
  return (
    <Table.Tr data-entry={entry.id}>
      <Table.Td>
        <Text span fz="sm" title={absolute} component="time" dateTime={entry.at}>
          {relativeTime(entry.at, now, i18n.language)}
        </Text>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }} title={entry.actor.type === 'cli' ? entry.actor.name : undefined}>
        {actorLabel(entry.actor, t)}
      </Table.Td>
      <Table.Td>{t(`history.actions.${entry.action}`)}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text fz="xs" c="dimmed">
          {kind}
        </Text>
        {subPath === null || !name ? (
          <Text fz="sm">{name}</Text>
        ) : (
          <Anchor component={Link} to={projectPath(project.namespace, project.slug, subPath)} fz="sm">
            {name}
          </Anchor>
        )}
      </Table.Td>
      <Table.Td>
        <AuditChangeList changes={entry.changes} entityType={entry.entity_type} />
      </Table.Td>
    </Table.Tr>
  );
}
