import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { IconLink, IconSitemap } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../projects/useCan';
import { useProject } from '../../projects/useProject';
import { TestCoverageBadge } from '../common/TestCoverageBadge';
import type { StructureDocument } from '../api/workingAreaApi';
import { useLinkedRequirements } from '../api/useLinkedRequirements';
import { CoverageBadge } from '../common/CoverageBadge';
import { InfoAlert } from '../common/InfoAlert';
import { Section } from '../common/Section';
import { useWorkingAreaPaths } from '../common/useWorkingAreaPaths';
import { useWorkingAreaDialogs } from '../dialogs/useWorkingAreaDialogs';
import { LinkedRequirementItem } from './LinkedRequirementItem';

interface TraceabilitySectionProps {
  requirement: RequirementPresented;
  document: StructureDocument;
  /** Shows what changed in the parent of a stale link (decisions §22): the screen brings the dialog. */
  onShowChange?: (link: { parentId: number; childId: number }) => void;
}

/**
 * Parents and children with their up-to-date marks, the coverage, and the buttons that edit the links. A test has
 * no children (it is the end of the trace): it shows what it covers, its parents, and how many (issue 31). The
 * buttons are an editor's (decisions §20).
 */
export function TraceabilitySection({ requirement, document, onShowChange }: TraceabilitySectionProps) {
  const { t } = useTranslation();
  const projectId = useProject().project.id;
  const paths = useWorkingAreaPaths();
  const dialogs = useWorkingAreaDialogs();
  const canEdit = useCan('editor');
  const linked = useLinkedRequirements(projectId, [...document.parents, ...document.children]);
  const hasParents = document.parents.length > 0;
  const isTest = requirement.test;
  const hasChildren = document.children.length > 0 && !isTest;
  const stale = [...requirement.parents, ...requirement.children].filter((l) => !l.upToDate).length;

  if (!hasParents && !hasChildren) {
    return (
      <Section title={t('traceability.title')} tourId="requirement-traceability">
        <InfoAlert>{isTest ? t('tests.coverage.noParentDocument') : t('traceability.noLinkedDocuments')}</InfoAlert>
      </Section>
    );
  }

  const column = (side: 'parents' | 'children') => {
    const links = requirement[side];
    return (
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fz="sm" fw={650}>
            {side === 'parents' ? t('traceability.parents') : t('traceability.children')}{' '}
            <Text span c="dimmed" fz="sm">
              ({links.length})
            </Text>
          </Text>
          {canEdit ? (
            <Group gap={4}>
              {side === 'children' ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconSitemap size={13} />}
                  disabled={requirement.test}
                  onClick={() => dialogs.open({ kind: 'children', requirement })}
                >
                  {t('traceability.createChildren')}
                </Button>
              ) : null}
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconLink size={13} />}
                disabled={requirement.test}
                onClick={() => dialogs.open({ kind: 'links', requirement, side })}
              >
                {side === 'parents' ? t('traceability.editParents') : t('traceability.editChildren')}
              </Button>
            </Group>
          ) : null}
        </Group>
        {links.length === 0 ? (
          <Text fz="sm" c="dimmed" fs="italic">
            {side === 'parents' ? t('traceability.noParents') : t('traceability.noChildren')}
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={6}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={side === 'parents' ? t('traceability.parents') : t('traceability.children')}
          >
            {links.map((link) => (
              <LinkedRequirementItem
                key={link.id}
                link={link}
                requirement={linked.byId.get(link.id)}
                href={paths.requirement(link.id)}
                onShowChange={
                  onShowChange &&
                  (() =>
                    onShowChange(
                      side === 'parents'
                        ? { parentId: link.id, childId: requirement.id }
                        : { parentId: requirement.id, childId: link.id },
                    ))
                }
              />
            ))}
          </Stack>
        )}
      </Stack>
    );
  };

  return (
    <Section
      title={t('traceability.title')}
      tourId="requirement-traceability"
      actions={
        <Group gap="xs">
          {stale > 0 ? (
            <Text fz="xs" c="red.7" fw={600}>
              {t('traceability.staleCount', { count: stale })}
            </Text>
          ) : null}
          {isTest ? (
            <TestCoverageBadge count={requirement.parents.length} />
          ) : (
            <CoverageBadge status={requirement.coverageStatus} />
          )}
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 1, md: hasParents && hasChildren ? 2 : 1 }} spacing="lg">
        {hasParents ? column('parents') : null}
        {hasChildren ? column('children') : null}
      </SimpleGrid>
    </Section>
  );
}
