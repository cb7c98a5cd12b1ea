import { memo, type MouseEvent } from 'react';
import { VisuallyHidden } from '@mantine/core';
import type { CategoryPresented, ClassifierPresented, RequirementPresented } from '@reqloom/domain';
import { IconArrowDown, IconArrowUp, IconChevronDown, IconChevronRight, IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RichTextView } from '../../../components/editor/RichTextView';
import { useCan } from '../../projects/useCan';
import { TagBadges } from '../../tags/TagBadges';
import { TagPicker } from '../../tags/TagPicker';
import { TestCoverageBadge } from '../../working-area/common/TestCoverageBadge';
import { CoverageBadge } from '../../working-area/common/CoverageBadge';
import { StaleLinksBadge } from '../../working-area/common/StaleLinksBadge';
import { StatusBadge } from '../../working-area/common/StatusBadge';
import { relativeTime } from '../../../lib/relativeTime';
import { RequirementRowActions } from '../../working-area/requirements/RequirementRowActions';
import { RowIconButton } from '../../working-area/requirements/RowIconButton';
import type { RequirementCommands } from '../../working-area/requirements/useRequirementCommands';
import classes from '../../working-area/requirements/RequirementsTable.module.css';

export interface RequirementRowProps {
  requirement: RequirementPresented;
  category: CategoryPresented | undefined;
  expanded: boolean;
  onToggle: (id: number) => void;
  href: string;
  now: number;
  formatDate: (iso: string) => string;
  commands: RequirementCommands;
  onEdit: (requirement: RequirementPresented) => void;
  /** The category list's move buttons (spec 2: the first cannot go up, the last cannot go down). */
  move?: { first: boolean; last: boolean };
  /** Coverage shows where the document has linked documents. */
  showCoverage: boolean;
  /** The document's classifiers: a cell each, with the row's tags and their picker. */
  classifiers: readonly ClassifierPresented[];
  /** A baseline's row (decisions §22): no link to the live requirement, no control that changes it. */
  readOnly?: boolean;
  /** The quality score (decisions §25): undefined for no Score cell, null while not checked. */
  score?: number | null;
  /** Virtualisation: the row's place in the list and the callback that measures its height. */
  index: number;
  top: number;
  measure: (element: HTMLElement | null) => void;
}

