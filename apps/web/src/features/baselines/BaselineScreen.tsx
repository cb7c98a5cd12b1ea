import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { BaselinePresented } from '@reqloom/domain';
import { IconArrowLeft, IconFileTypeDocx, IconGitCompare, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/ApiError';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { notifyError } from '../../components/notify';
import { ScreenLoader } from '../../components/ScreenLoader';
import { usePageTitle } from '../../components/usePageTitle';
import { useProject } from '../projects/useProject';
import { useClassifiers } from '../tags/useClassifiers';
import { useStructure } from '../working-area/api/useStructure';
import { InfoAlert } from '../working-area/common/InfoAlert';
import { Section } from '../working-area/common/Section';
import { StatusSummary } from '../working-area/common/StatusSummary';
import { useWorkingAreaPaths } from '../working-area/common/useWorkingAreaPaths';
import { statusCounts } from '../working-area/logic/requirementOrder';
import { WorkingAreaDialogs } from '../working-area-screens/dialogs/WorkingAreaDialogs';
import { RequirementsTable } from '../working-area-screens/requirements/RequirementsTable';
import { idParam, useBaselinePaths } from './baselinePaths';
import { downloadBaselineDocument } from './baselinesApi';
import { useBaseline, useBaselineCategories, useBaselineRequirements } from './useBaselines';
import { useFormatDay } from './useFormatDay';
import { BaselinesPage } from './BaselinesPage';

/**
 * One baseline, open (decisions §22, route `baselines/:baselineId?document=`): its documents as they were, one at a
 * time, in the live document's requirements table made read-only, under a banner that names the baseline and leads
 * back to the live document. Every member reads it.
 */
export function BaselineScreen() {
  const { baselineId } = useParams();
  const id = idParam(baselineId);
  const paths = useBaselinePaths();
  if (id === null) return <Navigate to={paths.list} replace />;
  return (
    // The table's commands need the working area's dialogs, though none opens here: nothing is editable.
    <WorkingAreaDialogs>
      <OpenBaseline key={id} id={id} />
    </WorkingAreaDialogs>
  );
}

function OpenBaseline({ id }: { id: number }) {
  const { t } = useTranslation();
  const { project } = useProject();
  const baseline = useBaseline(project.id, id);
  const paths = useBaselinePaths();
  const [search, setSearch] = useSearchParams();
  usePageTitle(baseline.data ? t('baselines.open.pageTitle', { name: baseline.data.name }) : t('baselines.title'));

  if (baseline.error instanceof ApiError && baseline.error.status === 404) return <Navigate to={paths.list} replace />;
  if (baseline.error instanceof ApiError && baseline.error.status === 403) return <Navigate to="/forbidden" replace />;
  if (baseline.error) return <FormAlert message={errorMessage(baseline.error, t)} />;
  if (!baseline.data) return <ScreenLoader />;

  const kept = baseline.data.documents;
  const named = idParam(search.get('document'));
  const document = kept.find((d) => d.id === named) ?? kept[0];
  return (
    <BaselinesPage>
      <Stack gap="md">
        <BaselineBanner baseline={baseline.data} documentId={document?.id} />
        {kept.length > 1 ? (
          <Select
            label={t('baselines.open.document')}
            data={kept.map((d) => ({ value: String(d.id), label: `${d.acronym} · ${d.name}` }))}
            value={document ? String(document.id) : null}
            onChange={(value) => value && setSearch({ document: value }, { replace: true })}
            allowDeselect={false}
            maw={420}
          />
        ) : null}
        {document ? (
          <KeptDocument key={document.id} baseline={baseline.data} document={document} />
        ) : (
          <InfoAlert>{t('baselines.open.noDocument')}</InfoAlert>
        )}
      </Stack>
    </BaselinesPage>
  );
}

/** The banner that says this is not the live document, with the ways out of it. */
function BaselineBanner({ baseline, documentId }: { baseline: BaselinePresented; documentId: number | undefined }) {
  const { t } = useTranslation();
  const formatDay = useFormatDay();
  const working = useWorkingAreaPaths();
  const paths = useBaselinePaths();
  const { project } = useProject();
  // The way back leads to the live document while it exists; to the overview once it has been deleted.
  const live = useStructure(project.id).data?.some((d) => d.id === documentId) ?? false;
  const message = t('baselines.open.banner', {
    name: baseline.name,
    date: formatDay(baseline.created_at),
    who: baseline.created_by?.name ?? t('baselines.unknownPerson'),
  });
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconLock size={18} />}
      title={
        <span role="heading" aria-level={1}>
          {message}
        </span>
      }
      data-testid="baseline-banner"
    >
      <Stack gap="xs">
        {baseline.description ? <Text fz="sm">{baseline.description}</Text> : null}
        <Group gap="sm">
          <Button
            component={Link}
            to={live && documentId !== undefined ? working.document(documentId) : working.overview}
            size="xs"
            variant="default"
            leftSection={<IconArrowLeft size={14} />}
          >
            {live ? t('baselines.open.backToLive') : t('baselines.open.backToProject')}
          </Button>
          <Button
            component={Link}
            to={paths.compare(baseline.id, null, documentId ?? null)}
            size="xs"
            variant="default"
            leftSection={<IconGitCompare size={14} />}
          >
            {t('baselines.open.compareWithNow')}
          </Button>
          <Anchor component={Link} to={paths.list} fz="sm">
            {t('baselines.open.allBaselines')}
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  );
}

