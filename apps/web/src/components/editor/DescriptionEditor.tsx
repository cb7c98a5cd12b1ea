import '@mantine/tiptap/styles.css';
import { useEffect, useRef } from 'react';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import { EditorToolbar } from './EditorToolbar';
import { editorExtensions } from './editorExtensions';
import { useEditorLabels } from './useEditorLabels';
import classes from './DescriptionEditor.module.css';

export interface DescriptionEditorProps {
  /** The HTML to show. A new value replaces the content unless the person is typing in it. */
  value: string;
  /** The accessible name of the editing area. */
  label: string;
  onChange?: (html: string) => void;
  onBlur?: (html: string) => void;
  editable?: boolean;
  minHeight?: number;
  stickyToolbar?: boolean;
  /** Marks the field invalid (an error is shown by the caller). */
  invalid?: boolean;
}

/** The rich-text editor of descriptions (spec 2): TipTap in Mantine's frame, with the toolbar of spec 2. */
export function DescriptionEditor({
  value,
  label,
  onChange,
  onBlur,
  editable = true,
  minHeight = 140,
  stickyToolbar,
  invalid,
}: DescriptionEditorProps) {
  const labels = useEditorLabels();
  // The latest callbacks, without making the editor again when the caller renders.
  const callbacks = useRef({ onChange, onBlur });
  useEffect(() => {
    callbacks.current = { onChange, onBlur };
  });
  const editor = useEditor({
    extensions: editorExtensions(),
    content: value,
    editable,
    // Made after mount: TipTap destroys an editor made during a render that commits late, and an effect of that
    // first commit would then touch the destroyed one.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => callbacks.current.onChange?.(e.isEmpty ? '' : e.getHTML()),
    onBlur: ({ editor: e }) => callbacks.current.onBlur?.(e.isEmpty ? '' : e.getHTML()),
  });

  // Another member's change (or a reload) replaces the content, but never under the caret of someone typing.
  useEffect(() => {
    // TipTap may have destroyed an editor made during a render that committed late: never touch that one.
    if (!editor || editor.isDestroyed || editor.isFocused) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(editable);
  }, [editor, editable]);

  return (
    <RichTextEditor
      editor={editor}
      labels={labels}
      className={classes.root}
      data-invalid={invalid || undefined}
      style={{ '--editor-min-height': `${minHeight}px` }}
    >
      {editor && editable ? <EditorToolbar editor={editor} sticky={stickyToolbar} /> : null}
      <RichTextEditor.Content className={classes.content} />
    </RichTextEditor>
  );
}
