import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useProject } from '../../projects/useProject';
import { useStructure } from '../../working-area/api/useStructure';
import { ConfirmDialog } from '../../working-area/dialogs/ConfirmDialog';
import {
  WorkingAreaDialogsContext,
  type ConfirmRequest,
  type DialogRequest,
  type WorkingAreaDialogsValue,
} from '../../working-area/dialogs/WorkingAreaDialogsContext';

// The dialogs load when first opened: the side bar (in the project shell's chunk) and the views stay light.
const DocumentDialog = lazy(async () => ({
  default: (await import('../../working-area/dialogs/DocumentDialog')).DocumentDialog,
}));
const CategoryDialog = lazy(async () => ({
  default: (await import('../../working-area/dialogs/CategoryDialog')).CategoryDialog,
}));
const RequirementDialog = lazy(async () => ({
  default: (await import('../../working-area/dialogs/RequirementDialog')).RequirementDialog,
}));
const TestDialog = lazy(async () => ({ default: (await import('../../tests/dialog/TestDialog')).TestDialog }));
const ChildrenDialog = lazy(async () => ({
  default: (await import('../../working-area/dialogs/ChildrenDialog')).ChildrenDialog,
}));
const ImportDialog = lazy(async () => ({
  default: (await import('../../working-area/dialogs/ImportDialog')).ImportDialog,
}));
const SpreadsheetImportDialog = lazy(async () => ({
  default: (await import('../../spreadsheets/SpreadsheetImportDialog')).SpreadsheetImportDialog,
}));
const LinksDialog = lazy(async () => ({
  default: (await import('../../working-area/dialogs/LinksDialog')).LinksDialog,
}));

/**
 * Hosts the working area's dialogs for the part of the page inside it (the side bar and the detailed screen each
 * have one): any component below opens a dialog or asks a confirmation without holding the dialog's state.
 */
export function WorkingAreaDialogs({ children }: { children: ReactNode }) {
  const projectId = useProject().project.id;
  const documents = useStructure(projectId).data ?? [];
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const [question, setQuestion] = useState<ConfirmRequest | null>(null);
  const answer = useRef<(yes: boolean) => void>(() => undefined);

  const confirm = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setQuestion(request);
      }),
    [],
  );
  const value = useMemo<WorkingAreaDialogsValue>(() => ({ open: setDialog, confirm }), [confirm]);
  const close = () => setDialog(null);

  return (
    <WorkingAreaDialogsContext value={value}>
      {children}
      <Suspense fallback={null}>
        {dialog?.kind === 'document' ? (
          <DocumentDialog document={dialog.document} documents={documents} onClose={close} />
        ) : null}
        {dialog?.kind === 'import' ? <ImportDialog format={dialog.format} onClose={close} /> : null}
        {dialog?.kind === 'spreadsheet' ? <SpreadsheetImportDialog document={dialog.document} onClose={close} /> : null}
        {dialog?.kind === 'category' ? (
          <CategoryDialog
            documents={documents}
            documentId={dialog.documentId}
            parentId={dialog.parentId}
            category={dialog.category}
            onClose={close}
          />
        ) : null}
        {dialog?.kind === 'requirement' ? (
          <RequirementDialog
            documents={documents}
            documentId={dialog.documentId}
            categoryId={dialog.categoryId}
            requirement={dialog.requirement}
            onClose={close}
          />
        ) : null}
        {dialog?.kind === 'test' ? (
          <TestDialog
            documents={documents}
            documentId={dialog.documentId}
            categoryId={dialog.categoryId}
            test={dialog.test}
            onClose={close}
          />
        ) : null}
        {dialog?.kind === 'children' ? (
          <ChildrenDialog requirement={dialog.requirement} documents={documents} onClose={close} />
        ) : null}
        {dialog?.kind === 'links' ? (
          <LinksDialog requirement={dialog.requirement} side={dialog.side} documents={documents} onClose={close} />
        ) : null}
      </Suspense>
      <ConfirmDialog
        opened={question !== null}
        title={question?.title ?? ''}
        message={question?.message ?? ''}
        confirmLabel={question?.confirmLabel ?? ''}
        danger={question?.danger}
        onAnswer={(yes) => {
          setQuestion(null);
          answer.current(yes);
        }}
      />
    </WorkingAreaDialogsContext>
  );
}