/** One document as the baseline kept it: its name, its statuses, its requirements, read-only; and its Word export. */
function KeptDocument({
  baseline,
  document,
}: {
  baseline: BaselinePresented;
  document: BaselinePresented['documents'][number];
}) {
  const { t } = useTranslation();
  const { project } = useProject();
  const requirements = useBaselineRequirements(project.id, baseline.id, document.id);
  const kept = useBaselineCategories(project.id, baseline.id, document.id);
  const categories = useMemo(() => new Map((kept.data ?? []).map((c) => [c.id, c])), [kept.data]);
  const { classifiers } = useClassifiers(project.id, document.id);
  const list = useMemo(() => requirements.data ?? [], [requirements.data]);
  const linked = useMemo(() => list.some((r) => r.parents.length + r.children.length > 0), [list]);
  const [exporting, setExporting] = useState(false);
  const exportWord = async () => {
    setExporting(true);
    try {
      await downloadBaselineDocument(baseline.id, document.id);
    } catch (error) {
      notifyError(errorMessage(error, t), t('baselines.export.documentFailed', { name: document.name }));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2} fz={22} fw={650}>
              {document.name}
            </Title>
            <Badge variant="light" radius="sm">
              {document.acronym}
            </Badge>
          </Group>
          <StatusSummary counts={statusCounts(list)} />
        </Stack>
        <Button
          variant="light"
          leftSection={<IconFileTypeDocx size={16} />}
          loading={exporting}
          onClick={() => void exportWord()}
          aria-label={t('baselines.export.documentNamed', { name: document.name })}
        >
          {t('baselines.export.document')}
        </Button>
      </Group>
      <Section title={t('requirements.title')} count={list.length}>
        {requirements.error ? (
          <FormAlert message={errorMessage(requirements.error, t)} />
        ) : requirements.isPending ? (
          <ScreenLoader />
        ) : list.length === 0 ? (
          <InfoAlert>{t('requirements.empty')}</InfoAlert>
        ) : (
          <RequirementsTable
            requirements={list}
            categories={categories}
            mode="table"
            label={t('baselines.open.tableLabel', { name: document.name, baseline: baseline.name })}
            showCoverage={linked}
            classifiers={classifiers}
            readOnly
          />
        )}
      </Section>
    </Stack>
  );
}
