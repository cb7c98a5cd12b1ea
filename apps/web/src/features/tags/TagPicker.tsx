import { memo, useEffect, useRef, useState } from 'react';
import { Popover } from '@mantine/core';
import type { ClassifierPresented, RequirementPresented } from '@reqloom/domain';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMessage } from '../../components/errorMessage';
import { notifyError } from '../../components/notify';
import { useCan } from '../projects/useCan';
import { useWorkingAreaActions } from '../working-area/api/useWorkingAreaActions';
import { TagBadges } from './TagBadges';
import { TagPickerDropdown } from './TagPickerDropdown';
import { heldTags, replaceClassifierTags, sameIds, toggleTag } from '../working-area/logic/tagSelection';
import classes from './TagPicker.module.css';

interface TagPickerProps {
  requirement: RequirementPresented;
  classifier: ClassifierPresented;
  /** A table cell (the badges alone, a faint "+" when empty) or the requirement view (with words). */
  variant: 'cell' | 'view';
}

/** What the picker was opened on: a save starts from that version, and sends only a change from those tags. */
interface Session {
  version: number;
  ids: number[];
}

/**
 * A requirement's tags of one classifier, as badges; a click opens the choice (spec 2, tag picker). A click
 * outside, or leaving it with the keyboard, saves what changed in one `PUT requirements/{id} {tags_id, version}`;
 * Escape cancels. A single-select classifier holds one tag. A save that meets someone else's meets the conflict
 * dialog, as every save of the working area does.
 *
 * Rows of a long table are made and dropped as it scrolls: closed, the picker is one plain button, and its
 * popover exists only while it is open. Below editor (decisions §20) the badges alone show, with no button.
 */
export const TagPicker = memo(function TagPicker({ requirement, classifier, variant }: TagPickerProps) {
  const { t } = useTranslation();
  const actions = useWorkingAreaActions();
  const canEdit = useCan('editor');
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [saving, setSaving] = useState<number[] | null>(null);
  const session = useRef<Session | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const focusTrigger = useRef(false);
  const open = chosen !== null;

  const held = heldTags(classifier, requirement.tags);
  const shown = open || saving ? classifier.tags.filter((tag) => (chosen ?? saving)!.includes(tag.id)) : held;

  // The button is made again when the popover opens or closes: the focus goes back to the new one.
  useEffect(() => {
    if (open || !focusTrigger.current) return;
    focusTrigger.current = false;
    trigger.current?.focus();
  }, [open]);

  const start = () => {
    const ids = held.map((tag) => tag.id);
    session.current = { version: requirement.version, ids };
    setChosen(ids);
  };

  const save = async (ids: number[], version: number) => {
    setSaving(ids);
    try {
      await actions.setRequirementTags(requirement, replaceClassifierTags(requirement.tags, classifier, ids), version);
    } catch (error) {
      notifyError(fieldErrorMessage(error, 'tags_id', t), t('workingArea.failed'));
    } finally {
      setSaving(null);
    }
  };

  // A picker left open goes when its row scrolls out of the table (or the view changes): what was chosen is saved,
  // as when the focus leaves it. Refs, because the cleanup runs once, at the end, with what is current then.
  const saveOnUnmount = useRef<() => void>(() => undefined);
  useEffect(() => {
    saveOnUnmount.current = () => {
      const opened = session.current;
      if (!opened || chosen === null || sameIds(chosen, opened.ids)) return;
      session.current = null;
      const tags = replaceClassifierTags(requirement.tags, classifier, chosen);
      actions.setRequirementTags(requirement, tags, opened.version).catch((error: unknown) => {
        notifyError(fieldErrorMessage(error, 'tags_id', t), t('workingArea.failed'));
      });
    };
  });
  useEffect(() => () => saveOnUnmount.current(), []);
  if (!canEdit) return held.length > 0 ? <TagBadges tags={held} /> : null;

  /** Closes; saves when `keep` and the choice changed. Called once per opening, whichever way it closes. */
  const close = (keep: boolean, refocus: boolean) => {
    const opened = session.current;
    if (!opened) return;
    session.current = null;
    focusTrigger.current = refocus;
    const ids = chosen ?? opened.ids;
    setChosen(null);
    if (keep && !sameIds(ids, opened.ids)) void save(ids, opened.version);
  };

  const names = held.map((tag) => tag.title).join(', ');
  const button = (
    <button
      ref={trigger}
      type="button"
      className={classes.trigger}
      data-variant={variant}
      data-busy={saving ? true : undefined}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-label={t('tags.pickerLabel', {
        name: classifier.name,
        reference: requirement.reference,
        tags: names || t('tags.none'),
      })}
      // Open, a click on the button closes and saves; the focus must not leave the filter box first.
      onMouseDown={(event) => open && event.preventDefault()}
      onClick={() => (open ? close(true, true) : start())}
      onKeyDown={(event) => {
        if (!open && event.key === 'ArrowDown') {
          event.preventDefault();
          start();
        }
      }}
    >
      {shown.length > 0 ? (
        <TagBadges tags={shown} />
      ) : (
        <span className={classes.placeholder}>
          <IconPlus size={14} aria-hidden />
          {variant === 'view' ? t('tags.add') : null}
        </span>
      )}
    </button>
  );
  if (!open) return button;

  return (
    <Popover
      opened
      onDismiss={() => close(true, false)}
      closeOnEscape={false}
      position="bottom-start"
      width={260}
      shadow="md"
      radius="md"
      withinPortal
    >
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown p={0}>
        <TagPickerDropdown
          classifier={classifier}
          chosen={chosen}
          onToggle={(tagId) => setChosen((ids) => ids && toggleTag(ids, tagId, classifier.multiselect))}
          onCancel={() => close(false, true)}
          // Tab (no target) brings the focus back to the button; a focus gone elsewhere stays there.
          onLeave={(to) => close(true, to === null || to === trigger.current)}
        />
      </Popover.Dropdown>
    </Popover>
  );
});
