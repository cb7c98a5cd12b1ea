import { useMemo } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconFilePlus, IconFolderPlus, IconTestPipe } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/FormAlert';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { errorMessage } from '../../../components/errorMessage';
import { notifySuccess } from '../../../components/notify';
import { usePageTitle } from '../../../components/usePageTitle';
import { useCan } from '../../projects/useCan';
import { useProject } from '../../projects/useProject';
import { documentTour } from '../../tours/documentTour';
import { GuidedTour } from '../../tours/GuidedTour';
import { useClassifiers } from '../../tags/useClassifiers';
import { useAlpha } from '../../user/useAlpha';
import { useDocumentRequirements } from '../../working-area/api/useDocumentRequirements';
import { useStructure } from '../../working-area/api/useStructure';
import { useWorkingAreaActions } from '../../working-area/api/useWorkingAreaActions';
import { InfoAlert } from '../../working-area/common/InfoAlert';
import { notifyFailure } from '../../working-area/common/notifyFailure';
import { Section } from '../../working-area/common/Section';
import { useWorkingAreaPaths } from '../../working-area/common/useWorkingAreaPaths';
import { useWorkingAreaDialogs } from '../../working-area/dialogs/useWorkingAreaDialogs';
import { buildCategoryTree } from '../../working-area/logic/categoryTree';
import { defaultCategoryId } from '../../working-area/logic/defaultCategory';
import { statusCounts } from '../../working-area/logic/requirementOrder';
import { DocumentGraph } from '../../working-area/overview/DocumentGraph';
import { RequirementsTable } from '../requirements/RequirementsTable';
import { CategoriesTree } from '../../working-area/document/CategoriesTree';
import { DocumentHeader } from '../../working-area/document/DocumentHeader';
import { DocumentApprovalBanner } from './DocumentApprovalBanner';
import { useDisabledRules } from '../../projects/useDisabledRules';
import { useDocumentQuality } from '../../quality/qualityApi';

/**
 * The document view (spec 2): header, its last approved baseline (decisions §23), its links to other documents,
 * categories tree, requirements table.
 */
/** Before the scores come: the column shows, each row "not checked yet". */
const EMPTY_SCORES: ReadonlyMap<number, number> = new Map();

