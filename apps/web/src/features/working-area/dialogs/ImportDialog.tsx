import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IMPORT_LIMIT_BYTES, type ImportAnswer } from '@reqloom/domain';
import { ApiError } from '../../../api/ApiError';
import { hasImportExtension, IMPORT_ACCEPT, type ImportFormat } from '../../../api/imports';
import { errorMessage } from '../../../components/errorMessage';
import { FormAlert } from '../../../components/FormAlert';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { useWorkingAreaPaths } from '../common/useWorkingAreaPaths';
import { GuardedModal } from './GuardedModal';
import { ImportReport } from './ImportReport';

const LIMIT_MB = IMPORT_LIMIT_BYTES / (1024 * 1024);

const TEXTS = {
  reqif: { title: 'interchange.reqif.title', hint: 'interchange.reqif.hint', accepts: 'interchange.reqif.accepts' },
  msword: {
    title: 'interchange.msword.title',
    hint: 'interchange.msword.hint',
    accepts: 'interchange.msword.accepts',
  },
} as const;

type ImportResult = ImportAnswer['data'];

interface ImportDialogProps {
  format: ImportFormat;
  onClose: () => void;
}

/**
 * Imports a ReqIF or MS Word file into the project (decisions §14): pick a file, import, then read what was created
 * and what was left out, and open the first new document. The file's kind and size are checked here first (a file
 * dropped on the dialog skips the picker's filter), the content by the server. Closing while the file is on its way
 * does not stop the import: a toast tells how it ended, and the side bar shows the new documents.
 */
export function ImportDialog({ format, onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = useWorkingAreaPaths();
  const actions = useWorkingAreaActions();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  // Whether the dialog still shows: an import that ends after it closed is told by a toast instead.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setAlert(null);
    if (!chosen) setFileError(null);
    else if (!hasImportExtension(format, chosen.name)) setFileError(t('interchange.wrongKind'));
    else if (chosen.size > IMPORT_LIMIT_BYTES) setFileError(t('interchange.tooLarge', { max: LIMIT_MB }));
    else setFileError(null);
  };

  const drop = (event: DragEvent) => {
    if (uploading || result || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    const dropped = event.dataTransfer.files.item(0);
    if (dropped) choose(dropped);
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 422) {
      setFileError(error.errors?.file?.[0] ?? errorMessage(error, t));
    } else if (error instanceof ApiError && error.status === 413) {
      setFileError(t('interchange.tooLarge', { max: LIMIT_MB }));
    } else if (error instanceof ApiError && error.status !== 0 && error.status < 500) {
      // Refused (a Word import without the alpha flag, a project one left meanwhile): the server says why.
      setAlert(errorMessage(error, t));
    } else {
      notifyError(errorMessage(error, t), t('interchange.failed'));
    }
  };

  const submit = async () => {
    if (!file || fileError || uploading) return;
    setAlert(null);
    setUploading(true);
    try {
      const imported = await actions.importDocuments(format, file);
      if (shown.current) setResult(imported);
      else notifySuccess(t('interchange.doneAway', { file: file.name, count: imported.documents.length }));
    } catch (error) {
      if (shown.current) failed(error);
      else notifyError(errorMessage(error, t), t('interchange.failedAway', { file: file.name }));
    } finally {
      if (shown.current) setUploading(false);
    }
  };

  const open = (documentId: number) => {
    onClose();
    void navigate(paths.document(documentId));
  };

  return (
    <GuardedModal title={t(TEXTS[format].title)} dirty={false} onClose={onClose}>
      {(requestClose) =>
        result ? (
          <ImportReport result={result} onOpen={open} onClose={requestClose} />
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
            onDragOver={(event) => {
              if (!uploading && event.dataTransfer.types.includes('Files')) event.preventDefault();
            }}
            onDrop={drop}
          >
            <Stack gap="md">
              <Text fz="sm">{t(TEXTS[format].hint)}</Text>
              <FileInput
                label={t('interchange.file')}
                description={t(TEXTS[format].accepts, { max: LIMIT_MB })}
                placeholder={t('interchange.choose')}
                accept={IMPORT_ACCEPT[format]}
                value={file}
                onChange={choose}
                error={fileError}
                // The file on its way cannot be taken back: no clear button meanwhile.
                clearable={!uploading}
                clearButtonProps={{ 'aria-label': t('interchange.clear') }}
                disabled={uploading}
                leftSection={<IconFileImport size={16} />}
                data-autofocus
              />
              <FormAlert message={alert} />
              {uploading ? (
                <Text fz="sm" c="dimmed" role="status">
                  {t('interchange.uploading')}
                </Text>
              ) : null}
              <Group justify="flex-end" gap="sm" mt="xs">
                <Button variant="default" onClick={requestClose}>
                  {uploading ? t('interchange.close') : t('workingArea.cancel')}
                </Button>
                <Button type="submit" disabled={!file || fileError !== null} loading={uploading}>
                  {t('interchange.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        )
      }
    </GuardedModal>
  );
}
