import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditAction, type AuditEntityType } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useProjectMembers } from '../projects/members/useProjectMembers';
import { hasFilters, NO_FILTERS, type HistoryFilters } from './historyFilters';

interface HistoryFiltersBarProps {
  projectId: number;
  filters: HistoryFilters;
  /** The server's refusal of a filter (a date it cannot read), by filter. */
  errors: Partial<Record<keyof HistoryFilters, string>>;
  onChange: (filters: HistoryFilters) => void;
}

/**
 * The History view's filters (decisions §21): who acted (the project's members), the kind of element, the action, and
 * the days from and to (both included). Each change goes to the address at once.
 */
export function HistoryFiltersBar({ projectId, filters, errors, onChange }: HistoryFiltersBarProps) {
  const { t } = useTranslation();
  const members = useProjectMembers(projectId);
  const people = (members.data ?? []).map((member) => ({ value: String(member.user.id), label: member.user.name }));
  // A person no longer a member (a shared link, someone who left) stays choosable, by their id.
  if (filters.who && !people.some((person) => person.value === filters.who))
    people.push({ value: filters.who, label: t('history.filters.someone', { id: filters.who }) });
  const set = (patch: Partial<HistoryFilters>) => onChange({ ...filters, ...patch });

  return (
    <Group
      component="form"
      role="search"
      aria-label={t('history.filters.label')}
      gap="sm"
      align="flex-start"
      wrap="wrap"
      onSubmit={(event) => event.preventDefault()}
    >
      <NativeSelect
        w={190}
        label={t('history.filters.person')}
        data={[{ value: '', label: t('history.filters.anyone') }, ...people]}
        value={filters.who}
        error={errors.who}
        onChange={(event) => set({ who: event.currentTarget.value })}
      />
      <NativeSelect
        w={170}
        label={t('history.filters.kind')}
        data={[
          { value: '', label: t('history.filters.anyKind') },
          ...AUDIT_ENTITY_TYPES.map((kind) => ({ value: kind, label: t(`history.entities.${kind}`) })),
        ]}
        value={filters.kind}
        error={errors.kind}
        onChange={(event) => set({ kind: event.currentTarget.value as AuditEntityType | '' })}
      />
      <NativeSelect
        w={210}
        label={t('history.filters.action')}
        data={[
          { value: '', label: t('history.filters.anyAction') },
          ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`history.actions.${action}`) })),
        ]}
        value={filters.action}
        error={errors.action}
        onChange={(event) => set({ action: event.currentTarget.value as AuditAction | '' })}
      />
      <TextInput
        w={150}
        type="date"
        label={t('history.filters.from')}
        value={filters.from}
        error={errors.from}
        max={filters.to || undefined}
        onChange={(event) => set({ from: event.currentTarget.value })}
      />
      <TextInput
        w={150}
        type="date"
        label={t('history.filters.to')}
        value={filters.to}
        error={errors.to}
        min={filters.from || undefined}
        onChange={(event) => set({ to: event.currentTarget.value })}
      />
      {hasFilters(filters) ? (
        <Button
          variant="subtle"
          color="gray"
          mt={25}
          leftSection={<IconFilterOff size={16} />}
          onClick={() => onChange(NO_FILTERS)}
        >
          {t('history.filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
