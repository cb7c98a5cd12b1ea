import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_FILE_NAME, idSchema } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { attachments, projects } from '../../db/schema';
import type { ProjectLocator } from '../../http/access';
import { invalid } from '../../http/errors';
import { UploadForm } from './upload-form';

/**
 * The project an upload goes to, from the form's `project_id` field: the form is read only as far as that field
 * (see UploadForm), so the access check comes before the file. Without it the call is invalid (422), as for a body.
 */
export const projectInUploadForm: ProjectLocator = {
  name: 'form.project_id',
  async find(request) {
    const form = UploadForm.of(request);
    await form.readUntil('project_id');
    const parsed = idSchema.safeParse(form.fields.get('project_id'));
    if (!parsed.success) throw invalid({ project_id: ['validation.required'] });
    return parsed.data;
  },
};

const fileNameParam = (request: FastifyRequest): string | null => {
  const value = (request.params as Record<string, unknown> | undefined)?.fileName;
  return typeof value === 'string' && ATTACHMENT_FILE_NAME.test(value) ? value : null;
};

const attachmentProjectForUser = (db: Db) =>
  prepared(db, 'attachment_project_for_user', (d) =>
    d
      .select({
        project: projects,
        isMember: sql<boolean>`exists (select 1 from project_users pu where pu.project_id = projects.id and pu.user_id = ${sql.placeholder('userId')})`,
      })
      .from(attachments)
      .innerJoin(projects, eq(projects.id, attachments.projectId))
      .where(eq(attachments.fileName, sql.placeholder('fileName')))
      .limit(1)
      .prepare('attachment_project_for_user'),
  );

/** The project of the attachment named in the path, with the caller's membership, in one statement. */
export const attachmentByFileName: ProjectLocator = {
  name: 'attachment.fileName',
  async find(request, db) {
    const fileName = fileNameParam(request);
    if (fileName === null) return null;
    const [row] = await db
      .select({ projectId: attachments.projectId })
      .from(attachments)
      .where(eq(attachments.fileName, fileName))
      .limit(1);
    return row?.projectId ?? null;
  },
  async findForUser(request, db, userId) {
    const fileName = fileNameParam(request);
    if (fileName === null) return undefined;
    const [row] = await attachmentProjectForUser(db).execute({ fileName, userId });
    return row ? { project: row.project, isMember: row.isMember === true } : undefined;
  },
};
