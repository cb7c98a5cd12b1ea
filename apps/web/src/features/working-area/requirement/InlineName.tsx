import { useId, useRef, useState } from 'react';
import { Textarea, VisuallyHidden } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { isAskingToLeave } from '../../unsaved/unsavedWork';
import { useUnsavedWork } from '../../unsaved/useUnsavedWork';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { notifyFailure } from '../common/notifyFailure';
import { cycleCase, type CaseMode } from '../logic/nameCase';
import classes from './RequirementView.module.css';
import { useCan } from '../../projects/useCan';
import { FindingText } from '../../quality/FindingText';
import { loadedQualityEngine } from '../../quality/qualityEngine';
import { useRequirementQuality } from '../../quality/useRequirementQuality';
import { useDisabledRules } from '../../projects/useDisabledRules';

/**
 * The requirement's name, edited in place (spec 2 §5): Enter or leaving the field saves, Escape puts it back;
 * pasted text arrives as plain text on one line; nothing is sent when unchanged or already saving; a refused
 * name goes back to the saved one. A text area that grows rather than an input, so that a long name wraps in the
 * header instead of scrolling out of sight (issue 9 §3); Enter still saves, so the name stays on one line.
 */
export function InlineName({ requirement }: { requirement: RequirementPresented }) {
  const { t } = useTranslation();
  const actions = useWorkingAreaActions();
  // Below editor the name is read, never changed (decisions §20).
  const readOnly = !useCan('editor');
  const [draft, setDraft] = useState(requirement.name);
  const [saved, setSaved] = useState(requirement.name);
  const [saving, setSaving] = useState(false);
  const [lastCase, setLastCase] = useState<CaseMode | null>(null);
  const inFlight = useRef<Promise<unknown> | null>(null);
  // The version the edit started from (see RequirementDescription): a rename saved meanwhile is a conflict.
  const startVersion = useRef(requirement.version);
  // The name's quality findings, as typed (decisions §25); a test is not a requirement and has none.
  const quality = useRequirementQuality(requirement, useDisabledRules(), draft);
  const findings = requirement.test ? [] : (quality?.findings.filter((f) => f.field === 'name') ?? []);
  const engine = loadedQualityEngine();
  const described = useId();
  const explained =
    engine && quality
      ? findings.map((f) => `${f.text}: ${engine.QUALITY_RULES[f.rule].message[quality.language]}`).join('; ')
      : '';
  useUnsavedWork({
    dirty: () => draft.trim() !== '' && draft.trim() !== requirement.name,
    settling: () => inFlight.current,
    drafts: () => [{ key: `requirement.${requirement.id}.name`, value: draft.trim() }],
    flush: () => save(),
  });
  // Another member's rename (or our own save) shows here, unless the person is mid-edit.
  if (requirement.name !== saved) {
    setSaved(requirement.name);
    if (draft === saved) setDraft(requirement.name);
  }

  const save = async () => {
    const name = draft.trim();
    if (saving || name === requirement.name) {
      setDraft(requirement.name);
      return;
    }
    if (!name) {
      setDraft(requirement.name);
      return;
    }
    setSaving(true);
    const pending = actions.updateRequirement(requirement, { name, version: startVersion.current });
    inFlight.current = pending;
    try {
      // Saved, or the other name was taken in the conflict dialog: the field shows the outcome.
      const outcome = await pending;
      setSaved(outcome.name);
      setDraft(outcome.name);
      startVersion.current = outcome.version;
    } catch (error) {
      setDraft(requirement.name);
      notifyFailure(error, t);
    } finally {
      inFlight.current = null;
      setSaving(false);
    }
  };

  return (
    <div className={classes.nameFrame}>
      <Textarea
        variant="unstyled"
        autosize
        minRows={1}
        className={classes.name}
        aria-label={t('requirements.name')}
        aria-describedby={explained ? described : undefined}
        title={explained || undefined}
        value={draft}
        disabled={saving}
        readOnly={readOnly}
        onChange={(event) => {
          setLastCase(null);
          setDraft(event.currentTarget.value);
        }}
        // The leave dialog taking the focus is not "leaving the field": its answer decides. Nor is the window losing
        // the focus (another application, or the browser's own leave dialog on closing the tab): the field keeps
        // its draft and has the focus again when the window does.
        onFocus={() => (startVersion.current = requirement.version)}
        onBlur={() => void (isAskingToLeave() || !document.hasFocus() ? undefined : save())}
        onPaste={(event) => {
          event.preventDefault();
          const text = event.clipboardData.getData('text/plain').replace(/\s+/g, ' ');
          const input = event.currentTarget;
          const start = input.selectionStart ?? draft.length;
          const end = input.selectionEnd ?? draft.length;
          setDraft(draft.slice(0, start) + text + draft.slice(end));
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            event.currentTarget.blur();
          } else if (event.key === 'Escape') {
            setDraft(requirement.name);
            // Blurring after the reset saves nothing: the name is unchanged.
            requestAnimationFrame(() => (event.target as HTMLTextAreaElement).blur());
          } else if (event.key === 'F3' && event.shiftKey) {
            event.preventDefault();
            const next = cycleCase(draft, lastCase);
            setLastCase(next.mode);
            setDraft(next.text);
          }
        }}
      />
      {findings.length > 0 ? (
        <div className={classes.nameOverlay} aria-hidden data-name-findings={findings.length}>
          <FindingText text={draft} findings={findings} />
        </div>
      ) : null}
      {explained ? (
        <VisuallyHidden id={described}>{t('quality.nameFindings', { list: explained })}</VisuallyHidden>
      ) : null}
    </div>
  );
}
