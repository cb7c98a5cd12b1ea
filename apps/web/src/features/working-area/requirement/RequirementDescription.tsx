import { Stack, Text } from '@mantine/core';
import type { RequirementPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { StashedDraftAlert } from '../../unsaved/StashedDraftAlert';
import { useStashedDraft } from '../../unsaved/useStashedDraft';
import { useCan } from '../../projects/useCan';
import { plainText } from '../../../components/plainText';
import { useWorkingAreaActions } from '../api/useWorkingAreaActions';
import { notifyFailure } from '../common/notifyFailure';
import { LazyCollaborativeDescription } from './collaboration/LazyCollaborativeDescription';

/**
 * The description, edited together live (decisions §15): every keystroke goes to the shared document, which the
 * server writes back as the description; there is no save button to forget. Text kept from a session that ended
 * before it reached the server is offered again, and taking it applies it like any change (merged, never lost).
 * Below editor (decisions §20) it is read only, and says so: the server applies none of a viewer's or reviewer's
 * changes.
 */
export function RequirementDescription({ requirement }: { requirement: RequirementPresented }) {
  const { t } = useTranslation();
  const actions = useWorkingAreaActions();
  const stashed = useStashedDraft(`requirement.${requirement.id}.description`);
  const readOnly = !useCan('editor');

  const take = async () => {
    const html = stashed.take();
    if (html === null) return;
    try {
      await actions.updateRequirement(requirement, { description: html });
    } catch (error) {
      notifyFailure(error, t);
    }
  };

  return (
    <Stack gap={6}>
      {readOnly ? (
        <Text fz="xs" c="dimmed" role="note" data-read-only-notice>
          {t('readOnly.description')}
        </Text>
      ) : null}
      {!readOnly && stashed.value !== null && (
        <StashedDraftAlert preview={plainText(stashed.value)} onTake={() => void take()} onDrop={stashed.drop} />
      )}
      <LazyCollaborativeDescription
        key={requirement.id}
        requirementId={requirement.id}
        label={t('requirements.description')}
        minHeight={180}
        readOnly={readOnly}
        requirementName={requirement.name}
      />
    </Stack>
  );
}
