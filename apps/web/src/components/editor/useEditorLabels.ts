import { useMemo } from 'react';
import type { RichTextEditorLabels } from '@mantine/tiptap';
import { useTranslation } from 'react-i18next';

/** The toolbar's accessible names and tooltips in the interface language. */
export function useEditorLabels(): Partial<RichTextEditorLabels> {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => ({
      boldControlLabel: t('editor.bold'),
      italicControlLabel: t('editor.italic'),
      underlineControlLabel: t('editor.underline'),
      codeControlLabel: t('editor.code'),
      codeBlockControlLabel: t('editor.codeBlock'),
      bulletListControlLabel: t('editor.bulletList'),
      orderedListControlLabel: t('editor.orderedList'),
      linkControlLabel: t('editor.link'),
      unlinkControlLabel: t('editor.unlink'),
      linkEditorInputLabel: t('editor.linkUrl'),
      linkEditorInputPlaceholder: 'https://example.com/',
      linkEditorExternalLink: t('editor.linkExternal'),
      linkEditorInternalLink: t('editor.linkInternal'),
      linkEditorSave: t('editor.linkSave'),
      undoControlLabel: t('editor.undo'),
      redoControlLabel: t('editor.redo'),
      tableDeleteControlLabel: t('editor.tableDelete'),
      tableColumnBeforeControlLabel: t('editor.columnBefore'),
      tableColumnAfterControlLabel: t('editor.columnAfter'),
      tableColumnDeleteControlLabel: t('editor.columnDelete'),
      tableRowBeforeControlLabel: t('editor.rowBefore'),
      tableRowAfterControlLabel: t('editor.rowAfter'),
      tableRowDeleteControlLabel: t('editor.rowDelete'),
      tableMergeCellsControlLabel: t('editor.mergeCells'),
      tableSplitCellControlLabel: t('editor.splitCell'),
    }),
    // i18n.language: the labels follow a language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
}
