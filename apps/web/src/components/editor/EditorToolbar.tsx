import { RichTextEditor } from '@mantine/tiptap';
import { IconTablePlus } from '@tabler/icons-react';
import { useEditorState, type Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';

interface EditorToolbarProps {
  editor: Editor;
  sticky?: boolean;
}

/** The toolbar of spec 2: marks, lists, code, links, undo/redo, and the table tools when the caret is in a table. */
export function EditorToolbar({ editor, sticky }: EditorToolbarProps) {
  const { t } = useTranslation();
  const inTable = useEditorState({ editor, selector: ({ editor: e }) => e?.isActive('table') ?? false });
  return (
    <RichTextEditor.Toolbar sticky={sticky} stickyOffset={0}>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Bold />
        <RichTextEditor.Italic />
        <RichTextEditor.Underline />
        <RichTextEditor.Code />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.BulletList />
        <RichTextEditor.OrderedList />
        <RichTextEditor.CodeBlock />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Link />
        <RichTextEditor.Unlink />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Control
          onClick={() => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
          aria-label={t('editor.insertTable')}
          title={t('editor.insertTable')}
          disabled={inTable}
        >
          <IconTablePlus size={16} stroke={1.5} />
        </RichTextEditor.Control>
        {inTable ? (
          <>
            <RichTextEditor.TableRowBefore />
            <RichTextEditor.TableRowAfter />
            <RichTextEditor.TableRowDelete />
            <RichTextEditor.TableColumnBefore />
            <RichTextEditor.TableColumnAfter />
            <RichTextEditor.TableColumnDelete />
            <RichTextEditor.TableMergeCells />
            <RichTextEditor.TableSplitCell />
            <RichTextEditor.TableDelete />
          </>
        ) : null}
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Undo />
        <RichTextEditor.Redo />
      </RichTextEditor.ControlsGroup>
    </RichTextEditor.Toolbar>
  );
}
