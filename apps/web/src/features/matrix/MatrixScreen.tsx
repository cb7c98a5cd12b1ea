import { useMemo, useState } from 'react';
import {
  Button,
  Container,
  Group,
  Loader,
  Menu,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { MATRIX_FILTERS, type MatrixFilter, type MatrixFormat } from '@reqloom/domain';
import { useQuery } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { notifyError } from '../../components/notify';
import { usePageTitle } from '../../components/usePageTitle';
import { useProject } from '../projects/useProject';
import { SuspectLinkDialog } from '../suspect-links/SuspectLinkDialog';
import { useStructure } from '../working-area/api/useStructure';
import { useWorkingAreaPaths } from '../working-area/common/useWorkingAreaPaths';
import { exportMatrix } from './matrixApi';
import { matrixPairsQuery, matrixQuery } from './matrixQueries';
import { MatrixRows } from './MatrixRows';
import classes from './Matrix.module.css';

/**
 * The traceability matrix (decisions §24): a parent document's requirements in reading order, each with its children
 * in a child document; only the pairs of documents that links join are offered. A row opens its requirement; a
 * suspect mark opens the suspect link's review (decisions §22); the export gives the matrix as filtered.
 */
export function MatrixScreen() {
  const { t } = useTranslation();
  const { project } = useProject();
  usePageTitle(t('matrix.pageTitle', { name: project.name }));
  const paths = useWorkingAreaPaths();
  const structure = useStructure(project.id);
  const pairs = useQuery(matrixPairsQuery(project.id));
  const [parentId, setParentId] = useState<number | null>(null);
  const [childId, setChildId] = useState<number | null>(null);
  const [filter, setFilter] = useState<MatrixFilter>('all');
  const [suspect, setSuspect] = useState<{ parentId: number; childId: number } | null>(null);
  const [exporting, setExporting] = useState(false);

  const nameOf = useMemo(() => {
    const names = new Map((structure.data ?? []).map((d) => [d.id, `${d.acronym} – ${d.name}`]));
    return (id: number) => names.get(id) ?? `#${id}`;
  }, [structure.data]);
  const list = pairs.data ?? [];
  const parent = parentId ?? list[0]?.parent_document_id ?? null;
  const children = list.filter((p) => p.parent_document_id === parent);
  const child = children.some((p) => p.child_document_id === childId)
    ? childId
    : (children[0]?.child_document_id ?? null);
  const query =
    parent !== null && child !== null ? { parent_document_id: parent, child_document_id: child, filter } : null;
  const matrix = useQuery(matrixQuery(project.id, query));

  const download = async (format: MatrixFormat) => {
    if (!query) return;
    setExporting(true);
    try {
      await exportMatrix(project.id, query, format);
    } catch (error) {
      notifyError(errorMessage(error, t));
    } finally {
      setExporting(false);
    }
  };

  const parents = [...new Set(list.map((p) => p.parent_document_id))];
  const coverage = matrix.data?.coverage;
  const percent = coverage && coverage.total > 0 ? Math.round((coverage.covered / coverage.total) * 100) : 0;
  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('matrix.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('matrix.subtitle')}
        </Text>
        {pairs.error ? <FormAlert message={errorMessage(pairs.error, t)} /> : null}
        {pairs.isPending ? (
          <Loader size="sm" aria-label={t('matrix.loading')} />
        ) : list.length === 0 ? (
          <Text fz="sm">{t('matrix.noPairs')}</Text>
        ) : (
          <>
            <Group align="end" gap="md">
              <Select
                label={t('matrix.parentDocument')}
                data={parents.map((id) => ({ value: String(id), label: nameOf(id) }))}
                value={parent === null ? null : String(parent)}
                onChange={(value) => {
                  setParentId(value === null ? null : Number(value));
                  setChildId(null);
                }}
                allowDeselect={false}
              />
              <Select
                label={t('matrix.childDocument')}
                data={children.map((p) => ({ value: String(p.child_document_id), label: nameOf(p.child_document_id) }))}
                value={child === null ? null : String(child)}
                onChange={(value) => setChildId(value === null ? null : Number(value))}
                allowDeselect={false}
              />
              <SegmentedControl
                aria-label={t('matrix.filter')}
                value={filter}
                onChange={(value) => setFilter(value)}
                data={MATRIX_FILTERS.map((f) => ({ value: f, label: t(`matrix.filters.${f}`) }))}
              />
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting}>
                    {t('matrix.export')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => void download('xlsx')}>{t('matrix.exportXlsx')}</Menu.Item>
                  <Menu.Item onClick={() => void download('csv')}>{t('matrix.exportCsv')}</Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
            {coverage ? (
              <Stack gap={4}>
                <Text fz="sm">
                  {t('matrix.coverage', { covered: coverage.covered, total: coverage.total, percent })}
                </Text>
                <Progress.Root>
                  <Progress.Section
                    value={percent}
                    color={percent === 100 ? 'teal' : 'blue'}
                    aria-label={t('matrix.coverage', { covered: coverage.covered, total: coverage.total, percent })}
                  />
                </Progress.Root>
              </Stack>
            ) : null}
            {matrix.error ? <FormAlert message={errorMessage(matrix.error, t)} /> : null}
            {matrix.isPending && query ? <Loader size="sm" aria-label={t('matrix.loading')} /> : null}
            {matrix.data ? (
              <div role="table" aria-label={t('matrix.tableLabel')} aria-rowcount={matrix.data.rows.length + 1}>
                <div role="row" className={classes.header}>
                  <div role="columnheader" className={classes.parent}>
                    {nameOf(query!.parent_document_id)}
                  </div>
                  <div role="columnheader" className={classes.children}>
                    {t('matrix.childrenIn', { document: nameOf(query!.child_document_id) })}
                  </div>
                </div>
                {matrix.data.rows.length === 0 ? (
                  <Text fz="sm" p="sm">
                    {t('matrix.empty')}
                  </Text>
                ) : (
                  <MatrixRows rows={matrix.data.rows} pathOf={paths.requirement} onSuspect={setSuspect} />
                )}
              </div>
            ) : null}
          </>
        )}
      </Stack>
      <SuspectLinkDialog link={suspect} onClose={() => setSuspect(null)} />
    </Container>
  );
}
