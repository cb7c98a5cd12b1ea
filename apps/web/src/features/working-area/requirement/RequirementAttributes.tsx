import { Table, Text } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { Section } from '../common/Section';
import { sortedAttributes } from '../logic/attributes';

/**
 * The values an imported file gave the requirement that Reqloom has no field for (decisions §14: `ReqIF.ForeignID`,
 * a tool's own attributes), kept so that an export gives them back. Read-only, as text: never as HTML, even when the
 * file held rich text. Nothing shows when there are none.
 */
export function RequirementAttributes({ requirement }: { requirement: RequirementPresented }) {
  const { t } = useTranslation();
  const rows = sortedAttributes(requirement.attributes);
  if (rows.length === 0) return null;
  return (
    <Section title={t('requirements.attributes.title')} count={rows.length}>
      <Text fz="xs" c="dimmed">
        {t('requirements.attributes.hint')}
      </Text>
      {/* Fixed layout: a long name or value wraps in its column rather than widening the page. */}
      <Table fz="sm" layout="fixed" verticalSpacing={4} striped aria-label={t('requirements.attributes.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="35%">{t('requirements.attributes.name')}</Table.Th>
            <Table.Th>{t('requirements.attributes.value')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere', verticalAlign: 'top' }}>
                <Text span fz="sm" ff="monospace">
                  {name}
                </Text>
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', verticalAlign: 'top' }}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}
