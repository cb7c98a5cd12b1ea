// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor } from '@tiptap/core';
import { Slice } from '@tiptap/pm/model';
import { IMAGE_UPLOAD_LIMIT_BYTES } from '@reqloom/domain';
import { richTextExtensions } from '@reqloom/rich-text';
import { ImageUpload, type ImageUploadOptions } from './imageUpload';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const png = (name = 'shot.png', size = PNG.length) =>
  new File([PNG, new Uint8Array(Math.max(0, size - PNG.length))], name, { type: 'image/png' });

/** A promise settled from outside, to hold an upload in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  editor = undefined;
});

function makeEditor(options: Partial<ImageUploadOptions>, content = '<p>Hello world</p>') {
  const onRefused = vi.fn<ImageUploadOptions['onRefused']>();
  const upload = options.upload === undefined ? vi.fn(() => Promise.resolve('/api/attachments/x.png')) : options.upload;
  editor = new Editor({
    element: document.createElement('div'),
    extensions: [...richTextExtensions(), ImageUpload.configure({ uploadingText: 'Uploading…', onRefused, upload })],
    content,
  });
  return { editor, onRefused, upload };
}

const paste = (e: Editor, files: File[]) =>
  e.view.someProp('handlePaste', (handle) =>
    handle(e.view, { clipboardData: { files, getData: () => '' } } as unknown as ClipboardEvent, Slice.empty),
  ) ?? false;

/** Lets the file reads and the upload's promise chain run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('ImageUpload', () => {
  it('uploads a pasted image and inserts it with the src the server gave', async () => {
    const upload = vi.fn((_: File) => Promise.resolve('/api/attachments/AbCdEfGhIjKlMnOpQrSt.png'));
    const { editor: e, onRefused } = makeEditor({ upload });
    e.commands.setTextSelection(6);
    expect(paste(e, [png('plan.png')])).toBe(true);
    await settle();
    expect(upload).toHaveBeenCalledOnce();
    expect(upload.mock.calls[0]![0].name).toBe('plan.png');
    expect(onRefused).not.toHaveBeenCalled();
    expect(e.getHTML()).toContain('<img src="/api/attachments/AbCdEfGhIjKlMnOpQrSt.png" alt="plan.png">');
    expect(e.view.dom.querySelector('.image-upload-placeholder')).toBeNull();
  });

  it('refuses a file over 2 MB with the too-large alert and uploads nothing', async () => {
    const { editor: e, onRefused, upload } = makeEditor({});
    const before = e.getHTML();
    expect(paste(e, [png('big.png', IMAGE_UPLOAD_LIMIT_BYTES + 1)])).toBe(true);
    await settle();
    expect(onRefused).toHaveBeenCalledWith('tooLarge', expect.any(File));
    expect(upload).not.toHaveBeenCalled();
    expect(e.getHTML()).toBe(before);
  });

  it('takes a file of exactly 2 MB', async () => {
    const { editor: e, onRefused, upload } = makeEditor({});
    paste(e, [png('edge.png', IMAGE_UPLOAD_LIMIT_BYTES)]);
    await settle();
    expect(onRefused).not.toHaveBeenCalled();
    expect(upload).toHaveBeenCalledOnce();
  });

  it('refuses what is not an image by its bytes, whatever its name, and uploads nothing', async () => {
    const { editor: e, onRefused, upload } = makeEditor({});
    const before = e.getHTML();
    paste(e, [new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.png', { type: 'image/png' })]);
    await settle();
    expect(onRefused).toHaveBeenCalledWith('notImage', expect.any(File));
    expect(upload).not.toHaveBeenCalled();
    expect(e.getHTML()).toBe(before);
  });

  it('shows a placeholder while uploading, which follows edits and gives its place to the image', async () => {
    const pending = deferred<string>();
    const { editor: e } = makeEditor({ upload: () => pending.promise });
    e.commands.setTextSelection(12); // after "Hello world"
    paste(e, [png()]);
    await settle();
    expect(e.view.dom.querySelector('.image-upload-placeholder')?.textContent).toBe('Uploading…');
    // Someone types before the placeholder meanwhile: the image still lands where the paste was.
    e.commands.insertContentAt(1, 'Oh, ');
    pending.resolve('/api/attachments/AbCdEfGhIjKlMnOpQrSt.png');
    await settle();
    expect(e.view.dom.querySelector('.image-upload-placeholder')).toBeNull();
    // (The empty paragraph after it is the editor's own, to type on after an image at the end.)
    expect(e.getHTML()).toBe(
      '<p>Oh, Hello world</p><img src="/api/attachments/AbCdEfGhIjKlMnOpQrSt.png" alt="shot.png"><p></p>',
    );
  });

  it('tells a failed upload and leaves the text as it was', async () => {
    const failure = new Error('413');
    const { editor: e, onRefused } = makeEditor({ upload: () => Promise.reject(failure) });
    const before = e.getHTML();
    paste(e, [png()]);
    await settle();
    expect(onRefused).toHaveBeenCalledWith('failed', expect.any(File), failure);
    expect(e.getHTML()).toBe(before);
    expect(e.view.dom.querySelector('.image-upload-placeholder')).toBeNull();
  });

  it('inserts several files in the order they came', async () => {
    let n = 0;
    const upload = vi.fn(() => Promise.resolve(`/api/attachments/image${++n}xxxxxxxxxxxxxxxx.png`));
    const { editor: e } = makeEditor({ upload }, '<p>a</p>');
    e.commands.setTextSelection(2);
    paste(e, [png('1.png'), png('2.png'), png('3.png')]);
    await settle();
    const srcs = [...e.getHTML().matchAll(/src="([^"]+)"/g)].map((m) => m[1]);
    expect(srcs).toEqual([1, 2, 3].map((i) => `/api/attachments/image${i}xxxxxxxxxxxxxxxx.png`));
  });

  it('takes files dropped from outside, and leaves a drag inside the editor to it', async () => {
    const { editor: e, upload } = makeEditor({});
    const drop = (moved: boolean, files: File[]) =>
      e.view.someProp('handleDrop', (handle) =>
        handle(e.view, { dataTransfer: { files }, clientX: 0, clientY: 0 } as unknown as DragEvent, Slice.empty, moved),
      ) ?? false;
    expect(drop(true, [png()])).toBe(false);
    expect(drop(false, [])).toBe(false);
    expect(drop(false, [png()])).toBe(true);
    await settle();
    expect(upload).toHaveBeenCalledOnce();
    expect(e.getHTML()).toContain('<img src="/api/attachments/x.png"');
  });

  it('leaves a paste without files, and any paste when there is no uploader, to the editor', () => {
    expect(paste(makeEditor({}).editor, [])).toBe(false);
    editor?.destroy();
    expect(paste(makeEditor({ upload: null }).editor, [png()])).toBe(false);
  });
});