export function DocumentView({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projectId = useProject().project.id;
  const paths = useWorkingAreaPaths();
  const dialogs = useWorkingAreaDialogs();
  const actions = useWorkingAreaActions();
  const alpha = useAlpha();
  const canEdit = useCan('editor');
  const structure = useStructure(projectId);
  const document = structure.data?.find((d) => d.id === documentId);
  // Asked for with the structure, not after it: the address names the document.
  const requirements = useDocumentRequirements(projectId, documentId);
  const { classifiers } = useClassifiers(projectId, documentId);
  usePageTitle(document?.name ?? t('documents.kind'));

  const categories = useMemo(() => new Map((document?.categories ?? []).map((c) => [c.id, c])), [document]);
  const tree = useMemo(() => buildCategoryTree(document?.categories ?? []), [document]);
  const list = useMemo(() => requirements.data ?? [], [requirements.data]);
  // The Score column (decisions §25): the server's check of the whole document, asked again when a requirement or
  // the project's rules change.
  const disabled = useDisabledRules();
  const qualityVersion = useMemo(
    () =>
      `${list.length}.${list.reduce((last, r) => (r.updated_at > last ? r.updated_at : last), '')}.${disabled.join(',')}`,
    [list, disabled],
  );
  const quality = useDocumentQuality(projectId, documentId, qualityVersion);
  const scores = useMemo(
    () => (quality.data ? new Map(quality.data.requirements.map((r) => [r.id, r.score])) : undefined),
    [quality.data],
  );
  const neighbourhood = useMemo(() => {
    if (!document || !structure.data) return [];
    const near = new Set([document.id, ...document.parents, ...document.children]);
    return structure.data.filter((d) => near.has(d.id));
  }, [document, structure.data]);

  if (structure.error) return <FormAlert message={errorMessage(structure.error, t)} />;
  if (!structure.data) return <ScreenLoader />;
  // Deleted (here or by another member): back to the overview.
  if (!document) return <Navigate to={paths.overview} replace />;

  const withoutCategory = list.filter((r) => r.category_id === null).length;
  // Issue 31: the Add buttons here act from no category; a requirement left at "No category" is not exported.
  const startCategory = defaultCategoryId(document.categories);
  const linked = document.parents.length + document.children.length > 0;
  const remove = async () => {
    const yes = await dialogs.confirm({
      title: t('documents.deleteTitle'),
      message: t('documents.deleteConfirm', { name: document.name }),
      confirmLabel: t('workingArea.delete'),
      danger: true,
    });
    if (!yes) return;
    try {
      await actions.deleteDocument(document);
      notifySuccess(t('documents.deleted', { name: document.name }));
      void navigate(paths.overview);
    } catch (error) {
      notifyFailure(error, t);
    }
  };

  return (
    <Stack gap="md">
      <DocumentHeader
        document={document}
        qualityHref={paths.documentQuality(document.id)}
        statusCounts={statusCounts(list)}
        uncategorised={withoutCategory}
        onEdit={canEdit ? () => dialogs.open({ kind: 'document', document }) : undefined}
        onDelete={canEdit ? () => void remove() : undefined}
        onImport={canEdit ? () => dialogs.open({ kind: 'spreadsheet', document }) : undefined}
      />
      <DocumentApprovalBanner documentId={document.id} requirementsAt={requirements.dataUpdatedAt} />
      {linked ? (
        <Section title={t('documents.traceability')}>
          <DocumentGraph documents={neighbourhood} currentId={document.id} />
        </Section>
      ) : null}
      <Section
        title={t('categories.title')}
        count={document.categories.length}
        tourId="document-categories"
        actions={
          canEdit ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFolderPlus size={14} />}
              onClick={() => dialogs.open({ kind: 'category', documentId: document.id, parentId: null })}
            >
              {t('categories.add')}
            </Button>
          ) : null
        }
      >
        {tree.length === 0 ? (
          <InfoAlert>{t('categories.empty')}</InfoAlert>
        ) : (
          <CategoriesTree nodes={tree} requirements={list} />
        )}
      </Section>
      <Section
        title={t('requirements.title')}
        count={list.length}
        collapsible
        tourId="document-requirements"
        actions={
          canEdit ? (
            <>
              {alpha ? (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconTestPipe size={14} />}
                  onClick={() => dialogs.open({ kind: 'test', documentId: document.id, categoryId: startCategory })}
                >
                  {t('tests.add')}
                </Button>
              ) : null}
              <Button
                size="xs"
                leftSection={<IconFilePlus size={14} />}
                onClick={() =>
                  dialogs.open({ kind: 'requirement', documentId: document.id, categoryId: startCategory })
                }
              >
                {t('requirements.add')}
              </Button>
            </>
          ) : null
        }
      >
        <Stack gap="sm">
          {requirements.error ? <FormAlert message={errorMessage(requirements.error, t)} /> : null}
          {withoutCategory > 0 ? (
            <InfoAlert color="orange">{t('requirements.withoutCategory', { count: withoutCategory })}</InfoAlert>
          ) : null}
          {requirements.isPending ? (
            <ScreenLoader />
          ) : list.length === 0 ? (
            <InfoAlert>{t('requirements.empty')}</InfoAlert>
          ) : (
            <RequirementsTable
              requirements={list}
              categories={categories}
              mode="table"
              label={t('requirements.tableLabel', { name: document.name })}
              showCoverage={linked}
              classifiers={classifiers}
              scores={scores ?? EMPTY_SCORES}
            />
          )}
        </Stack>
      </Section>
      <GuidedTour tour={documentTour} />
    </Stack>
  );
}
