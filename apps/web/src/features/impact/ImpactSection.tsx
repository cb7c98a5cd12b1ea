import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ImpactEntryPresented, RequirementPresented } from '@reqloom/domain';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../components/FormAlert';
import { errorMessage } from '../../components/errorMessage';
import { useProject } from '../projects/useProject';
import { Section } from '../working-area/common/Section';
import { useWorkingAreaPaths } from '../working-area/common/useWorkingAreaPaths';
import classes from './ImpactSection.module.css';
import { useImpact } from './useImpact';

/**
 * The Impact tab of a requirement (decisions §22): every requirement downstream of it, grouped by how far down it is,
 * each with the requirement it is reached through. Tests are marked with a word, not a colour alone.
 */
export function ImpactSection({ requirement }: { requirement: RequirementPresented }) {
  const { t } = useTranslation();
  const projectId = useProject().project.id;
  const paths = useWorkingAreaPaths();
  const impact = useImpact(projectId, requirement.id, requirement.children);
  const entries = impact.data ?? [];
  const referenceOf = new Map<number, string>([[requirement.id, requirement.reference]]);
  for (const e of entries) referenceOf.set(e.requirement.id, e.requirement.reference);
  const levels = new Map<number, ImpactEntryPresented[]>();
  for (const e of entries) levels.set(e.depth, [...(levels.get(e.depth) ?? []), e]);

  const body = () => {
    if (impact.error) return <FormAlert message={errorMessage(impact.error, t)} />;
    if (!impact.data) return <Loader size="sm" aria-label={t('impact.loading')} />;
    if (entries.length === 0)
      return (
        <Text fz="sm" c="dimmed" fs="italic" data-impact-empty>
          {t('impact.empty')}
        </Text>
      );
    return (
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('impact.hint')}
        </Text>
        {[...levels].map(([depth, level]) => {
          // The list is named for the impact and its level: the traceability section above has its own "Children"
          // list, and a name containing that word would be found by it.
          const heading = depth === 1 ? t('impact.direct') : t('impact.level', { level: depth });
          return (
            <Stack gap={6} key={depth}>
              <Title order={3} fz="sm" fw={650}>
                {heading}{' '}
                <Text span c="dimmed" fz="sm">
                  ({level.length})
                </Text>
              </Title>
              <Stack
                component="ul"
                gap={6}
                m={0}
                p={0}
                className={classes.list}
                aria-label={t('impact.list', { level: depth })}
              >
                {level.map((e) => (
                  <li key={e.requirement.id} className={classes.item} data-impact-item={e.requirement.id}>
                    <Link to={paths.requirement(e.requirement.id)} className={classes.reference}>
                      {e.requirement.reference}
                    </Link>
                    <Link to={paths.requirement(e.requirement.id)} className={classes.name} title={e.requirement.name}>
                      {e.requirement.name}
                    </Link>
                    {e.requirement.type === 'test' ? (
                      <Badge
                        variant="outline"
                        color="grape"
                        size="sm"
                        radius="sm"
                        leftSection={<IconFlask size={12} aria-hidden />}
                        styles={{ label: { textTransform: 'none', fontWeight: 600 } }}
                        data-impact-test
                      >
                        {t('impact.test')}
                      </Badge>
                    ) : null}
                    <Group gap={4} wrap="nowrap" className={classes.via}>
                      <Text span fz="xs" c="dimmed">
                        {t('impact.via')}
                      </Text>
                      <Link to={paths.requirement(e.via)} className={classes.viaReference}>
                        {referenceOf.get(e.via) ?? `#${e.via}`}
                      </Link>
                    </Group>
                  </li>
                ))}
              </Stack>
            </Stack>
          );
        })}
      </Stack>
    );
  };

  return (
    <Section title={t('impact.title')} count={impact.data?.length} collapsible tourId="requirement-impact">
      {body()}
    </Section>
  );
}
