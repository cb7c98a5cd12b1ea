import '@mantine/tiptap/styles.css';
import { useEffect, useRef } from 'react';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import { EditorToolbar } from './EditorToolbar';
import { editorExtensions } from './editorExtensions';
import { useEditorLabels } from './useEditorLabels';
import { useImageUploadOptions } from './useImageUploadOptions';
import classes from './DescriptionEditor.module.css';

export interface DescriptionEditorProps {
  /** The HTML to show; controlled: give back what onChange reports, and a new value replaces the content. */
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
  // Inside a project, images dropped or pasted are uploaded to it.
  const imageUpload = useImageUploadOptions();
  const editor = useEditor({
    extensions: editorExtensions({ imageUpload }),
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

  // `value` is the caller's: it follows what is typed (onChange), and the caller replaces it only when nothing is
  // being typed (another member's change, a reload, a conflict settled). So a new value always shows, focused or
  // not; a focused editor keeps its caret where it can. (Skipping a focused editor used to keep the old text, which a
  // blur then saved back over the other member's change.)
  useEffect(() => {
    // TipTap may have destroyed an editor made during a render that committed late: never touch that one.
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current === value) return;
    const { from, to } = editor.state.selection;
    editor.commands.setContent(value, { emitUpdate: false });
    if (editor.isFocused) {
      const end = editor.state.doc.content.size;
      editor.commands.setTextSelection({ from: Math.min(from, end), to: Math.min(to, end) });
    }
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
