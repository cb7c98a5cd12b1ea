import { useId } from 'react';
import { Alert, Anchor, Badge, Button, Group, List, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImportAnswer, ImportReport as Report } from '@reqloom/domain';

type Counted = keyof Report['created'];

/** Always shown, even at 0 (an import that made no requirement says so); the others only when something was made. */
const ALWAYS: readonly Counted[] = ['documents', 'categories', 'requirements'];
const SOMETIMES: readonly Counted[] = ['links', 'images', 'classifiers', 'tags'];

const LABELS = {
  documents: 'interchange.created.documents',
  categories: 'interchange.created.categories',
  requirements: 'interchange.created.requirements',
  links: 'interchange.created.links',
  images: 'interchange.created.images',
  classifiers: 'interchange.created.classifiers',
  tags: 'interchange.created.tags',
} as const;

interface ImportReportProps {
  result: ImportAnswer['data'];
  onOpen: (documentId: number) => void;
  onClose: () => void;
}

/**
 * What an import made (counts, and the new documents to open) and what it left out and why. The server's texts
 * (names, skipped items, reasons) are shown as text, never as HTML.
 */
export function ImportReport({ result, onOpen, onClose }: ImportReportProps) {
  const { t } = useTranslation();
  const createdId = useId();
  const documentsId = useId();
  const skippedId = useId();
  const { created, skipped } = result.report;
  const counted = [...ALWAYS, ...SOMETIMES.filter((what) => created[what] > 0)];
  const first = result.documents[0];

  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
        {t('interchange.done')}
      </Alert>
      <section aria-labelledby={createdId}>
        <Title order={3} fz="sm" fw={650} mb={6} id={createdId}>
          {t('interchange.createdTitle')}
        </Title>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {counted.map((what) => (
            <Stack
              key={what}
              component="li"
              gap={0}
              px="sm"
              py={6}
              data-count={what}
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <Text fz="xl" fw={700} lh={1.2} c={created[what] > 0 ? undefined : 'dimmed'}>
                {created[what]}
              </Text>
              <Text fz="xs" c="dimmed">
                {t(LABELS[what], { count: created[what] })}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </section>
      {result.documents.length > 0 ? (
        <section aria-labelledby={documentsId}>
          <Title order={3} fz="sm" fw={650} mb={6} id={documentsId}>
            {t('interchange.newDocuments')}
          </Title>
          <List size="sm" spacing={4}>
            {result.documents.map((document) => (
              <List.Item key={document.id}>
                <Group gap={6} wrap="nowrap">
                  <Badge variant="light" radius="sm" ff="monospace" styles={{ label: { textTransform: 'none' } }}>
                    {document.acronym}
                  </Badge>
                  <Anchor
                    component="button"
                    type="button"
                    fz="sm"
                    style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
                    onClick={() => onOpen(document.id)}
                  >
                    {document.name}
                  </Anchor>
                </Group>
              </List.Item>
            ))}
          </List>
        </section>
      ) : null}
      <section aria-labelledby={skippedId}>
        <Group gap={6} mb={6}>
          <Title order={3} fz="sm" fw={650} id={skippedId}>
            {t('interchange.skippedTitle')}
          </Title>
          <Badge variant="light" color={skipped.length > 0 ? 'orange' : 'gray'} size="sm" radius="sm">
            {skipped.length}
          </Badge>
        </Group>
        {skipped.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('interchange.nothingSkipped')}
          </Text>
        ) : (
          // A long list scrolls inside the dialog; a focusable region lets the keyboard scroll it too.
          <ScrollArea.Autosize
            mah={220}
            type="auto"
            offsetScrollbars
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-labelledby': skippedId }}
          >
            <List size="sm" spacing={6} style={{ overflowWrap: 'anywhere' }} pr="xs">
              {skipped.map((item, index) => (
                <List.Item key={index}>
                  <Text span fz="sm" fw={600}>
                    {item.what}
                  </Text>
                  <Text span fz="sm" c="dimmed">
                    {` — ${item.reason}`}
                  </Text>
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        )}
      </section>
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onClose}>
          {t('interchange.close')}
        </Button>
        {first ? (
          <Button
            onClick={() => onOpen(first.id)}
            data-autofocus
            maw={360}
            title={first.name}
            styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' }, root: { flexShrink: 1 } }}
          >
            {t('interchange.open', { name: first.name })}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
