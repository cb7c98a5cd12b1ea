import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentUploaded, idSchema, sniffImageType, uploadAttachmentFields, type ImageType } from '@reqloom/domain';
import type { AppContext } from '../../core/context';
import { access } from '../../http/access';
import { currentUser } from '../../http/authenticate';
import { notFound } from '../../core/errors';
import { loadedProject } from '../../http/loaded';
import { parseInput, RequestValidationError } from '../../http/validation';
import { inWork } from '../../http/work';
import { attachmentByFileName } from './attachments.locators';
import { projectInUploadForm } from '../working-area/core/locators';
import { findAttachmentContent, storeAttachment } from './attachments.service';
import { ATTACHMENT_FIELD, cutOffUnreadForm, UploadForm } from '../../http/upload-form';

/**
 * An attachment's name is random and its bytes never change, so a browser may keep it as long as it likes; but
 * only that person's browser (`private`): a shared cache must not hand a project's image to someone else.
 */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

// A name is kept for the record only; control characters (a NUL, which PostgreSQL refuses in text) are dropped.
const controlCharacters = /\p{Cc}/gu;

export function attachmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['attachments'];

  r.post(
    '/api/attachments',
    {
      config: { access: access.project(projectInUploadForm) },
      onResponse: cutOffUnreadForm,
      // The form is read as it streams (UploadForm), never parsed into a body: the schema below documents it,
      // and the handler checks the fields with the shared schema once the file is in.
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: {
        tags,
        summary: 'Upload an image (png, jpeg, gif or webp by its content, at most 2 MB) for rich text',
        consumes: ['multipart/form-data'],
        body: z.object({
          project_id: idSchema,
          fileName: z.string().max(255).optional(),
          [ATTACHMENT_FIELD]: z.string().meta({ format: 'binary' }),
        }),
        response: { 201: attachmentUploaded },
      },
    },
    async (request, reply) => {
      const form = UploadForm.of(request);
      await form.readUntil();
      const { file } = form;
      const fields = parseInput(uploadAttachmentFields, Object.fromEntries(form.fields));
      const issues = fields.error ? [...fields.error.issues] : [];
      const type: ImageType | null = file ? sniffImageType(file.data) : null;
      if (!type) {
        const message = file ? 'validation.image' : 'validation.required';
        issues.push({ code: 'custom', path: [ATTACHMENT_FIELD], message, input: undefined });
      }
      if (issues.length > 0 || !fields.value || !file || !type) throw new RequestValidationError(issues);
      const originalName = (fields.value.fileName ?? file.name).replace(controlCharacters, '').slice(0, 255);
      const uploaded = await inWork(ctx, request, (work) =>
        storeAttachment(work, loadedProject(request), currentUser(request).id, { type, data: file.data, originalName }),
      );
      return reply.code(201).send(uploaded);
    },
  );

  r.get(
    '/api/attachments/:fileName',
    {
      config: { access: access.project(attachmentByFileName) },
      schema: {
        tags,
        summary: 'An image of a project, to its members only',
        params: z.object({ fileName: z.string() }),
        produces: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        response: {
          200: z
            .custom<Buffer>((value) => Buffer.isBuffer(value))
            .meta({ type: 'string', format: 'binary', description: 'The image, with the type found in its bytes' }),
          304: z.undefined().meta({ description: 'Not modified: the ETag sent in If-None-Match is current' }),
        },
      },
    },
    async (request, reply) => {
      const { fileName } = request.params;
      const etag = `"${fileName}"`;
      void reply.headers({
        'cache-control': CACHE_CONTROL,
        etag,
        // The name is ours (random, of safe characters), never the uploader's: nothing to escape, nothing to forge.
        'content-disposition': `inline; filename="${fileName}"`,
        'x-content-type-options': 'nosniff',
      });
      // The access check has run: a member's browser revalidating gets 304, anyone else never reaches here.
      if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
      const attachment = await findAttachmentContent(ctx.db, fileName);
      if (!attachment) throw notFound();
      // The type was decided from the bytes when stored, so it is the one the browser is told.
      return reply
        .type(attachment.contentType)
        .send(Buffer.from(attachment.data.buffer, attachment.data.byteOffset, attachment.data.byteLength));
    },
  );
}
