import { Extension, type Editor } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import { IMAGE_SNIFF_BYTES, IMAGE_UPLOAD_LIMIT_BYTES, sniffImageType } from '@reqloom/domain';

/** Why a dropped or pasted file did not become an image. */
export type ImageRefusal = 'tooLarge' | 'notImage' | 'failed';

export interface ImageUploadOptions {
  /** Stores the file (POST /api/attachments) and resolves with the `src` of the image; null: no uploads here. */
  upload: ((file: File) => Promise<string>) | null;
  /** Tells the person why a file was not taken (spec 2: a file over 2 MB gets an alert and is not uploaded). */
  onRefused: (reason: ImageRefusal, file: File, error?: unknown) => void;
  /** The accessible text of the place an image will take while it uploads. */
  uploadingText: string;
}

type PlaceholderMeta = { add: { id: object; pos: number } } | { remove: { id: object } };

const placeholders = new PluginKey<DecorationSet>('imageUploadPlaceholders');

function placeholderWidget(text: string): HTMLElement {
  const widget = document.createElement('span');
  widget.className = 'image-upload-placeholder';
  widget.setAttribute('role', 'status');
  widget.textContent = text;
  return widget;
}

/** Where the placeholder of an upload now is: it follows the edits made meanwhile, by anyone. */
function placeholderPos(state: EditorState, id: object): number | undefined {
  return placeholders
    .getState(state)
    ?.find(undefined, undefined, (spec: { id?: object }) => spec.id === id)
    .at(0)?.from;
}

/** Checks, uploads and inserts one file at `pos`; answers where the next file of the batch goes. */
async function takeFile(editor: Editor, options: ImageUploadOptions, file: File, pos: number): Promise<number> {
  const { upload } = options;
  if (!upload || editor.isDestroyed) return pos;
  // Refused before anything is read or sent (spec 2).
  if (file.size > IMAGE_UPLOAD_LIMIT_BYTES) {
    options.onRefused('tooLarge', file);
    return pos;
  }
  const id = {};
  const meta = (m: PlaceholderMeta) => editor.view.state.tr.setMeta(placeholders, m);
  editor.view.dispatch(meta({ add: { id, pos: Math.min(pos, editor.state.doc.content.size) } }));
  let next = pos;
  try {
    // The server's own test, on the first bytes: a file named .png that is not an image is not even sent.
    const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
    if (!sniffImageType(head)) {
      options.onRefused('notImage', file);
    } else {
      const src = await upload(file);
      if (editor.isDestroyed) return pos;
      const at = placeholderPos(editor.state, id) ?? editor.state.selection.from;
      editor
        .chain()
        // The person may have typed on elsewhere meanwhile: their caret stays where it is.
        .insertContentAt(at, { type: 'image', attrs: { src, alt: file.name } }, { updateSelection: false })
        .command(({ tr }) => {
          tr.setMeta(placeholders, { remove: { id } } satisfies PlaceholderMeta);
          // The next file goes after this image. Its src is new (a fresh random name), so it finds it; the
          // insertion may have moved it past `at` (a block put at the end of a paragraph goes after it).
          tr.doc.descendants((node, nodePos) => {
            if (node.type.name === 'image' && node.attrs.src === src) next = nodePos + node.nodeSize;
          });
          return true;
        })
        .run();
    }
  } catch (error) {
    options.onRefused('failed', file, error);
  }
  if (editor.isDestroyed) return next;
  const left = placeholderPos(editor.state, id);
  if (left !== undefined) {
    editor.view.dispatch(meta({ remove: { id } }));
    next = left;
  }
  return next;
}

/** Takes the files one after the other, so that they land in the order they came, each after the previous. */
function takeFiles(editor: Editor, options: ImageUploadOptions, files: File[], pos: number): boolean {
  if (!options.upload || files.length === 0) return false;
  void files.reduce<Promise<number>>(
    (previous, file) => previous.then((at) => takeFile(editor, options, file, at)),
    Promise.resolve(pos),
  );
  return true;
}

/**
 * Images by drop or paste (spec 2, rich-text editor): each file is checked (at most 2 MB, an image by its bytes),
 * uploaded, and becomes an image node whose src is the stored attachment. A placeholder marks its place meanwhile
 * and follows edits, so it works the same when the document is shared (collaborative editing): only the finished
 * image enters the document, never a local blob: address.
 */
export const ImageUpload = Extension.create<ImageUploadOptions>({
  name: 'imageUpload',

  addOptions() {
    return { upload: null, onRefused: () => undefined, uploadingText: '' };
  },

  addProseMirrorPlugins() {
    const { editor, options } = this;
    return [
      new Plugin<DecorationSet>({
        key: placeholders,
        state: {
          init: () => DecorationSet.empty,
          apply(tr, set) {
            let next = set.map(tr.mapping, tr.doc);
            const meta = tr.getMeta(placeholders) as PlaceholderMeta | undefined;
            if (meta && 'add' in meta) {
              const widget = Decoration.widget(meta.add.pos, () => placeholderWidget(options.uploadingText), {
                id: meta.add.id,
              });
              next = next.add(tr.doc, [widget]);
            } else if (meta && 'remove' in meta) {
              next = next.remove(
                next.find(undefined, undefined, (spec: { id?: object }) => spec.id === meta.remove.id),
              );
            }
            return next;
          },
        },
        props: {
          decorations: (state) => placeholders.getState(state),
          handlePaste: (view: EditorView, event: ClipboardEvent) => {
            const files = Array.from(event.clipboardData?.files ?? []);
            if (files.length === 0 || !options.upload) return false;
            if (!view.state.selection.empty) view.dispatch(view.state.tr.deleteSelection());
            return takeFiles(editor, options, files, view.state.selection.from);
          },
          handleDrop: (view: EditorView, event: DragEvent, _slice, moved: boolean) => {
            const files = Array.from(event.dataTransfer?.files ?? []);
            if (moved || files.length === 0 || !options.upload) return false;
            const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
            return takeFiles(editor, options, files, at ?? view.state.selection.from);
          },
        },
      }),
    ];
  },
});
