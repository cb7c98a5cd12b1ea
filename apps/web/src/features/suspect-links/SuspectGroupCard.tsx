import { Anchor, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/formatDateTime';
import { SuspectChange } from './SuspectChange';
import { linkKey, sameChange, type SuspectGroup } from './suspectGroups';
import classes from './SuspectLinks.module.css';

interface SuspectGroupCardProps {
  group: SuspectGroup;
  /** Editors and up choose links to mark as reviewed (decisions §20). */
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle: (key: string, checked: boolean) => void;
  requirementPath: (id: number) => string;
  timeZone: string | null;
}

/**
 * A parent whose change made links suspect: who changed it and when, what changed (once when all its links show the
 * same change, else under each link), and its children, each with a box to mark it as reviewed.
 */
export function SuspectGroupCard({
  group,
  selectable,
  selected,
  onToggle,
  requirementPath,
  timeZone,
}: SuspectGroupCardProps) {
  const { t, i18n } = useTranslation();
  const first = group.links[0]!;
  const shared = group.links.every((link) => sameChange(link, first));
  const headingId = `suspect-parent-${group.parent.id}`;
  return (
    <section className={classes.group} aria-labelledby={headingId} data-suspect-parent={group.parent.id}>
      <Stack gap="sm">
        <div>
          <Text id={headingId} fw={650} fz="md" component="h2" m={0}>
            <Anchor component={Link} to={requirementPath(group.parent.id)} inherit>
              {group.parent.reference}
            </Anchor>{' '}
            {group.parent.name}
          </Text>
          <Text fz="xs" c="dimmed">
            {first.changed_by
              ? t('suspectLinks.changedBy', {
                  name: first.changed_by.name,
                  date: formatDateTime(first.suspect_since, i18n.language, timeZone),
                })
              : t('suspectLinks.changedOn', { date: formatDateTime(first.suspect_since, i18n.language, timeZone) })}
          </Text>
        </div>
        {shared ? <SuspectChange changes={first.changes} /> : null}
        <Stack
          component="ul"
          gap={6}
          className={classes.links}
          aria-label={t('suspectLinks.childrenOf', { reference: group.parent.reference })}
        >
          {group.links.map((link) => {
            const key = linkKey(link);
            const name = `${link.child.reference} ${link.child.name}`;
            return (
              <li key={key}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  {selectable ? (
                    <Checkbox
                      checked={selected.has(key)}
                      onChange={(event) => onToggle(key, event.currentTarget.checked)}
                      aria-label={t('suspectLinks.select', {
                        parent: group.parent.reference,
                        child: link.child.reference,
                      })}
                      mt={2}
                    />
                  ) : null}
                  <Stack gap={4} style={{ flex: 1 }}>
                    <Anchor component={Link} to={requirementPath(link.child.id)} fz="sm" title={name}>
                      {name}
                    </Anchor>
                    {shared ? null : <SuspectChange changes={link.changes} />}
                  </Stack>
                </Group>
              </li>
            );
          })}
        </Stack>
      </Stack>
    </section>
  );
}
