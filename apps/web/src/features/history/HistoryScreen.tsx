import { useMemo, useState } from 'react';
import { Button, Container, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/ApiError';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { notifyError } from '../../components/notify';
import { PanelEmptyState } from '../../components/PanelEmptyState';
import { usePageTitle } from '../../components/usePageTitle';
import { useNow } from '../../lib/useNow';
import { useCan } from '../projects/useCan';
import { useCurrentUser } from '../user/useCurrentUser';
import { useProject } from '../projects/useProject';
import { exportAuditCsv } from './historyApi';
import { HistoryEntryRow } from './HistoryEntryRow';
import { HistoryFiltersBar } from './HistoryFiltersBar';
import {
  auditParams,
  FILTER_OF_PARAM,
  filtersFromSearch,
  hasFilters,
  searchFromFilters,
  type HistoryFilters,
} from './historyFilters';
import { useAuditTrail } from './useAuditTrail';

/**
 * The History view of a project (decisions §21, route `history`): its audit trail, newest first, filtered by the
 * address's query, page by page. Editors and up read it (decisions §20); anyone else gets the forbidden screen.
 */
export function HistoryScreen() {
  const canRead = useCan('editor');
  return canRead ? <History /> : <Navigate to="/forbidden" replace />;
}

function History() {
  const { t } = useTranslation();
  const { project } = useProject();
  usePageTitle(t('history.pageTitle', { name: project.name }));
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  // Days are the user's days: their chosen time zone, else the browser's.
  const zone = useCurrentUser().data?.preferences.timezone;
  const timeZone = zone && !zone.autoTimezone ? zone.timezone : null;
  const params = useMemo(() => auditParams(filters, timeZone), [filters, timeZone]);
  const trail = useAuditTrail(project.id, params);
  const now = useNow(30_000);
  const [exporting, setExporting] = useState(false);

  const error = trail.error;
  // A filter the server refused (a date typed wrong in the address) is that field's error, not the screen's.
  const fieldErrors: Partial<Record<keyof HistoryFilters, string>> = {};
  if (error instanceof ApiError && error.status === 422)
    for (const [param, messages] of Object.entries(error.errors ?? {})) {
      const filter = FILTER_OF_PARAM[param];
      if (filter && messages[0]) fieldErrors[filter] = messages[0];
    }
  const refusedFilter = Object.keys(fieldErrors).length > 0;
  if (error instanceof ApiError && error.status === 403) return <Navigate to="/forbidden" replace />;

  const entries = trail.data?.pages.flatMap((page) => page.data) ?? [];
  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportAuditCsv(project.id, params);
    } catch (failure) {
      notifyError(t('history.export.failed', { reason: errorMessage(failure, t) }));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Container size="xl" py="xl" px={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" align="flex-start" mb="lg" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={28} fw={650}>
            {t('history.title')}
          </Title>
          <Text c="dimmed">{t('history.subtitle', { name: project.name })}</Text>
        </Stack>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={exporting}
          disabled={refusedFilter}
          onClick={() => void exportCsv()}
        >
          {t('history.export.label')}
        </Button>
      </Group>
      <Stack gap="lg">
        <HistoryFiltersBar
          projectId={project.id}
          filters={filters}
          errors={fieldErrors}
          onChange={(next) => setSearch(searchFromFilters(next), { replace: true })}
        />
        {error && !refusedFilter ? <FormAlert message={errorMessage(error, t)} /> : null}
        {trail.isPending ? (
          <Loader size="sm" aria-label={t('history.loading')} />
        ) : entries.length === 0 ? (
          error ? null : (
            <Paper withBorder radius="md">
              <PanelEmptyState
                icon={<IconHistory size={22} />}
                title={t('history.empty.title')}
                text={hasFilters(filters) ? t('history.empty.filtered') : t('history.empty.all')}
              />
            </Paper>
          )
        ) : (
          <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
            <Table layout="fixed" verticalSpacing="sm" miw={900} aria-label={t('history.columns.label')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={140}>{t('history.columns.when')}</Table.Th>
                  <Table.Th w={180}>{t('history.columns.who')}</Table.Th>
                  <Table.Th w={170}>{t('history.columns.what')}</Table.Th>
                  <Table.Th w={210}>{t('history.columns.element')}</Table.Th>
                  <Table.Th>{t('history.columns.change')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <HistoryEntryRow key={entry.id} entry={entry} now={now} />
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
        {trail.hasNextPage ? (
          <Group justify="center">
            <Button variant="default" loading={trail.isFetchingNextPage} onClick={() => void trail.fetchNextPage()}>
              {t('history.loadMore')}
            </Button>
          </Group>
        ) : entries.length > 0 && trail.data && trail.data.pages.length > 1 ? (
          <Text ta="center" fz="sm" c="dimmed">
            {t('history.end')}
          </Text>
        ) : null}
      </Stack>
    </Container>
  );
}
