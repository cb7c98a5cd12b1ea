import { Button, Text } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useProject } from '../projects/useProject';
import { setOpenSidePanel } from '../../lib/sidePanelStore';
import { TagPicker } from './TagPicker';
import { useClassifiers } from './useClassifiers';
import classes from './TagPicker.module.css';

/**
 * The requirement view's tags, under its description (spec 2): one line per classifier of its document, its
 * name and the picker of its tags. Without classifiers, a word on where to make them.
 */
export function RequirementTags({ requirement }: { requirement: RequirementPresented }) {
  const { t } = useTranslation();
  const projectId = useProject().project.id;
  const { query, classifiers } = useClassifiers(projectId, requirement.document_id);
  if (!query.data) return null;
  if (classifiers.length === 0) {
    return (
      <div className={classes.requirementTagsEmpty}>
        <Text fz="xs" c="dimmed">
          {t('tags.noClassifiersHere')}
        </Text>
        <Button variant="subtle" size="compact-xs" onClick={() => setOpenSidePanel('tags')}>
          {t('tags.openPanel')}
        </Button>
      </div>
    );
  }
  return (
    <div className={classes.requirementTags} role="group" aria-label={t('tags.title')}>
      {classifiers.map((classifier) => (
        <div key={classifier.id} className={classes.requirementTagRow}>
          <span className={classes.classifierName}>{classifier.name}</span>
          <TagPicker requirement={requirement} classifier={classifier} variant="view" />
        </div>
      ))}
    </div>
  );
}
