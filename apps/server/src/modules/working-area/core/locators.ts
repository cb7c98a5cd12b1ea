import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { commentableTypeSchema, idSchema } from '@reqloom/domain';
import type { Db } from '../../../db/client';
import { categories, documents, requirements } from '../../../db/schema';
import { paramId, type ProjectLocator } from '../../../http/access';
import { invalid } from '../../../core/errors';
import { UploadForm } from '../../../http/upload-form';
import { findElementProjectForUser, findProjectForUser } from '../../../policies/project-access';

// How each working-area route finds its project: from the id in its path, or from an id in its body.

async function projectOfDocument(db: Db, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ projectId: documents.projectId })
    .from(documents)
    .where(eq(documents.id, id))
    .limit(1);
  return row?.projectId ?? null;
}

async function projectOfCategory(db: Db, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ projectId: documents.projectId })
    .from(categories)
    .innerJoin(documents, eq(documents.id, categories.documentId))
    .where(eq(categories.id, id))
    .limit(1);
  return row?.projectId ?? null;
}

async function projectOfRequirement(db: Db, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ projectId: documents.projectId })
    .from(requirements)
    .innerJoin(documents, eq(documents.id, requirements.documentId))
    .where(eq(requirements.id, id))
    .limit(1);
  return row?.projectId ?? null;
}

/** An id the body must carry to say where the new thing goes; without it the call is invalid (422). */
function bodyId(request: FastifyRequest, field: string): number {
  const parsed = idSchema.safeParse((request.body as Record<string, unknown> | null | undefined)?.[field]);
  if (!parsed.success) throw invalid({ [field]: ['validation.required'] });
  return parsed.data;
}

/** The project of the element in the path with the caller's membership, in one statement. */
const withAccess =
  (kind: 'document' | 'category' | 'requirement') => async (request: FastifyRequest, db: Db, userId: number) => {
    const id = paramId(request);
    return id === null ? undefined : findElementProjectForUser(db, kind, id, userId);
  };

export const documentById: ProjectLocator = {
  name: 'document.id',
  find: (r, db) => projectOfDocument(db, paramId(r)),
  findForUser: withAccess('document'),
};
export const categoryById: ProjectLocator = {
  name: 'category.id',
  find: (r, db) => projectOfCategory(db, paramId(r)),
  findForUser: withAccess('category'),
};
export const requirementById: ProjectLocator = {
  name: 'requirement.id',
  find: (r, db) => projectOfRequirement(db, paramId(r)),
  findForUser: withAccess('requirement'),
};
export const projectInBody: ProjectLocator = { name: 'body.project_id', find: async (r) => bodyId(r, 'project_id') };
export const documentInBody: ProjectLocator = {
  name: 'body.document_id',
  find: (r, db) => projectOfDocument(db, bodyId(r, 'document_id')),
};

/** commentable/…/{type}/{id}: the project itself, or the document, category or requirement of that type and id. */
export const commentableInPath: ProjectLocator = {
  name: 'commentable.type_id',
  async find(r, db) {
    const type = commentableTypeSchema.safeParse((r.params as { type?: unknown }).type);
    const id = paramId(r);
    if (!type.success || id === null) return null;
    if (type.data === 'project') return id;
    const of = { document: projectOfDocument, category: projectOfCategory, requirement: projectOfRequirement };
    return of[type.data](db, id);
  },
  async findForUser(r, db, userId) {
    const type = commentableTypeSchema.safeParse((r.params as { type?: unknown }).type);
    const id = paramId(r);
    if (!type.success || id === null) return undefined;
    return type.data === 'project'
      ? findProjectForUser(db, id, userId)
      : findElementProjectForUser(db, type.data, id, userId);
  },
};

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
