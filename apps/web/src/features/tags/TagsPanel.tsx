import { useState } from 'react';
import { Button, ScrollArea, Text } from '@mantine/core';
import { IconPlus, IconTags } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/FormAlert';
import { ScreenLoader } from '../../components/ScreenLoader';
import { errorMessage } from '../../components/errorMessage';
import { useCan } from '../projects/useCan';
import { useProject } from '../projects/useProject';
import { PanelEmptyState } from '../../components/PanelEmptyState';
import { useStructure } from '../working-area/api/useStructure';
import { ClassifierCard } from './ClassifierCard';
import { ClassifierCardView } from './ClassifierCardView';
import { ClassifierDialog } from './ClassifierDialog';
import { useClassifierActions } from './useClassifierActions';
import { useClassifiers } from './useClassifiers';
import classes from './TagsPanel.module.css';

/**
 * The tags panel of the document, category and requirement views (spec 2): the classifiers of the element's
 * document with their tags, to create, rename, switch between one and several tags, recolour and delete. What
 * other members change shows live (the classifier and tag events). Below editor, the panel is read only
 * (decisions §20).
 */
export function TagsPanel({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const projectId = useProject().project.id;
  const document = useStructure(projectId).data?.find((d) => d.id === documentId);
  const { query, classifiers } = useClassifiers(projectId, documentId);
  const actions = useClassifierActions();
  const [creating, setCreating] = useState(false);
  const canEdit = useCan('editor');

  if (query.error) return <FormAlert message={errorMessage(query.error, t)} />;
  if (!query.data) return <ScreenLoader />;
  return (
    <div className={classes.panel}>
      <div className={classes.toolbar}>
        <Text fz="xs" c="dimmed" className={classes.documentName}>
          {document ? t('tags.ofDocument', { name: document.name }) : null}
        </Text>
        {canEdit ? (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            {t('tags.newClassifier')}
          </Button>
        ) : null}
      </div>
      <ScrollArea className={classes.scroll} type="auto">
        {classifiers.length === 0 ? (
          <PanelEmptyState
            icon={<IconTags size={22} />}
            title={t('sidePanels.tagsEmpty')}
            text={t('sidePanels.tagsHint')}
          />
        ) : (
          <div className={classes.cards}>
            {classifiers.map((classifier) =>
              canEdit ? (
                <ClassifierCard key={classifier.id} classifier={classifier} actions={actions} />
              ) : (
                <ClassifierCardView key={classifier.id} classifier={classifier} />
              ),
            )}
          </div>
        )}
      </ScrollArea>
      {creating && canEdit ? (
        <ClassifierDialog documentId={documentId} actions={actions} onClose={() => setCreating(false)} />
      ) : null}
    </div>
  );
}
