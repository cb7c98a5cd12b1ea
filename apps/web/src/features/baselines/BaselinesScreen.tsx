import { useState } from 'react';
import { Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { BaselinePresented } from '@reqloom/domain';
import { IconGitCompare, IconPlus, IconStack2, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { ApiError } from '../../api/ApiError';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { notifyError, notifySuccess } from '../../components/notify';
import { PanelEmptyState } from '../../components/PanelEmptyState';
import { usePageTitle } from '../../components/usePageTitle';
import { useCan } from '../projects/useCan';
import { useProject } from '../projects/useProject';
import { useFormatDateTime } from '../user/useFormatDateTime';
import { WorkingAreaDialogs } from '../working-area-screens/dialogs/WorkingAreaDialogs';
import { useWorkingAreaDialogs } from '../working-area/dialogs/useWorkingAreaDialogs';
import { useBaselinePaths } from './baselinePaths';
import { BaselinesPage } from './BaselinesPage';
import { CreateBaselineDialog } from './CreateBaselineDialog';
import { useBaselines, useDeleteBaseline } from './useBaselines';

/**
 * The Baselines view of a project (decisions §22, route `baselines`): its baselines, newest first, each opened
 * read-only or compared; editors take a new one, maintainers delete one. Every member reads them.
 */
export function BaselinesScreen() {
  return (
    // Its confirmation (the deletion) is the working area's.
    <WorkingAreaDialogs>
      <Baselines />
    </WorkingAreaDialogs>
  );
}

function Baselines() {
  const { t } = useTranslation();
  const { project } = useProject();
  usePageTitle(t('baselines.pageTitle', { name: project.name }));
  const canCreate = useCan('editor');
  const baselines = useBaselines(project.id);
  const paths = useBaselinePaths();
  const [creating, setCreating] = useState(false);

  if (baselines.error instanceof ApiError && baselines.error.status === 403)
    return <Navigate to="/forbidden" replace />;
  const list = baselines.data ?? [];
  return (
    <BaselinesPage>
      <Group justify="space-between" align="flex-start" mb="lg" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={28} fw={650}>
            {t('baselines.title')}
          </Title>
          <Text c="dimmed">{t('baselines.subtitle', { name: project.name })}</Text>
        </Stack>
        <Group gap="sm">
          {list.length > 0 ? (
            <Button component={Link} to={paths.compare()} variant="default" leftSection={<IconGitCompare size={16} />}>
              {t('baselines.compare.action')}
            </Button>
          ) : null}
          {canCreate ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t('baselines.create.action')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {baselines.error ? <FormAlert message={errorMessage(baselines.error, t)} /> : null}
      {baselines.isPending ? (
        <Loader size="sm" aria-label={t('baselines.loading')} />
      ) : list.length === 0 ? (
        baselines.error ? null : (
          <Paper withBorder radius="md">
            <PanelEmptyState
              icon={<IconStack2 size={22} />}
              title={t('baselines.empty.title')}
              text={canCreate ? t('baselines.empty.editor') : t('baselines.empty.reader')}
            />
          </Paper>
        )
      ) : (
        <BaselinesTable baselines={list} />
      )}
      {creating ? <CreateBaselineDialog onClose={() => setCreating(false)} /> : null}
    </BaselinesPage>
  );
}

function BaselinesTable({ baselines }: { baselines: BaselinePresented[] }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const paths = useBaselinePaths();
  const canDelete = useCan('maintainer');
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="sm" miw={900} aria-label={t('baselines.columns.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('baselines.columns.name')}</Table.Th>
            <Table.Th>{t('baselines.columns.taken')}</Table.Th>
            <Table.Th>{t('baselines.columns.documents')}</Table.Th>
            <Table.Th>{t('baselines.columns.contents')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('baselines.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {baselines.map((baseline) => (
            <Table.Tr key={baseline.id}>
              <Table.Td maw={360}>
                <Anchor component={Link} to={paths.open(baseline.id)} fw={600}>
                  {baseline.name}
                </Anchor>
                {baseline.description ? (
                  <Text fz="sm" c="dimmed" lineClamp={2}>
                    {baseline.description}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{baseline.created_by?.name ?? t('baselines.unknownPerson')}</Text>
                <Text fz="xs" c="dimmed">
                  <time dateTime={baseline.created_at}>{formatDate(baseline.created_at)}</time>
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm" title={baseline.documents.map((d) => d.name).join(', ')}>
                  {baseline.documents.map((d) => d.acronym).join(', ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">
                  {t('baselines.counts.requirements', { count: baseline.counts.requirements })}
                  {' · '}
                  {t('baselines.counts.links', { count: baseline.counts.links })}
                </Text>
              </Table.Td>
              <Table.Td>
                <BaselineActions baseline={baseline} canDelete={canDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function BaselineActions({ baseline, canDelete }: { baseline: BaselinePresented; canDelete: boolean }) {
  const { t } = useTranslation();
  const { project } = useProject();
  const dialogs = useWorkingAreaDialogs();
  const paths = useBaselinePaths();
  const removal = useDeleteBaseline(project.id);
  const remove = async () => {
    const yes = await dialogs.confirm({
      title: t('baselines.delete.title'),
      message: t('baselines.delete.confirm', { name: baseline.name }),
      confirmLabel: t('baselines.delete.action'),
      danger: true,
    });
    if (!yes) return;
    try {
      await removal.mutateAsync(baseline.id);
      notifySuccess(t('baselines.delete.done', { name: baseline.name }));
    } catch (error) {
      notifyError(errorMessage(error, t), t('baselines.delete.failed', { name: baseline.name }));
    }
  };
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        component={Link}
        to={paths.compare(baseline.id)}
        size="xs"
        variant="default"
        leftSection={<IconGitCompare size={14} />}
        aria-label={t('baselines.compare.withNowNamed', { name: baseline.name })}
      >
        {t('baselines.compare.withNow')}
      </Button>
      {canDelete ? (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          loading={removal.isPending}
          onClick={() => void remove()}
          aria-label={t('baselines.delete.named', { name: baseline.name })}
        >
          {t('baselines.delete.action')}
        </Button>
      ) : null}
    </Group>
  );
}
