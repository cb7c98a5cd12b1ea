import { List, Text } from '@mantine/core';
import type { AuditChanges, AuditEntityType } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { changeLines } from './auditChanges';

/**
 * An entry's change, one line per field: "Role: Editor → Maintainer"; a creation shows the new values, a deletion the
 * old ones (struck through), rich text only that it was edited.
 */
export function AuditChangeList({ changes, entityType }: { changes: AuditChanges; entityType?: AuditEntityType }) {
  const { t } = useTranslation();
  const lines = changeLines(changes, t, entityType);
  if (lines.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t('history.change.noDetail')}
      </Text>
    );
  }
  return (
    <List size="sm" listStyleType="none" spacing={2} styles={{ itemWrapper: { display: 'block' } }}>
      {lines.map((line) => (
        <List.Item key={line.field} style={{ overflowWrap: 'anywhere' }}>
          <Text span fz="sm" c="dimmed">
            {t('history.change.field', { field: line.label })}
          </Text>{' '}
          {line.edited ? (
            <Text span fz="sm" fs="italic">
              {t('history.change.edited')}
            </Text>
          ) : (
            <>
              {line.before !== undefined ? (
                <Text span fz="sm" td={line.after === undefined ? 'line-through' : undefined}>
                  {line.before}
                </Text>
              ) : null}
              {line.before !== undefined && line.after !== undefined ? ' → ' : null}
              {line.after !== undefined ? (
                <Text span fz="sm" fw={600}>
                  {line.after}
                </Text>
              ) : null}
            </>
          )}
        </List.Item>
      ))}
    </List>
  );
}
