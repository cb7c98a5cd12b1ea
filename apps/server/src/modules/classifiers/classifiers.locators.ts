import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { idSchema } from '@reqloom/domain';
import type { Db } from '../../db/client';
import { classifiers, documents, tags } from '../../db/schema';
import { paramId, type ProjectLocator } from '../../http/access';
import { invalid } from '../../core/errors';

// How the classifier and tag routes find their project: through the classifier's document.

async function projectOfClassifier(db: Db, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ projectId: documents.projectId })
    .from(classifiers)
    .innerJoin(documents, eq(documents.id, classifiers.documentId))
    .where(eq(classifiers.id, id))
    .limit(1);
  return row?.projectId ?? null;
}

async function projectOfTag(db: Db, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ projectId: documents.projectId })
    .from(tags)
    .innerJoin(classifiers, eq(classifiers.id, tags.classifierId))
    .innerJoin(documents, eq(documents.id, classifiers.documentId))
    .where(eq(tags.id, id))
    .limit(1);
  return row?.projectId ?? null;
}

function classifierIdInBody(request: FastifyRequest): number {
  const parsed = idSchema.safeParse((request.body as Record<string, unknown> | null | undefined)?.classifier_id);
  if (!parsed.success) throw invalid({ classifier_id: ['validation.required'] });
  return parsed.data;
}

export const classifierById: ProjectLocator = {
  name: 'classifier.id',
  find: (r, db) => projectOfClassifier(db, paramId(r)),
};
export const tagById: ProjectLocator = { name: 'tag.id', find: (r, db) => projectOfTag(db, paramId(r)) };
export const classifierInBody: ProjectLocator = {
  name: 'body.classifier_id',
  find: (r, db) => projectOfClassifier(db, classifierIdInBody(r)),
};
