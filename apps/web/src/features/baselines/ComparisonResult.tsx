import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BaselineComparison, ComparedRequirement } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { InfoAlert } from '../working-area/common/InfoAlert';
import { statusMeta } from '../working-area/common/statusMeta';
import { DiffMark } from '../change-control/DiffMark';
import { htmlToPlainText, ValueChange, WordDiff } from '../change-control/WordDiff';
import classes from './ComparisonResult.module.css';

type Changed = BaselineComparison['changed'][number];

/**
 * What a comparison found (decisions §22): the counts, then the added, removed and changed requirements (the name and
 * description of a changed one as word diffs, its status, category and tags as before → after), then the links.
 */
export function ComparisonResult({ comparison }: { comparison: BaselineComparison }) {
  const { t } = useTranslation();
  const { counts, links } = comparison;
  // Links name their requirements by id; those the comparison lists give their references.
  const references = new Map<number, string>();
  for (const r of [...comparison.removed, ...comparison.added, ...comparison.changed.map((c) => c.requirement)])
    references.set(r.id, r.reference);
  const referenceOf = (id: number) => references.get(id) ?? t('baselines.compare.requirementId', { id });
  const nothing = counts.added + counts.removed + counts.changed + links.added.length + links.removed.length === 0;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" role="list" aria-label={t('baselines.compare.counts')}>
        {(['added', 'removed', 'changed'] as const).map((kind) => (
          <Paper key={kind} withBorder radius="md" p="md" role="listitem" data-count={kind}>
            <Text fz={28} fw={700} lh={1.1}>
              {counts[kind]}
            </Text>
            <Text c="dimmed">{t(`baselines.compare.count.${kind}`, { count: counts[kind] })}</Text>
          </Paper>
        ))}
      </SimpleGrid>
      {nothing ? <InfoAlert>{t('baselines.compare.nothing')}</InfoAlert> : null}
      {comparison.added.length > 0 ? (
        <RequirementList title={t('baselines.compare.added')} requirements={comparison.added} kind="added" />
      ) : null}
      {comparison.removed.length > 0 ? (
        <RequirementList title={t('baselines.compare.removed')} requirements={comparison.removed} kind="removed" />
      ) : null}
      {comparison.changed.length > 0 ? (
        <section aria-labelledby="baseline-changed">
          <Title order={2} fz={18} mb="sm" id="baseline-changed">
            {t('baselines.compare.changed')} ({comparison.changed.length})
          </Title>
          <Stack gap="sm">
            {comparison.changed.map((change) => (
              <ChangedRequirement key={change.requirement.id} change={change} />
            ))}
          </Stack>
        </section>
      ) : null}
      {links.added.length + links.removed.length > 0 ? (
        <section aria-labelledby="baseline-links">
          <Title order={2} fz={18} mb="sm" id="baseline-links">
            {t('baselines.compare.links')}
          </Title>
          <ul className={classes.plainList}>
            {links.added.map((link) => (
              <li key={`+${link.parent_id}-${link.child_id}`}>
                <DiffMark kind="added" spoken={false}>
                  {t('baselines.compare.linkAdded', {
                    parent: referenceOf(link.parent_id),
                    child: referenceOf(link.child_id),
                  })}
                </DiffMark>
              </li>
            ))}
            {links.removed.map((link) => (
              <li key={`-${link.parent_id}-${link.child_id}`}>
                <DiffMark kind="removed" spoken={false}>
                  {t('baselines.compare.linkRemoved', {
                    parent: referenceOf(link.parent_id),
                    child: referenceOf(link.child_id),
                  })}
                </DiffMark>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Stack>
  );
}

function RequirementList({
  title,
  requirements,
  kind,
}: {
  title: string;
  requirements: ComparedRequirement[];
  kind: 'added' | 'removed';
}) {
  const id = `baseline-${kind}`;
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz={18} mb="sm" id={id}>
        {title} ({requirements.length})
      </Title>
      <ul className={classes.plainList}>
        {requirements.map((r) => (
          <li key={r.id}>
            <DiffMark kind={kind}>
              <b>{r.reference}</b> {r.name}
            </DiffMark>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ChangedRequirement({ change }: { change: Changed }) {
  const { t } = useTranslation();
  const { requirement, changes } = change;
  const status = (value: number) => t(statusMeta(value).key);
  const category = (value: string | null) => value ?? t('baselines.compare.noCategory');
  const tags = (value: string[]) => (value.length > 0 ? value.join(', ') : t('baselines.compare.noTags'));
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={`${requirement.reference} ${requirement.name}`}
    >
      <Group gap="xs" mb="xs">
        <Badge variant="light" radius="sm">
          {requirement.reference}
        </Badge>
        <Text fw={600}>{requirement.name}</Text>
      </Group>
      <dl className={classes.fields}>
        {changes.name ? (
          <Field label={t('baselines.compare.fields.name')}>
            <WordDiff before={changes.name.before} after={changes.name.after} />
          </Field>
        ) : null}
        {changes.description ? (
          <Field label={t('baselines.compare.fields.description')}>
            <WordDiff
              before={htmlToPlainText(changes.description.before)}
              after={htmlToPlainText(changes.description.after)}
            />
          </Field>
        ) : null}
        {changes.status ? (
          <Field label={t('baselines.compare.fields.status')}>
            <ValueChange before={status(changes.status.before)} after={status(changes.status.after)} />
          </Field>
        ) : null}
        {changes.category ? (
          <Field label={t('baselines.compare.fields.category')}>
            <ValueChange before={category(changes.category.before)} after={category(changes.category.after)} />
          </Field>
        ) : null}
        {changes.tags ? (
          <Field label={t('baselines.compare.fields.tags')}>
            <ValueChange before={tags(changes.tags.before)} after={tags(changes.tags.after)} />
          </Field>
        ) : null}
      </dl>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
