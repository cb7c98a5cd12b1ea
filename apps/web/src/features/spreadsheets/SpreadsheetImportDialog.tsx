import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IMPORT_LIMIT_BYTES, type ImportAnswer } from '@reqloom/domain';
import { ApiError } from '../../api/ApiError';
import { workingAreaKeys } from '../../api/workingAreaKeys';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { notifyError, notifySuccess } from '../../components/notify';
import { useProject } from '../projects/useProject';
import { applyOwnWorkingAreaEvents } from '../working-area/api/applyWorkingAreaEvent';
import { useDocumentRequirements } from '../working-area/api/useDocumentRequirements';
import { useWorkingAreaPaths } from '../working-area/common/useWorkingAreaPaths';
import { GuardedModal } from '../working-area/dialogs/GuardedModal';
import { ImportReport } from '../working-area/dialogs/ImportReport';
import { PlanTable } from './PlanTable';
import { chosenRows, countActions, initialSelection } from './planSelection';
import {
  applySpreadsheetPlan,
  isSpreadsheetName,
  planSpreadsheet,
  SPREADSHEET_ACCEPT,
  type SpreadsheetPlan,
} from './spreadsheetsApi';

const LIMIT_MB = IMPORT_LIMIT_BYTES / (1024 * 1024);

interface SpreadsheetImportDialogProps {
  /** Into this document; without it, a new document of the project from another tool's sheet. */
  document?: { id: number; name: string };
  onClose: () => void;
}

/**
 * Imports a spreadsheet (decisions §24) in two steps: the server's dry run, which changes nothing, shows every row
 * with its action, an update's field diffs and a row's errors; the person leaves rows out, then applies the others in
 * one transaction. A document changed meanwhile (409) is said, with the dry run to run again on the same file.
 */
