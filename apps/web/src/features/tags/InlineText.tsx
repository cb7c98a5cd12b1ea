import { useRef, useState } from 'react';
import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldErrorMessage } from '../../components/errorMessage';
import { notifyError } from '../../components/notify';
import { inlineCommit } from './inlineEdit';
import classes from './TagsPanel.module.css';

interface InlineTextProps {
  value: string;
  /** The field's accessible name. */
  label: string;
  maxLength: number;
  /** Saves the new text; what it throws is shown, and the text goes back. */
  onSave: (value: string) => Promise<unknown>;
  /** The field of the call's body, whose message a refusal carries (`name`, `title`). */
  field: string;
  variant: 'name' | 'title';
}

/**
 * A classifier's name or a tag's title, edited in place (spec 2): Enter or leaving the field saves, only a real
 * change; Escape puts the saved text back; a refused change puts it back too and says why. Another member's
 * change shows at once, unless the person is in the middle of an edit. A text area that grows, so that a long
 * name wraps instead of scrolling out of sight; Enter still saves, so it stays on one line.
 */
export function InlineText({ value, label, maxLength, onSave, field, variant }: InlineTextProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [saved, setSaved] = useState(value);
  const [saving, setSaving] = useState(false);
  const escaped = useRef(false);
  if (value !== saved) {
    setSaved(value);
    if (draft === saved) setDraft(value);
  }

  const commit = async () => {
    const next = inlineCommit(draft, value);
    if (next.kind === 'keep') return;
    if (next.kind === 'reset' || saving) {
      setDraft(value);
      return;
    }
    setDraft(next.value);
    setSaving(true);
    try {
      await onSave(next.value);
    } catch (error) {
      setDraft(value);
      notifyError(fieldErrorMessage(error, field, t), t('workingArea.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Textarea
      variant="unstyled"
      autosize
      minRows={1}
      className={classes.inline}
      data-variant={variant}
      aria-label={label}
      maxLength={maxLength}
      value={draft}
      aria-busy={saving || undefined}
      onChange={(event) => setDraft(event.currentTarget.value.replace(/[\r\n]+/g, ' '))}
      onBlur={() => {
        if (escaped.current) {
          escaped.current = false;
          return;
        }
        void commit();
      }}
      onKeyDown={(event) => {
        if (event.nativeEvent.isComposing) return;
        if (event.key === 'Enter') {
          event.preventDefault();
          event.currentTarget.blur();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          escaped.current = true;
          setDraft(value);
          event.currentTarget.blur();
        }
      }}
    />
  );
}
