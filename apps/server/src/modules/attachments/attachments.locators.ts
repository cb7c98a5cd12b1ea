import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_FILE_NAME } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { attachments, projects } from '../../db/schema';
import type { ProjectLocator } from '../../http/access';
import { memberRole } from '../../policies/project-access';

const fileNameParam = (request: FastifyRequest): string | null => {
  const value = (request.params as Record<string, unknown> | undefined)?.fileName;
  return typeof value === 'string' && ATTACHMENT_FILE_NAME.test(value) ? value : null;
};

const attachmentProjectForUser = (db: Db) =>
  prepared(db, 'attachment_project_for_user', (d) =>
    d
      .select({
        project: projects,
        role: memberRole,
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
    return row ? { project: row.project, role: row.role ?? null } : undefined;
  },
};