/** One requirement of a table or list; a click on the row (not on its links or buttons) shows its description. */
export const RequirementRow = memo(function RequirementRow({
  requirement,
  category,
  expanded,
  onToggle,
  href,
  now,
  formatDate,
  commands,
  onEdit,
  move,
  showCoverage,
  classifiers,
  index,
  top,
  measure,
  readOnly = false,
  score,
}: RequirementRowProps) {
  const { t, i18n } = useTranslation();
  // Below editor the move cell stays (the columns keep their places) but holds no buttons (decisions §20).
  const canMove = useCan('editor');
  const toggle = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a, button, input, [data-no-toggle]')) return;
    onToggle(requirement.id);
  };
  return (
    <div
      ref={measure}
      role="row"
      aria-rowindex={index + 2}
      data-index={index}
      data-expanded={expanded || undefined}
      className={classes.row}
      style={{ transform: `translateY(${top}px)` }}
      onClick={toggle}
    >
      <div className={classes.cell} role="cell">
        <RowIconButton
          aria-expanded={expanded}
          aria-label={t(expanded ? 'requirements.hideDescription' : 'requirements.showDescription', {
            name: requirement.reference,
          })}
          onClick={() => onToggle(requirement.id)}
        >
          {expanded ? <IconChevronDown size={15} /> : <IconChevronRight size={15} />}
        </RowIconButton>
      </div>
      {move ? (
        <div className={classes.cell} role="cell">
          {canMove ? (
            <div className={classes.moves}>
              <RowIconButton
                title={t('workingArea.moveUp')}
                disabled={move.first}
                aria-label={t('requirements.moveUpNamed', { name: requirement.reference })}
                onClick={() => void commands.move(requirement, 'up')}
              >
                <IconArrowUp size={14} />
              </RowIconButton>
              <RowIconButton
                title={t('workingArea.moveDown')}
                disabled={move.last}
                aria-label={t('requirements.moveDownNamed', { name: requirement.reference })}
                onClick={() => void commands.move(requirement, 'down')}
              >
                <IconArrowDown size={14} />
              </RowIconButton>
            </div>
          ) : null}
        </div>
      ) : null}
      <div className={classes.cell} role="cell">
        <div className={classes.title}>
          {readOnly ? (
            <>
              <span className={classes.reference}>{requirement.reference}</span>
              <span className={classes.name} title={requirement.name}>
                {requirement.name}
              </span>
            </>
          ) : (
            <>
              {/* Plain links: the table follows them inside the app (RequirementsTable's followLink). */}
              <a href={href} className={classes.reference}>
                {requirement.reference}
              </a>
              <a href={href} className={classes.name} title={requirement.name}>
                {requirement.name}
              </a>
            </>
          )}
          {requirement.type === 'test' ? <span className={classes.testBadge}>{t('tests.badge')}</span> : null}
        </div>
        <div className={classes.meta}>
          <span>{requirement.author?.name ?? t('requirements.unknownAuthor')}</span>
          <span title={formatDate(requirement.updated_at)}>
            {t('requirements.updated', { time: relativeTime(requirement.updated_at, now, i18n.language) })}
          </span>
          {category && !move ? (
            <span className={classes.category}>
              <IconFolder size={12} aria-hidden />
              <span>{category.name}</span>
            </span>
          ) : null}
        </div>
      </div>
      {/* A draft keeps no badge (spec 2 §4), but its cell still says "Draft" on hover and to a screen reader. */}
      <div
        className={`${classes.cell} ${classes.statusCell}`}
        role="cell"
        title={requirement.status <= 0 ? t('requirements.status.draft') : undefined}
        data-status-cell
      >
        <div className={classes.badges}>
          {requirement.status <= 0 ? (
            <VisuallyHidden>{t('requirements.status.draft')}</VisuallyHidden>
          ) : (
            <StatusBadge status={requirement.status} />
          )}
          {/* A test covers its parents: it is flagged only when it covers none (issue 31). */}
          {!showCoverage ? null : requirement.test ? (
            requirement.parents.length === 0 ? (
              <TestCoverageBadge count={0} compact />
            ) : null
          ) : requirement.coverageStatus !== 'coveredAndCovering' ? (
            <CoverageBadge status={requirement.coverageStatus} compact />
          ) : null}
          <StaleLinksBadge requirement={requirement} />
        </div>
      </div>
      {score === undefined ? null : (
        <div className={`${classes.cell} ${classes.scoreCell}`} role="cell" data-score={score ?? undefined}>
          {score === null ? (
            <span title={t('quality.noScore')} aria-label={t('quality.noScore')}>
              –
            </span>
          ) : (
            <span className={classes.score} data-level={score >= 90 ? 'good' : score >= 70 ? 'fair' : 'poor'}>
              {score}
            </span>
          )}
        </div>
      )}
      {classifiers.map((classifier) => (
        <div key={classifier.id} className={`${classes.cell} ${classes.tagCell}`} role="cell">
          {/* Shown only when the columns are folded under the name (a narrow table): the picker says it too. */}
          <span className={classes.tagLabel} aria-hidden>
            {classifier.name}
          </span>
          {readOnly ? (
            // The tags as kept, with their titles then: not the classifier's tags of now.
            <TagBadges tags={requirement.tags.filter((tag) => tag.classifier_id === classifier.id)} />
          ) : (
            <TagPicker requirement={requirement} classifier={classifier} variant="cell" />
          )}
        </div>
      ))}
      <div className={`${classes.cell} ${classes.actionsCell}`} role="cell">
        {readOnly ? null : (
          <RequirementRowActions requirement={requirement} href={href} commands={commands} onEdit={onEdit} />
        )}
      </div>
      {expanded ? (
        <div className={classes.description} data-no-toggle>
          {requirement.description ? (
            <RichTextView html={requirement.description} />
          ) : (
            <span style={{ color: 'var(--mantine-color-dimmed)', fontSize: 'var(--mantine-font-size-sm)' }}>
              {t('requirements.noDescription')}
            </span>
          )}
        </div>
      ) : null}
    </div>
  );
});
