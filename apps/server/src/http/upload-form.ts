import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest, onResponseAsyncHookHandler } from 'fastify';
import { IMAGE_UPLOAD_LIMIT_BYTES, IMPORT_LIMIT_BYTES } from '@reqloom/domain';
import { AppError } from '../core/errors';

/** What a route takes as an upload: the form field of its file, and how large that file may be. */
export type UploadKind = { field: string; limitBytes: number; tooLarge: () => AppError };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The upload a multipart route takes; an image for rich text when unsaid. */
    upload?: UploadKind;
  }
}

/** The part of the form that carries the image (decisions §6). */
export const ATTACHMENT_FIELD = 'attachment';

export const imageTooLarge = () => new AppError(413, 'http.image_too_large');

/** An image for rich text: at most 2 MB (decisions §6). */
export const IMAGE_UPLOAD: UploadKind = {
  field: ATTACHMENT_FIELD,
  limitBytes: IMAGE_UPLOAD_LIMIT_BYTES,
  tooLarge: imageTooLarge,
};

/** A file to import (decisions §14): at most 20 MB, in the field `file`. */
export const IMPORT_UPLOAD: UploadKind = {
  field: 'file',
  limitBytes: IMPORT_LIMIT_BYTES,
  tooLarge: () => new AppError(413, 'http.import_too_large'),
};

/** The file of an upload, read whole but never past the limit, and the name the client gave it. */
export type UploadedFile = { data: Buffer; name: string };

// What busboy may read: one file of at most the limit (it stops counting, and keeping, one byte past it), a few
// short fields. A text field longer than this arrives cut, and its schema refuses it.
const limitsOf = (kind: UploadKind) => ({ fileSize: kind.limitBytes, files: 1, fields: 8, parts: 10, fieldSize: 1024 });

/**
 * Collects a file part as it streams, and fails the moment busboy reaches the limit rather than when the part
 * ends: what follows is never kept, and never waited for (the answer goes at once and closes the connection).
 */
function readBounded(part: MultipartFile, tooLarge: () => AppError): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const stream = part.file;
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('limit', () => reject(tooLarge()));
    stream.once('end', () => (stream.truncated ? reject(tooLarge()) : resolve(Buffer.concat(chunks))));
    stream.once('error', reject);
    // A form that ends inside its file: the part is destroyed without an 'end' (and its error went to a listener of
    // @fastify/multipart), so without this the request waited for good, holding its connection.
    const cutShort = () => reject(new AppError(400, 'http.bad_request'));
    stream.once('close', () => {
      if (!stream.readableEnded) cutShort();
    });
    // Busboy may have done all this before these listeners were attached (a whole body in one chunk).
    if (stream.truncated) reject(tooLarge());
    else if (stream.destroyed && !stream.readableEnded) cutShort();
  });
}

/** Busboy's own errors (a malformed form, a missing boundary) are plain errors: they are the client's, not a 500. */
function clientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return new AppError(400, 'http.bad_request');
}

/**
 * A multipart upload read as it streams, in two steps: the access check reads on only until `project_id` has come
 * (so a browser's form, whose fields precede the file, is refused before a byte of the file is read), and the route
 * reads the rest. A file met before `project_id` is read then, within the same limit.
 */
export class UploadForm {
  private static readonly forms = new WeakMap<FastifyRequest, UploadForm>();
  private readonly parts: AsyncIterator<Multipart>;
  private ended = false;
  /** The first value of each text field (a field sent as JSON comes parsed, for the schema to judge). */
  readonly fields = new Map<string, unknown>();
  file: UploadedFile | null = null;

  private readonly kind: UploadKind;

  private constructor(request: FastifyRequest) {
    if (!request.isMultipart()) throw new AppError(415, 'http.unsupported_media');
    this.kind = request.routeOptions.config.upload ?? IMAGE_UPLOAD;
    this.parts = request.parts({ limits: limitsOf(this.kind) });
  }

  /** The form of a request, started on first use, for the upload its route takes. */
  static of(request: FastifyRequest): UploadForm {
    let form = UploadForm.forms.get(request);
    if (!form) {
      form = new UploadForm(request);
      UploadForm.forms.set(request, form);
    }
    return form;
  }

  /** Reads on until `field` has come, or to the end of the form without one. */
  /** Reads parts until one of `fields` has come (the first of several a form may name its owner by), or the end. */
  async readUntil(field?: string | string[]): Promise<void> {
    const wanted = field === undefined ? [] : Array.isArray(field) ? field : [field];
    while (!this.ended && (wanted.length === 0 || !wanted.some((f) => this.fields.has(f)))) await this.readPart();
  }

  private async readPart(): Promise<void> {
    try {
      const next = await this.parts.next();
      if (next.done) {
        this.ended = true;
        return;
      }
      const part = next.value;
      if (part.type === 'field') {
        if (!this.fields.has(part.fieldname)) this.fields.set(part.fieldname, part.value);
        return;
      }
      // A file under another name is read (within the limit) and left: the form then lacks its file.
      const data = await readBounded(part, this.kind.tooLarge);
      if (part.fieldname === this.kind.field) this.file = { data, name: part.filename };
    } catch (error) {
      this.ended = true;
      throw clientError(error);
    }
  }
}

// How long, and how much more, an answer given before the end of the form waits before the connection is cut.
const LINGER_MS = 1_000;
const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * Route hook for an answer given before the form was read to its end (a refused caller, a file over the limit):
 * the rest of the upload is dropped unread, and the connection cut once the client goes on sending. Not at once:
 * closing a connection with bytes still unread resets it, and the client could lose the answer before reading it
 * ("lingering close"). A client that stops sending keeps its connection.
 */
export const cutOffUnreadForm: onResponseAsyncHookHandler = async (request) => {
  const raw = request.raw;
  if (raw.readableEnded) return;
  raw.unpipe();
  let dropped = 0;
  const cut = () => {
    clearTimeout(timer);
    // Destroying a request that has not ended destroys its socket.
    raw.destroy();
  };
  const timer = setTimeout(cut, LINGER_MS);
  timer.unref();
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) cut();
  });
  raw.once('end', () => clearTimeout(timer));
  raw.resume();
};
