import { Table, Text } from '@mantine/core';
import type { TestRunPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../user/useFormatDateTime';
import { formatStopwatch } from '../player/playerState';
import { ResultBadge } from './ResultBadge';

/** The runs of a test, newest first: date, runner, result, success ratio and duration (decisions §16). */
export function TestRunsTable({ runs }: { runs: readonly TestRunPresented[] }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  if (runs.length === 0) {
    return (
      <Text fz="sm" c="dimmed" fs="italic">
        {t('tests.runs.none')}
      </Text>
    );
  }
  return (
    <Table fz="sm" verticalSpacing={6} highlightOnHover aria-label={t('tests.runs.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('tests.runs.date')}</Table.Th>
          <Table.Th>{t('tests.runs.runner')}</Table.Th>
          <Table.Th>{t('tests.runs.result')}</Table.Th>
          <Table.Th ta="right">{t('tests.runs.ratio')}</Table.Th>
          <Table.Th ta="right">{t('tests.runs.duration')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {runs.map((run) => (
          <Table.Tr key={run.id}>
            <Table.Td>{formatDate(run.started_at)}</Table.Td>
            <Table.Td>{run.runner?.name ?? t('requirements.unknownAuthor')}</Table.Td>
            <Table.Td>
              <ResultBadge result={run.result} />
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {t('tests.ratio', { ratio: run.success_ratio })}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {formatStopwatch(run.duration_s)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
