import { Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { IconCopy, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/FormAlert';
import { RichTextView } from '../../../components/editor/RichTextView';
import { errorMessage } from '../../../components/errorMessage';
import { useProject } from '../../projects/useProject';
import type { StructureDocument } from '../../working-area/api/workingAreaApi';
import { Section } from '../../working-area/common/Section';
import { useWorkingAreaPaths } from '../../working-area/common/useWorkingAreaPaths';
import { RequirementNavigation } from '../../working-area/requirement/RequirementNavigation';
import { RequirementPlacement } from '../../working-area/requirement/RequirementPlacement';
import { RequirementTitle } from '../../working-area/requirement/RequirementTitle';
import { TraceabilitySection } from '../../working-area/requirement/TraceabilitySection';
import { useRequirementCommands } from '../../working-area/requirements/useRequirementCommands';
import requirementClasses from '../../working-area/requirement/RequirementView.module.css';
import { useProjectTests } from '../api/useProjectTests';
import { usePlaytestPath } from '../api/usePlaytestPath';
import { useTestRuns } from '../api/useTestRuns';
import { TestRunsTable } from './TestRunsTable';
import { TestStepsEditor } from './TestStepsEditor';
import classes from './TestView.module.css';
import { useCan } from '../../projects/useCan';

interface TestViewProps {
  test: RequirementPresented;
  documents: readonly StructureDocument[];
  readingOrder: readonly RequirementPresented[];
}

/**
 * The test view (spec 2): reference, name, description, previously passed tests, initial conditions, the step
 * table, and its runs. Edit opens the test dialog; copy is disabled for tests, and delete for a test that has runs
 * (decisions §16: they are evidence); start opens the player.
 */
export function TestView({ test, documents, readingOrder }: TestViewProps) {
  const { t } = useTranslation();
  const projectId = useProject().project.id;
  const commands = useRequirementCommands();
  const playtest = usePlaytestPath();
  // Changing and running a test are an editor's (decisions §20).
  const canEdit = useCan('editor');
  const runs = useTestRuns(projectId, test.id);
  const paths = useWorkingAreaPaths();
  const document = documents.find((d) => d.id === test.document_id);
  const stepCount = test.steps?.length ?? 0;
  const navigate = useNavigate();
  const remove = async () => {
    const place = test.category_id !== null ? paths.category(test.category_id) : paths.document(test.document_id);
    if (await commands.remove(test)) void navigate(place);
  };

  const disabledButton = (label: string, reason: string, icon: React.ReactNode, danger = false) => (
    <Tooltip label={reason}>
      {/* A disabled button gets no pointer events: the tooltip hangs on a wrapper, the reason is its description. */}
      <span>
        <Button
          variant={danger ? 'light' : 'default'}
          color={danger ? 'red' : undefined}
          size="xs"
          leftSection={icon}
          disabled
          aria-description={reason}
        >
          {label}
        </Button>
      </span>
    </Tooltip>
  );

  return (
    <Stack gap="md">
      <Title order={1} className={requirementClasses.visuallyHidden}>
        {`${test.reference} ${test.name}`}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <RequirementPlacement requirement={test} documents={documents} />
            <Group gap="xs" wrap="nowrap">
              <RequirementNavigation requirement={test} readingOrder={readingOrder} />
              {canEdit ? (
                <>
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconPencil size={14} />}
                    onClick={() => commands.edit(test)}
                  >
                    {t('workingArea.edit')}
                  </Button>
                  {disabledButton(t('workingArea.copy'), t('tests.copyDisabled'), <IconCopy size={14} />)}
                  {test.has_runs === true ? (
                    disabledButton(t('workingArea.delete'), t('tests.deleteHasRuns'), <IconTrash size={14} />, true)
                  ) : (
                    <Button
                      variant="light"
                      color="red"
                      size="xs"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => void remove()}
                    >
                      {t('workingArea.delete')}
                    </Button>
                  )}
                  {stepCount === 0 ? (
                    <Tooltip label={t('tests.startNeedsSteps')}>
                      <span>
                        <Button size="xs" leftSection={<IconPlayerPlay size={14} />} disabled>
                          {t('tests.start')}
                        </Button>
                      </span>
                    </Tooltip>
                  ) : (
                    <Button
                      size="xs"
                      component={Link}
                      to={playtest(test.id)}
                      leftSection={<IconPlayerPlay size={14} />}
                    >
                      {t('tests.start')}
                    </Button>
                  )}
                </>
              ) : null}
            </Group>
          </Group>
          <RequirementTitle
            requirement={test}
            badge={
              <Badge variant="light" color="violet" radius="sm" size="sm">
                {t('tests.kind')}
              </Badge>
            }
          />
        </Stack>
      </Paper>
      <Section title={t('tests.description')}>
        {test.description.trim() ? (
          <RichTextView html={test.description} />
        ) : (
          <Text fz="sm" c="dimmed" fs="italic">
            {t('requirements.noDescription')}
          </Text>
        )}
      </Section>
      <Section title={t('tests.previouslyPassedTests')} count={test.previouslyPassedTests?.length ?? 0}>
        <PreviousTests ids={test.previouslyPassedTests ?? []} />
      </Section>
      <Section title={t('tests.initialConditions')}>
        {test.initialConditions?.trim() ? (
          <RichTextView html={test.initialConditions} />
        ) : (
          <Text fz="sm" c="dimmed" fs="italic">
            {t('tests.noInitialConditions')}
          </Text>
        )}
      </Section>
      <Section title={t('tests.steps.title')} count={stepCount}>
        <TestStepsEditor test={test} />
      </Section>
      <Section title={t('tests.runs.title')} count={runs.data?.length}>
        {runs.error ? <FormAlert message={errorMessage(runs.error, t)} /> : <TestRunsTable runs={runs.data ?? []} />}
      </Section>
      {document ? <TraceabilitySection requirement={test} document={document} /> : null}
    </Stack>
  );
}

/** The tests that must have passed before this one, each a link to its view. */
function PreviousTests({ ids }: { ids: readonly number[] }) {
  const { t } = useTranslation();
  const projectId = useProject().project.id;
  const paths = useWorkingAreaPaths();
  const { tests } = useProjectTests(projectId);
  if (ids.length === 0) {
    return (
      <Text fz="sm" c="dimmed" fs="italic">
        {t('tests.noPreviousTests')}
      </Text>
    );
  }
  const byId = new Map(tests.map((test) => [test.id, test]));
  return (
    <ul
      className={classes.previous}
      aria-label={t('tests.previouslyPassedTests')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {ids.map((id) => {
        const test = byId.get(id);
        return (
          <li key={id}>
            <Link to={paths.requirement(id)} className={classes.previousItem}>
              <span className={classes.previousRef}>{test?.reference ?? `#${id}`}</span>
              <span>{test?.name ?? ''}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
