import { useMemo, useState } from 'react';
import { Button, Checkbox, Container, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { SUSPECT_COMMENT_MAX, SUSPECT_VALIDATE_MAX } from '@reqloom/domain';
import { IconChecks, IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../components/errorMessage';
import { FormAlert } from '../../components/FormAlert';
import { notifyError, notifySuccess } from '../../components/notify';
import { PanelEmptyState } from '../../components/PanelEmptyState';
import { usePageTitle } from '../../components/usePageTitle';
import { useWorkingAreaPaths } from '../working-area/common/useWorkingAreaPaths';
import { useCan } from '../projects/useCan';
import { useProject } from '../projects/useProject';
import { SuspectGroupCard } from './SuspectGroupCard';
import { groupByParent, linkKey } from './suspectGroups';
import { useMarkReviewed } from './useMarkReviewed';
import { useReaderTimeZone } from './useReaderTimeZone';
import { useSuspectLinkCount } from './useSuspectLinkCount';
import { useSuspectLinks } from './useSuspectLinks';

/**
 * The Suspect links view of a project (decisions §22, route `suspect-links`): every link whose parent changed since it
 * was last up to date, grouped by parent, each parent's change as a word-level diff. Editors and up tick links and
 * mark them as reviewed, with a comment the audit trail keeps; the list follows everyone's changes live. The links
 * come by pages (a project can have thousands), the next when the reader asks for more; the count is the server's.
 */
export function SuspectLinksScreen() {
  const { t } = useTranslation();
  const { project } = useProject();
  usePageTitle(t('suspectLinks.pageTitle', { name: project.name }));
  const suspect = useSuspectLinks(project.id);
  const total = useSuspectLinkCount(project.id).data;
  const canReview = useCan('editor');
  const paths = useWorkingAreaPaths();
  const timeZone = useReaderTimeZone();
  const markReviewed = useMarkReviewed();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);

  const links = useMemo(() => suspect.data?.pages.flatMap((page) => page.data) ?? [], [suspect.data]);
  const groups = useMemo(() => groupByParent(links), [links]);
  // A link answered meanwhile (by someone else, or by a change of its child) leaves the selection with the list.
  const selected = useMemo(() => {
    const present = new Set(links.map(linkKey));
    return new Set([...picked].filter((key) => present.has(key)));
  }, [links, picked]);
  const all = links.length > 0 && selected.size === links.length;

  const toggle = (key: string, checked: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (checked) next.add(key);
      else next.delete(key);
      return next;
    });
  const toggleAll = (checked: boolean) => setPicked(new Set(checked ? links.map(linkKey) : []));

  const submit = async () => {
    const chosen = links.filter((link) => selected.has(linkKey(link)));
    setSaving(true);
    try {
      // One call takes at most 1,000 links (one transaction each): more are sent in turn.
      for (let start = 0; start < chosen.length; start += SUSPECT_VALIDATE_MAX) {
        const slice = chosen.slice(start, start + SUSPECT_VALIDATE_MAX);
        await markReviewed(
          slice.map((link) => ({ parent_id: link.parent.id, child_id: link.child.id })),
          comment,
        );
      }
      notifySuccess(t('suspectLinks.reviewed', { count: chosen.length }));
      setPicked(new Set());
      setComment('');
    } catch (error) {
      notifyError(errorMessage(error, t), t('suspectLinks.reviewFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h2">
            {t('suspectLinks.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('suspectLinks.subtitle')}
          </Text>
        </div>
        {suspect.isPending ? (
          <Group justify="center" p="xl">
            <Loader size="sm" aria-label={t('suspectLinks.loading')} />
          </Group>
        ) : suspect.error ? (
          <FormAlert message={errorMessage(suspect.error, t)} />
        ) : links.length === 0 && !suspect.hasNextPage ? (
          <Paper withBorder>
            <PanelEmptyState
              icon={<IconLinkOff size={22} />}
              title={t('suspectLinks.empty.title')}
              text={t('suspectLinks.empty.text')}
            />
          </Paper>
        ) : (
          <>
            <Group gap="xs" aria-live="polite">
              <Text fz="sm">{t('suspectLinks.count', { count: Math.max(total ?? 0, links.length) })}</Text>
              {suspect.hasNextPage && total !== undefined && total > links.length ? (
                <Text fz="sm" c="dimmed">
                  {t('suspectLinks.shown', { shown: links.length, count: total })}
                </Text>
              ) : null}
            </Group>
            {canReview ? (
              <Paper withBorder p="md">
                <Stack gap="sm">
                  <Checkbox
                    label={t('suspectLinks.selectAll')}
                    checked={all}
                    indeterminate={selected.size > 0 && !all}
                    onChange={(event) => toggleAll(event.currentTarget.checked)}
                  />
                  <Textarea
                    label={t('suspectLinks.comment')}
                    description={t('suspectLinks.commentHint')}
                    value={comment}
                    maxLength={SUSPECT_COMMENT_MAX}
                    autosize
                    minRows={1}
                    maxRows={4}
                    onChange={(event) => setComment(event.currentTarget.value)}
                  />
                  <Group>
                    <Button
                      leftSection={<IconChecks size={16} />}
                      disabled={selected.size === 0}
                      loading={saving}
                      onClick={() => void submit()}
                    >
                      {selected.size > 0
                        ? t('suspectLinks.markReviewed', { count: selected.size })
                        : t('suspectLinks.markReviewed')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ) : null}
            {groups.map((group) => (
              <SuspectGroupCard
                key={group.parent.id}
                group={group}
                selectable={canReview}
                selected={selected}
                onToggle={toggle}
                requirementPath={paths.requirement}
                timeZone={timeZone}
              />
            ))}
            {suspect.hasNextPage ? (
              <Group justify="center">
                <Button
                  variant="default"
                  loading={suspect.isFetchingNextPage}
                  onClick={() => void suspect.fetchNextPage()}
                >
                  {t('suspectLinks.loadMore')}
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </Container>
  );
}
