import { useState } from 'react';
import { Anchor, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileTypeDocx } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/ApiError';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { notifyError } from '../../components/notify';
import { usePageTitle } from '../../components/usePageTitle';
import { useProject } from '../projects/useProject';
import { useFormatDateTime } from '../user/useFormatDateTime';
import { InfoAlert } from '../working-area/common/InfoAlert';
import { idParam, useBaselinePaths } from './baselinePaths';
import { downloadCompareReport } from './baselinesApi';
import { BaselinesPage } from './BaselinesPage';
import { ComparisonResult } from './ComparisonResult';
import { useBaselines, useComparison } from './useBaselines';

/** The value of "now" in the second choice: no `to` in the address. */
const NOW = 'now';
const ALL = 'all';

/**
 * Compares two baselines, or one with now (decisions §22, route `baselines/compare?from&to&document`): the choice is in
 * the address, so that a comparison can be shared and survives a reload. Every member compares; the redline downloads
 * as a Word file with tracked changes.
 */
export function BaselineCompareScreen() {
  const { t } = useTranslation();
  const { project } = useProject();
  usePageTitle(t('baselines.compare.pageTitle', { name: project.name }));
  const paths = useBaselinePaths();
  const formatDate = useFormatDateTime();
  const [search, setSearch] = useSearchParams();
  const baselines = useBaselines(project.id);
  const list = baselines.data ?? [];
  const from = idParam(search.get('from'));
  const to = idParam(search.get('to'));
  const documentId = idParam(search.get('document'));
  const comparison = useComparison(project.id, from, to, documentId);
  const [exporting, setExporting] = useState(false);

  if (baselines.error instanceof ApiError && baselines.error.status === 403)
    return <Navigate to="/forbidden" replace />;

  const choose = (next: { from?: number | null; to?: number | null; document?: number | null }) => {
    const values = { from, to, document: documentId, ...next };
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) if (value !== null) params.set(key, String(value));
    setSearch(params, { replace: true });
  };
  const option = (b: (typeof list)[number]) => ({
    value: String(b.id),
    label: `${b.name} (${formatDate(b.created_at)})`,
  });
  // The documents either side kept; against now, the first baseline's.
  const documents = new Map<number, string>();
  for (const b of list.filter((b) => b.id === from || b.id === to))
    for (const d of b.documents) documents.set(d.id, `${d.acronym} · ${d.name}`);

  const exportRedline = async () => {
    if (from === null) return;
    setExporting(true);
    try {
      await downloadCompareReport(from, to, documentId);
    } catch (error) {
      notifyError(errorMessage(error, t), t('baselines.export.redlineFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <BaselinesPage>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4}>
            <Anchor component={Link} to={paths.list} fz="sm">
              <Group gap={4} component="span">
                <IconArrowLeft size={14} aria-hidden />
                {t('baselines.open.allBaselines')}
              </Group>
            </Anchor>
            <Title order={1} fz={28} fw={650}>
              {t('baselines.compare.title')}
            </Title>
            <Text c="dimmed">{t('baselines.compare.subtitle')}</Text>
          </Stack>
          <Button
            variant="light"
            leftSection={<IconFileTypeDocx size={16} />}
            disabled={from === null}
            loading={exporting}
            onClick={() => void exportRedline()}
          >
            {t('baselines.export.redline')}
          </Button>
        </Group>
        <Group gap="md" align="flex-end" role="group" aria-label={t('baselines.compare.choice')}>
          <Select
            label={t('baselines.compare.from')}
            placeholder={t('baselines.compare.pick')}
            data={list.map(option)}
            value={from === null ? null : String(from)}
            onChange={(value) => choose({ from: idParam(value) })}
            allowDeselect={false}
            searchable
            w={300}
          />
          <Select
            label={t('baselines.compare.to')}
            data={[{ value: NOW, label: t('baselines.compare.now') }, ...list.filter((b) => b.id !== from).map(option)]}
            value={to === null ? NOW : String(to)}
            onChange={(value) => choose({ to: value === NOW ? null : idParam(value) })}
            allowDeselect={false}
            searchable
            w={300}
          />
          <Select
            label={t('baselines.compare.document')}
            data={[
              { value: ALL, label: t('baselines.compare.allDocuments') },
              ...[...documents].map(([id, label]) => ({ value: String(id), label })),
            ]}
            value={documentId === null ? ALL : String(documentId)}
            onChange={(value) => choose({ document: value === ALL ? null : idParam(value) })}
            allowDeselect={false}
            w={300}
          />
        </Group>
        {baselines.error ? <FormAlert message={errorMessage(baselines.error, t)} /> : null}
        {from === null ? (
          <InfoAlert>
            {list.length === 0 && !baselines.isPending ? t('baselines.compare.none') : t('baselines.compare.hint')}
          </InfoAlert>
        ) : comparison.error ? (
          <FormAlert message={errorMessage(comparison.error, t)} />
        ) : comparison.isPending ? (
          <Loader size="sm" aria-label={t('baselines.compare.loading')} />
        ) : (
          <ComparisonResult comparison={comparison.data} />
        )}
      </Stack>
    </BaselinesPage>
  );
}
