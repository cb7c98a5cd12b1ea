import { Select, Text } from '@mantine/core';
import type { CategoryPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useWorkingAreaPreferences } from '../common/useWorkingAreaPreferences';
import { categoryOptions } from '../logic/categoryTree';

export const NO_CATEGORY = 'none';

interface CategorySelectProps {
  label: string;
  categories: readonly CategoryPresented[];
  value: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
  disabled?: boolean;
  /** Shown, not changed (a member below editor, decisions §20). */
  readOnly?: boolean;
  size?: 'xs' | 'sm';
}

/** A category of a document, indented by depth, with a "no category" entry first (spec 2, requirement view). */
export function CategorySelect({
  label,
  categories,
  value,
  onChange,
  error,
  disabled,
  readOnly,
  size,
}: CategorySelectProps) {
  const { t } = useTranslation();
  const { categoryNumbering } = useWorkingAreaPreferences();
  const options = [
    { value: NO_CATEGORY, label: t('categories.none'), depth: 0 },
    ...categoryOptions(categories, categoryNumbering),
  ];
  const depthOf = new Map(options.map((o) => [o.value, o.depth]));
  return (
    <Select
      label={label}
      size={size}
      data={options.map(({ value: v, label: l }) => ({ value: v, label: l }))}
      value={value}
      error={error}
      disabled={disabled}
      readOnly={readOnly}
      allowDeselect={false}
      searchable
      nothingFoundMessage={t('workingArea.nothingFound')}
      renderOption={({ option }) => (
        <Text
          fz="sm"
          pl={(depthOf.get(option.value) ?? 0) * 14}
          fs={option.value === NO_CATEGORY ? 'italic' : undefined}
        >
          {option.label}
        </Text>
      )}
      onChange={(next) => {
        if (next !== null) onChange(next);
      }}
    />
  );
}
