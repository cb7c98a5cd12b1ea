import { Badge, NavLink } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { projectPath } from '../projects/projectPaths';
import { useProject } from '../projects/useProject';
import { useSuspectLinkCount } from './useSuspectLinkCount';

/** The route of the Suspect links view, under the project. */
export const SUSPECT_LINKS_PATH = 'suspect-links';

/**
 * The side bar's way to the Suspect links view, with how many there are (decisions §22): the count (its own cheap
 * call, not the list) follows the working area's events, as the list does.
 */
export function SuspectLinksNavLink({ active, style }: { active: boolean; style?: React.CSSProperties }) {
  const { t } = useTranslation();
  const { project } = useProject();
  const count = useSuspectLinkCount(project.id).data;
  return (
    <NavLink
      component={Link}
      to={projectPath(project.namespace, project.slug, SUSPECT_LINKS_PATH)}
      label={t('suspectLinks.title')}
      aria-label={count === undefined ? undefined : t('suspectLinks.navCount', { count })}
      leftSection={<IconLinkOff size={18} stroke={1.6} />}
      rightSection={
        count ? (
          <Badge size="sm" color="red" variant="light" aria-hidden data-testid="suspect-count">
            {count}
          </Badge>
        ) : null
      }
      active={active}
      aria-current={active ? 'page' : undefined}
      style={style}
    />
  );
}
