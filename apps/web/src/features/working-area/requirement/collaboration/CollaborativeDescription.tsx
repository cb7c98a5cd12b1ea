import '@mantine/tiptap/styles.css';
import { useEffect, useState } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { useEditor, type Editor } from '@tiptap/react';
import { collaborationColor } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useUnsavedWork } from '../../../unsaved/useUnsavedWork';
import { i18n } from '../../../../i18n/i18n';
import { useCurrentUser } from '../../../user/useCurrentUser';
import { EditorToolbar } from '../../../../components/editor/EditorToolbar';
import { editorExtensions } from '../../../../components/editor/editorExtensions';
import { useEditorLabels } from '../../../../components/editor/useEditorLabels';
import { useImageUploadOptions } from '../../../../components/editor/useImageUploadOptions';
import { QualityHint } from '../../../quality/QualityHint';
import { QualityHighlights, qualitySourceHolder, refreshQuality } from '../../../quality/qualityHighlights';
import { publishLiveDescription } from '../../../quality/liveDescriptions';
import { useDisabledRules } from '../../../projects/useDisabledRules';
import { useQualityEngine } from '../../../quality/useQualityEngine';
import { renderCaret } from './caret';
import { isWritable } from './collaborationStatus';
import { ConnectedUsers } from './ConnectedUsers';
import { useCollaboration, type Collaboration as Shared } from './useCollaboration';
import editorClasses from '../../../../components/editor/DescriptionEditor.module.css';
import classes from './CollaborativeDescription.module.css';

/** The shared document's fragment that holds the description; the server reads and writes the same one. */
const FIELD = 'default';
/** How long leaving the view waits for typed changes to reach the server before it asks. */
const FLUSH_WAIT_MS = 3000;

export interface CollaborativeDescriptionProps {
  requirementId: number;
  label: string;
  minHeight?: number;
  /** The caller's role may not change it (decisions §20): shown, never editable, whatever the connection. */
  readOnly?: boolean;
  /** The requirement's name: the quality rules' language follows the whole requirement (decisions §25). */
  requirementName?: string;
}

/**
 * The requirement's description as a live shared document (spec 2, decisions §15): what anyone types shows at once
 * in every browser with their caret, the server keeps it and writes the description back. Read-only until
 * connected and while disconnected; the status line and the connected people beside it.
 */
export function CollaborativeDescription({
  requirementId,
  label,
  minHeight = 180,
  readOnly = false,
  requirementName = '',
}: CollaborativeDescriptionProps) {
  const { collaboration, status, users } = useCollaboration(requirementId, readOnly);
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      {collaboration ? (
        <SharedEditor
          key={requirementId}
          shared={collaboration}
          requirementId={requirementId}
          label={label}
          minHeight={minHeight}
          writable={!readOnly && isWritable(status)}
          roleReadOnly={readOnly}
          requirementName={requirementName}
        />
      ) : null}
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text
          fz="xs"
          c={status === 'connectionError' ? 'red.8' : status === 'connecting' ? 'orange.8' : 'dimmed'}
          role="status"
          data-status={status}
        >
          {t(`editor.status.${status}`)}
        </Text>
        <ConnectedUsers users={users} />
      </Group>
    </Stack>
  );
}

function SharedEditor({
  shared,
  requirementId,
  label,
  minHeight,
  writable,
  roleReadOnly,
  requirementName,
}: {
  shared: Shared;
  requirementName: string;
  requirementId: number;
  label: string;
  minHeight: number;
  writable: boolean;
  roleReadOnly: boolean;
}) {
  const labels = useEditorLabels();
  // Images dropped or pasted are uploaded to the project; only the finished image enters the shared document.
  const imageUpload = useImageUploadOptions();
  const me = useCurrentUser().data;
  // What this browser draws and lists for its own user; others receive what the server knows (the same values).
  const self = me ? { id: me.id, name: me.name, color: collaborationColor(me.id) } : undefined;
  // The quality pass (decisions §25) reads these at each run: the engine once loaded, the name, the project's rules.
  const engine = useQualityEngine();
  const disabled = useDisabledRules();
  const [quality] = useState(() => qualitySourceHolder({ engine, name: requirementName, disabled }));
  useEffect(() => {
    quality.write({
      engine,
      name: requirementName,
      disabled,
      onText: (text) => publishLiveDescription(requirementId, text),
    });
  });
  const editor = useEditor(
    {
      extensions: [
        ...editorExtensions({ collaborative: true, imageUpload }),
        QualityHighlights.configure({ source: quality.read }),
        Collaboration.configure({ document: shared.doc, field: FIELD }),
        CollaborationCaret.configure({
          provider: shared.provider,
          user: self ?? {},
          // Read when a caret is drawn, so that it follows a change of language.
          render: (user) => renderCaret(user, i18n.t('editor.unknownUser')),
        }),
      ],
      editable: false,
      immediatelyRender: false,
      editorProps: {
        attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' },
      },
    },
    [shared],
  );

  const selfKey = self ? `${self.id}.${self.name}` : '';
  useEffect(() => {
    if (!editor || editor.isDestroyed || !self) return;
    editor.commands.updateUser(self);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `self` is new on each render; its key says when it changed
  }, [editor, selfKey]);

  // A new engine, name or rule set: the underlines are made again at once (typing waits for its own pause).
  const disabledKey = disabled.join(',');
  useEffect(() => {
    if (editor && !editor.isDestroyed && engine) refreshQuality(editor);
  }, [editor, engine, requirementName, disabledKey]);
  useEffect(() => () => publishLiveDescription(requirementId, null), [requirementId]);

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setEditable(writable);
    editor.view.dom.setAttribute('aria-readonly', String(!writable));
  }, [editor, writable]);

  // Below editor nothing waits to be saved: the server refuses what was sent after the role dropped (decisions
  // §20), and those changes would never be acknowledged. They are not kept as a draft nor asked about on leaving.
  // A disconnection alone keeps them: they go out when the connection comes back.
  const unsaved = () => !roleReadOnly && shared.provider.hasUnsyncedChanges;
  useUnsavedWork({
    dirty: unsaved,
    drafts: () =>
      unsaved() && editor && !editor.isDestroyed
        ? [{ key: `requirement.${requirementId}.description`, value: htmlOf(editor) }]
        : [],
    flush: () => (roleReadOnly ? Promise.resolve() : untilSynced(shared, FLUSH_WAIT_MS)),
  });

  return (
    <RichTextEditor
      editor={editor}
      labels={labels}
      className={`${editorClasses.root} ${classes.root}`}
      style={{ '--editor-min-height': `${minHeight}px` }}
      data-writable={writable || undefined}
    >
      {editor && writable ? <EditorToolbar editor={editor} /> : null}
      <RichTextEditor.Content className={editorClasses.content} />
      <QualityHint editor={editor} />
    </RichTextEditor>
  );
}

function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/** Resolves once the server acknowledged every change, or rejects after `ms`. */
function untilSynced({ provider }: Shared, ms: number): Promise<void> {
  if (!provider.hasUnsyncedChanges) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      provider.off('unsyncedChanges', check);
      reject(new Error('The changes did not reach the server in time.'));
    }, ms);
    function check() {
      if (provider.hasUnsyncedChanges) return;
      clearTimeout(timer);
      provider.off('unsyncedChanges', check);
      resolve();
    }
    provider.on('unsyncedChanges', check);
  });
}
