import { useMemo, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconFilePlus, IconFolderPlus, IconTestPipe } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { inReadingOrder } from '@reqloom/domain';
import { FormAlert } from '../../../components/FormAlert';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { errorMessage } from '../../../components/errorMessage';
import { usePageTitle } from '../../../components/usePageTitle';
import { useCan } from '../../projects/useCan';
import { useProject } from '../../projects/useProject';
import { categoryTour } from '../../tours/categoryTour';
import { GuidedTour } from '../../tours/GuidedTour';
import { useClassifiers } from '../../tags/useClassifiers';
import { useAlpha } from '../../user/useAlpha';
import { useDocumentRequirements } from '../../working-area/api/useDocumentRequirements';
import { useStructure } from '../../working-area/api/useStructure';
import { InfoAlert } from '../../working-area/common/InfoAlert';
import { Section } from '../../working-area/common/Section';
import { useWorkingAreaPaths } from '../../working-area/common/useWorkingAreaPaths';
import { useWorkingAreaPreferences } from '../../working-area/common/useWorkingAreaPreferences';
import { CategoriesTree } from '../../working-area/document/CategoriesTree';
import { useCategoryCommands } from '../../working-area/document/useCategoryCommands';
import { useWorkingAreaDialogs } from '../../working-area/dialogs/useWorkingAreaDialogs';
import { descendantsOf, subTree } from '../../working-area/logic/categoryTree';
import { statusCounts } from '../../working-area/logic/requirementOrder';
import { RequirementsTable } from '../requirements/RequirementsTable';
import { CategoryHeader } from '../../working-area/category/CategoryHeader';

/**
 * The category view (spec 2): its own requirements (in order, movable), its sub-categories, and the requirements
 * of its sub-categories. All of it is read from the structure and the document's requirements.
 */
export function CategoryView({ categoryId }: { categoryId: number }) {
  const { t } = useTranslation();
  const projectId = useProject().project.id;
  const paths = useWorkingAreaPaths();
  const dialogs = useWorkingAreaDialogs();
  const commands = useCategoryCommands();
  const { categoryNumbering } = useWorkingAreaPreferences();
  const alpha = useAlpha();
  const canEdit = useCan('editor');
  const structure = useStructure(projectId);
  const document = structure.data?.find((d) => d.categories.some((c) => c.id === categoryId));
  const category = document?.categories.find((c) => c.id === categoryId);
  // Remembered so that a deleted category (here or by another member) can lead back to its document.
  const [lastDocumentId, setLastDocumentId] = useState<number | null>(null);
  if (document && document.id !== lastDocumentId) setLastDocumentId(document.id);
  const requirements = useDocumentRequirements(projectId, document?.id);
  const { classifiers } = useClassifiers(projectId, document?.id);
  usePageTitle(category?.name ?? t('categories.kind'));

  const categories = useMemo(() => new Map((document?.categories ?? []).map((c) => [c.id, c])), [document]);
  const { own, deep, below, nodes } = useMemo(() => {
    if (!document || !category) return { own: [], deep: [], below: [], nodes: [] };
    const descendants = descendantsOf(document.categories, category);
    const inside = new Set(descendants.map((c) => c.id));
    const all = requirements.data ?? [];
    return {
      own: inReadingOrder(
        all.filter((r) => r.category_id === category.id),
        categories,
      ),
      deep: all.filter((r) => r.category_id === category.id || (r.category_id !== null && inside.has(r.category_id))),
      below: all.filter((r) => r.category_id !== null && inside.has(r.category_id)),
      nodes: subTree(document.categories, category),
    };
  }, [document, category, categories, requirements.data]);

  if (structure.error) return <FormAlert message={errorMessage(structure.error, t)} />;
  if (!structure.data) return <ScreenLoader />;
  if (!document || !category) {
    return <Navigate to={lastDocumentId ? paths.document(lastDocumentId) : paths.overview} replace />;
  }

  const linked = document.parents.length + document.children.length > 0;
  const addRequirement = canEdit ? (
    <>
      {alpha ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconTestPipe size={14} />}
          onClick={() => dialogs.open({ kind: 'test', documentId: document.id, categoryId: category.id })}
        >
          {t('tests.add')}
        </Button>
      ) : null}
      <Button
        size="xs"
        leftSection={<IconFilePlus size={14} />}
        onClick={() => dialogs.open({ kind: 'requirement', documentId: document.id, categoryId: category.id })}
      >
        {t('requirements.add')}
      </Button>
    </>
  ) : null;

  return (
    <Stack gap="md">
      <CategoryHeader
        category={category}
        document={document}
        documentHref={paths.document(document.id)}
        numbering={categoryNumbering}
        statusCounts={statusCounts(deep)}
        onEdit={canEdit ? () => commands.edit(category) : undefined}
        onDelete={canEdit ? () => void commands.remove(category) : undefined}
      />
      {requirements.error ? <FormAlert message={errorMessage(requirements.error, t)} /> : null}
      <Section
        title={t('categories.ownRequirements')}
        count={own.length}
        actions={addRequirement}
        tourId="category-requirements"
      >
        {requirements.isPending ? (
          <ScreenLoader />
        ) : own.length === 0 ? (
          <InfoAlert>{t('categories.noOwnRequirements')}</InfoAlert>
        ) : (
          <RequirementsTable
            requirements={own}
            categories={categories}
            mode="list"
            label={t('requirements.listLabel', { name: category.name })}
            showCoverage={linked}
            classifiers={classifiers}
          />
        )}
      </Section>
      <Section
        title={t('categories.subCategories')}
        count={nodes.length}
        tourId="category-subcategories"
        actions={
          canEdit ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFolderPlus size={14} />}
              onClick={() => commands.addSub(category)}
            >
              {t('categories.addSub')}
            </Button>
          ) : null
        }
      >
        {nodes.length === 0 ? (
          <InfoAlert>{t('categories.noSubCategories')}</InfoAlert>
        ) : (
          <CategoriesTree nodes={nodes} requirements={requirements.data ?? []} />
        )}
      </Section>
      {nodes.length > 0 ? (
        <Section title={t('categories.subRequirements')} count={below.length} collapsible>
          {below.length === 0 ? (
            <InfoAlert>{t('categories.noSubRequirements')}</InfoAlert>
          ) : (
            <RequirementsTable
              requirements={below}
              categories={categories}
              mode="table"
              label={t('requirements.subTableLabel', { name: category.name })}
              showCoverage={linked}
              classifiers={classifiers}
            />
          )}
        </Section>
      ) : null}
      <GuidedTour tour={categoryTour} />
    </Stack>
  );
}
