import { useRef, useState } from 'react';
import { ActionIcon, Button, Group, Stack, Table, Text, Textarea, Tooltip } from '@mantine/core';
import type { RequirementPresented, TestStep } from '@reqloom/domain';
import { IconArrowDown, IconArrowUp, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUnsavedWork } from '../../unsaved/useUnsavedWork';
import { notifySuccess } from '../../../components/notify';
import { useWorkingAreaActions } from '../../working-area/api/useWorkingAreaActions';
import { notifyFailure } from '../../working-area/common/notifyFailure';
import { StepStatusBadge } from './StepStatusBadge';
import { addStep, editStep, moveStep, removeStep, stepsChanged } from './stepsDraft';
import classes from './TestView.module.css';
import { useCan } from '../../projects/useCan';

/**
 * The editable step table of a test (spec 2, test view): add, remove and reorder steps, text areas that grow up to
 * 50 rows; the whole table is saved at once with the test's steps (PUT). The last run's status shows beside each.
 */
export function TestStepsEditor({ test }: { test: RequirementPresented }) {
  const { t } = useTranslation();
  const actions = useWorkingAreaActions();
  // Below editor (decisions §20) the steps are read: no field takes typing, no button changes them.
  const readOnly = !useCan('editor');
  const saved = test.steps ?? [];
  const [draft, setDraft] = useState<TestStep[]>(saved);
  const [base, setBase] = useState(saved);
  const [saving, setSaving] = useState(false);
  const inFlight = useRef<Promise<unknown> | null>(null);
  const dirty = stepsChanged(draft, base);
  // Another member's change (or a run) shows here, unless the person is editing the table.
  if (saved !== base && !dirty) {
    setBase(saved);
    setDraft(saved);
  }

  const save = async () => {
    if (!dirty || saving) return;
    setSaving(true);
    const call = actions.updateRequirement(test, { steps: draft });
    inFlight.current = call;
    try {
      const updated = await call;
      setBase(updated.steps ?? []);
      setDraft(updated.steps ?? []);
      notifySuccess(t('tests.steps.saved'));
    } catch (error) {
      notifyFailure(error, t);
    } finally {
      inFlight.current = null;
      setSaving(false);
    }
  };
  useUnsavedWork({ dirty: () => dirty, settling: () => inFlight.current, flush: save });

  const iconButton = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false, color = 'gray') => (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} size="sm" aria-label={label} disabled={disabled} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Stack gap="sm">
      {draft.length === 0 ? (
        <Text fz="sm" c="dimmed" fs="italic">
          {t('tests.steps.none')}
        </Text>
      ) : (
        <Table layout="fixed" verticalSpacing={6} className={classes.steps} aria-label={t('tests.steps.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={44}>{t('tests.steps.number')}</Table.Th>
              <Table.Th>{t('tests.steps.description')}</Table.Th>
              <Table.Th>{t('tests.steps.expectedResult')}</Table.Th>
              <Table.Th w={110}>{t('tests.steps.lastResult')}</Table.Th>
              <Table.Th w={100} aria-label={t('tests.steps.actions')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.map((step, index) => (
              <Table.Tr key={index}>
                <Table.Td className={classes.stepNumber}>{step.step}</Table.Td>
                <Table.Td>
                  <Textarea
                    autosize
                    minRows={1}
                    maxRows={50}
                    size="sm"
                    aria-label={t('tests.steps.descriptionOf', { step: step.step })}
                    readOnly={readOnly}
                    value={step.description}
                    onChange={(event) => setDraft(editStep(draft, index, 'description', event.currentTarget.value))}
                  />
                </Table.Td>
                <Table.Td>
                  <Textarea
                    autosize
                    minRows={1}
                    maxRows={50}
                    size="sm"
                    placeholder={t('tests.steps.expectedPlaceholder')}
                    aria-label={t('tests.steps.expectedResultOf', { step: step.step })}
                    readOnly={readOnly}
                    value={step.expectedResult}
                    onChange={(event) => setDraft(editStep(draft, index, 'expectedResult', event.currentTarget.value))}
                  />
                </Table.Td>
                <Table.Td>
                  <StepStatusBadge step={step} />
                </Table.Td>
                <Table.Td>
                  {readOnly ? null : (
                    <Group gap={2} wrap="nowrap" justify="flex-end">
                      {iconButton(
                        t('tests.steps.moveUp', { step: step.step }),
                        <IconArrowUp size={14} />,
                        () => setDraft(moveStep(draft, index, 'up')),
                        index === 0,
                      )}
                      {iconButton(
                        t('tests.steps.moveDown', { step: step.step }),
                        <IconArrowDown size={14} />,
                        () => setDraft(moveStep(draft, index, 'down')),
                        index === draft.length - 1,
                      )}
                      {iconButton(
                        t('tests.steps.remove', { step: step.step }),
                        <IconTrash size={14} />,
                        () => setDraft(removeStep(draft, index)),
                        false,
                        'red',
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {readOnly ? null : (
        <Group justify="space-between">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setDraft(addStep(draft))}
          >
            {t('tests.steps.add')}
          </Button>
          <Group gap="xs">
            {dirty ? (
              <Button variant="default" size="xs" disabled={saving} onClick={() => setDraft(base)}>
                {t('tests.steps.discard')}
              </Button>
            ) : null}
            <Button
              size="xs"
              leftSection={<IconDeviceFloppy size={14} />}
              disabled={!dirty}
              loading={saving}
              onClick={() => void save()}
            >
              {t('tests.steps.save')}
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
