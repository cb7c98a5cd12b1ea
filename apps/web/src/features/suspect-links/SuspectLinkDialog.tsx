import { Anchor, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/formatDateTime';
import { useProject } from '../projects/useProject';
import { useWorkingAreaPaths } from '../working-area/common/useWorkingAreaPaths';
import { SUSPECT_LINKS_PATH } from './SuspectLinksNavLink';
import { projectPath } from '../projects/projectPaths';
import { SuspectChange } from './SuspectChange';
import { useReaderTimeZone } from './useReaderTimeZone';
import { useChildSuspectLinks } from './useChildSuspectLinks';

interface SuspectLinkDialogProps {
  /** The stale link to explain, or null when the dialog is closed. */
  link: { parentId: number; childId: number } | null;
  onClose: () => void;
}

/**
 * A stale link of the traceability section, explained (decisions §22): its parent's change since the link was last
 * up to date, as the Suspect links view shows it, with the way there to mark it as reviewed.
 */
export function SuspectLinkDialog({ link, onClose }: SuspectLinkDialogProps) {
  const { t, i18n } = useTranslation();
  const { project } = useProject();
  const paths = useWorkingAreaPaths();
  const timeZone = useReaderTimeZone();
  const suspect = useChildSuspectLinks(project.id, link?.childId ?? null);
  const found = link ? suspect.data?.find((s) => s.parent.id === link.parentId) : undefined;
  return (
    <Modal opened={link !== null} onClose={onClose} title={t('suspectLinks.dialogTitle')} size="lg">
      {suspect.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={t('suspectLinks.loading')} />
        </Group>
      ) : !found ? (
        <Text fz="sm">{t('suspectLinks.notSuspect')}</Text>
      ) : (
        <Stack gap="sm">
          <Text fz="sm">
            {t('suspectLinks.dialogIntro', { parent: found.parent.reference, child: found.child.reference })}
          </Text>
          <Text fz="xs" c="dimmed">
            {found.changed_by
              ? t('suspectLinks.changedBy', {
                  name: found.changed_by.name,
                  date: formatDateTime(found.suspect_since, i18n.language, timeZone),
                })
              : t('suspectLinks.changedOn', { date: formatDateTime(found.suspect_since, i18n.language, timeZone) })}
          </Text>
          <Anchor component={Link} to={paths.requirement(found.parent.id)} fz="sm" onClick={onClose}>
            {found.parent.reference} {found.parent.name}
          </Anchor>
          <SuspectChange changes={found.changes} />
          <Anchor
            component={Link}
            to={projectPath(project.namespace, project.slug, SUSPECT_LINKS_PATH)}
            fz="sm"
            onClick={onClose}
          >
            {t('suspectLinks.openView')}
          </Anchor>
        </Stack>
      )}
    </Modal>
  );
}
