import { useMemo, useState } from 'react';
import { Anchor, Button, Table, Text } from '@mantine/core';
import type { DocumentQualityRequirementPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QualityEngine } from '../quality/qualityEngine';

/** Rows drawn at a time: a 5,000-requirement document shows its worst at once and the rest on demand. */
export const WORST_PAGE = 100;

interface WorstRequirementsProps {
  requirements: readonly DocumentQualityRequirementPresented[];
  pathOf: (id: number) => string;
  engine: QualityEngine;
}

/** The requirements by score, worst first (ties in reading order), each with its findings' rules. */
export function WorstRequirements({ requirements, pathOf, engine }: WorstRequirementsProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(WORST_PAGE);
  const sorted = useMemo(
    () =>
      requirements
        .map((r, index) => ({ r, index }))
        .sort((a, b) => a.r.score - b.r.score || a.index - b.index)
        .map(({ r }) => r),
    [requirements],
  );
  return (
    <>
      <Table aria-label={t('quality.document.worst')} striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ width: 80, textAlign: 'right' }}>{t('quality.column')}</Table.Th>
            <Table.Th>{t('quality.document.requirement')}</Table.Th>
            <Table.Th>{t('quality.document.count')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.slice(0, shown).map((r) => {
            const rules = [...new Set(r.findings.map((f) => f.rule))];
            return (
              <Table.Tr key={r.id} data-quality-row={r.id}>
                <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} fw={600}>
                  {r.score}
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={pathOf(r.id)} fz="sm">
                    <Text span ff="monospace" fz="xs" fw={600} mr={6}>
                      {r.reference}
                    </Text>
                    {r.name}
                  </Anchor>
                </Table.Td>
                <Table.Td fz="sm" lang={r.language}>
                  {rules.map((rule) => engine.QUALITY_RULES[rule].message[r.language]).join(' · ') || '–'}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {shown < sorted.length ? (
        <Button variant="subtle" size="xs" onClick={() => setShown(shown + WORST_PAGE)}>
          {t('quality.document.more', { count: Math.min(WORST_PAGE, sorted.length - shown) })}
        </Button>
      ) : null}
    </>
  );
}