export function SpreadsheetImportDialog({ document, onClose }: SpreadsheetImportDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paths = useWorkingAreaPaths();
  const projectId = useProject().project.id;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState<'planning' | 'applying' | null>(null);
  const [plan, setPlan] = useState<SpreadsheetPlan | null>(null);
  const [selection, setSelection] = useState<ReadonlySet<number>>(new Set());
  const [stale, setStale] = useState(false);
  const [created, setCreated] = useState<ImportAnswer['data'] | null>(null);
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  // The plan's document: the one given; a new document's plan has none until it is applied.
  const planDocumentId = document?.id ?? plan?.document_id;
  const requirements = useDocumentRequirements(projectId, document?.id);
  const byId = useMemo(() => new Map((requirements.data ?? []).map((r) => [r.id, r])), [requirements.data]);
  const counts = useMemo(() => countActions(plan?.rows ?? []), [plan]);
  const chosen = plan ? chosenRows(plan.rows, selection) : [];

  const choose = (chosenFile: File | null) => {
    setFile(chosenFile);
    setAlert(null);
    if (!chosenFile) setFileError(null);
    else if (!isSpreadsheetName(chosenFile.name)) setFileError(t('spreadsheets.wrongKind'));
    else if (chosenFile.size > IMPORT_LIMIT_BYTES) setFileError(t('interchange.tooLarge', { max: LIMIT_MB }));
    else setFileError(null);
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 422 && error.errors?.file?.[0]) {
      setFileError(error.errors.file[0]);
    } else if (error instanceof ApiError && error.status === 413) {
      setFileError(t('interchange.tooLarge', { max: LIMIT_MB }));
    } else if (error instanceof ApiError && error.status !== 0 && error.status < 500) {
      setAlert(errorMessage(error, t));
    } else {
      notifyError(errorMessage(error, t), t('spreadsheets.failed'));
    }
  };

  const runDryRun = async () => {
    if (!file || fileError || busy) return;
    setAlert(null);
    setBusy('planning');
    try {
      const answer = await planSpreadsheet(document ? { documentId: document.id } : { projectId }, file);
      if (!shown.current) return;
      setStale(false);
      if ('plan_id' in answer.data) {
        setPlan(answer.data);
        setSelection(initialSelection(answer.data.rows));
      } else {
        // A server that makes the new document at once answers as the other imports do: their report.
        await applyOwnWorkingAreaEvents(queryClient, projectId, answer.events ?? []);
        await queryClient.invalidateQueries({ queryKey: workingAreaKeys.structure(projectId) });
        setCreated(answer.data);
      }
    } catch (error) {
      if (shown.current) failed(error);
    } finally {
      if (shown.current) setBusy(null);
    }
  };

  const apply = async () => {
    if (!plan || chosen.length === 0 || busy) return;
    setAlert(null);
    setBusy('applying');
    try {
      const answer = await applySpreadsheetPlan(plan.plan_id, chosen);
      await applyOwnWorkingAreaEvents(queryClient, projectId, answer.events ?? []);
      // The events bring the changes; a reload of the document's lists makes sure of a large batch.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workingAreaKeys.structure(projectId) }),
        queryClient.invalidateQueries({
          queryKey: workingAreaKeys.documentRequirements(projectId, planDocumentId ?? answer.data.document_id),
        }),
      ]);
      notifySuccess(t('spreadsheets.applied', answer.data));
      onClose();
      if (!document) void navigate(paths.document(answer.data.document_id));
    } catch (error) {
      if (!shown.current) return;
      if (error instanceof ApiError && error.status === 409) setStale(true);
      else failed(error);
    } finally {
      if (shown.current) setBusy(null);
    }
  };

  const title = document ? t('spreadsheets.titleInto', { name: document.name }) : t('spreadsheets.titleNew');

  return (
    <GuardedModal title={title} dirty={plan !== null} onClose={onClose} size={plan ? '72rem' : 'lg'}>
      {(requestClose) =>
        created ? (
          <ImportReport
            result={created}
            onOpen={(id) => {
              onClose();
              void navigate(paths.document(id));
            }}
            onClose={requestClose}
          />
        ) : plan ? (
          <Stack gap="sm">
            <Text fz="sm" role="status">
              {t('spreadsheets.summary', {
                count: plan.rows.length,
                file: file?.name ?? '',
                create: counts.create,
                update: counts.update,
                unchanged: counts.unchanged,
                error: counts.error,
              })}
            </Text>
            {plan.document_name ? (
              <Text fz="sm">{t('spreadsheets.newDocumentName', { name: plan.document_name })}</Text>
            ) : null}
            {stale ? (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
                <Stack gap="xs" align="flex-start">
                  <Text fz="sm">{t('spreadsheets.stale')}</Text>
                  <Button
                    size="xs"
                    variant="light"
                    color="orange"
                    onClick={() => void runDryRun()}
                    loading={busy === 'planning'}
                  >
                    {t('spreadsheets.again')}
                  </Button>
                </Stack>
              </Alert>
            ) : null}
            <FormAlert message={alert} />
            <PlanTable
              rows={plan.rows}
              requirements={byId}
              selection={selection}
              onSelect={setSelection}
              label={t('spreadsheets.tableLabel', { file: file?.name ?? '' })}
            />
            <Group justify="space-between" gap="sm" mt="xs">
              <Button
                variant="subtle"
                onClick={() => {
                  setPlan(null);
                  setStale(false);
                }}
                disabled={busy !== null}
              >
                {t('spreadsheets.otherFile')}
              </Button>
              <Group gap="sm">
                <Button variant="default" onClick={requestClose} disabled={busy === 'applying'}>
                  {t('workingArea.cancel')}
                </Button>
                <Button
                  onClick={() => void apply()}
                  disabled={chosen.length === 0 || stale}
                  loading={busy === 'applying'}
                >
                  {t('spreadsheets.apply', { count: chosen.length })}
                </Button>
              </Group>
            </Group>
          </Stack>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void runDryRun();
            }}
          >
            <Stack gap="md">
              <Text fz="sm">{t(document ? 'spreadsheets.hintInto' : 'spreadsheets.hintNew')}</Text>
              <FileInput
                label={t('interchange.file')}
                description={t('spreadsheets.accepts', { max: LIMIT_MB })}
                placeholder={t('interchange.choose')}
                accept={SPREADSHEET_ACCEPT}
                value={file}
                onChange={choose}
                error={fileError}
                clearable={busy === null}
                clearButtonProps={{ 'aria-label': t('interchange.clear') }}
                disabled={busy !== null}
                leftSection={<IconFileSpreadsheet size={16} />}
                data-autofocus
              />
              <FormAlert message={alert} />
              {busy === 'planning' ? (
                <Text fz="sm" c="dimmed" role="status">
                  {t('spreadsheets.planning')}
                </Text>
              ) : null}
              <Group justify="flex-end" gap="sm" mt="xs">
                <Button variant="default" onClick={requestClose}>
                  {t('workingArea.cancel')}
                </Button>
                <Button type="submit" disabled={!file || fileError !== null} loading={busy === 'planning'}>
                  {t('spreadsheets.preview')}
                </Button>
              </Group>
            </Stack>
          </form>
        )
      }
    </GuardedModal>
  );
}
