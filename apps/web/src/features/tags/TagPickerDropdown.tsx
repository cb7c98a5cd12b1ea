import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Checkbox, Radio, TextInput } from '@mantine/core';
import type { ClassifierPresented } from '@reqloom/domain';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TagBadge } from './TagBadge';
import { matchingTags, moveActive } from '../working-area/logic/tagSelection';
import classes from './TagPicker.module.css';

interface TagPickerDropdownProps {
  classifier: ClassifierPresented;
  /** The tags chosen so far (ids of this classifier). */
  chosen: readonly number[];
  onToggle: (tagId: number) => void;
  /** Escape: closes without saving. */
  onCancel: () => void;
  /** Tab, or the focus gone elsewhere: saves what changed, as a click outside does. */
  onLeave: (to: Element | null) => void;
}

/**
 * What the tag picker opens: the classifier's tags to choose from, with a filter box. The focus stays in the
 * filter box; the arrow keys move through the tags (the box points to the one in view with
 * aria-activedescendant), Enter chooses it, Escape cancels; Tab, or the focus leaving it, saves.
 */
export function TagPickerDropdown({ classifier, chosen, onToggle, onCancel, onLeave }: TagPickerDropdownProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const options = matchingTags(classifier.tags, query);
  const activeIndex = options.length === 0 ? -1 : Math.min(Math.max(active, 0), options.length - 1);
  const optionId = (tagId: number) => `${listId}-tag-${tagId}`;

  // Without moving the page: the dropdown may not have its place yet when it mounts.
  useEffect(() => input.current?.focus({ preventScroll: true }), []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(moveActive(activeIndex, event.key, options.length));
    } else if (event.key === 'Tab') {
      // The picker sits at the end of the page (a portal): Tab would leave for nowhere. It saves, and the focus
      // goes back to the picker's button, from where Tab goes on.
      event.preventDefault();
      onLeave(null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const tag = options[activeIndex];
      if (tag) onToggle(tag.id);
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const to = event.relatedTarget;
    if (to && event.currentTarget.contains(to)) return;
    // Null: the window lost the focus or a click landed on nothing focusable; the click-outside rule decides then.
    if (to) onLeave(to);
  };

  const Indicator = classifier.multiselect ? Checkbox.Indicator : Radio.Indicator;
  return (
    <div className={classes.dropdown} onKeyDown={onKeyDown} onBlur={onBlur} data-no-toggle>
      <div className={classes.dropdownHead}>
        <div className={classes.dropdownTitle}>{classifier.name}</div>
        <div className={classes.none} style={{ padding: 0 }}>
          {classifier.multiselect ? t('tags.several') : t('tags.onlyOne')}
        </div>
      </div>
      <div className={classes.filter}>
        <TextInput
          ref={input}
          size="xs"
          leftSection={<IconSearch size={14} />}
          placeholder={t('tags.filterPlaceholder')}
          aria-label={t('tags.filterLabel', { name: classifier.name })}
          role="combobox"
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(options[activeIndex]!.id) : undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setActive(0);
          }}
        />
      </div>
      <div
        role="listbox"
        id={listId}
        className={classes.options}
        aria-label={classifier.name}
        aria-multiselectable={classifier.multiselect}
      >
        {options.map((tag, index) => {
          const selected = chosen.includes(tag.id);
          return (
            <div
              key={tag.id}
              id={optionId(tag.id)}
              role="option"
              aria-selected={selected}
              className={classes.option}
              data-active={index === activeIndex || undefined}
              // The focus stays in the filter box: a click on an option must not take it away.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => onToggle(tag.id)}
            >
              <Indicator checked={selected} size="xs" aria-hidden />
              <TagBadge tag={tag} />
            </div>
          );
        })}
      </div>
      {options.length === 0 ? (
        <div className={classes.none}>{classifier.tags.length === 0 ? t('tags.noTagsYet') : t('tags.noMatch')}</div>
      ) : null}
      <div className={classes.hint}>{t('tags.pickerHint')}</div>
    </div>
  );
}
