import { and, eq } from 'drizzle-orm';
import { projects } from '../../db/schema';
import type { ProjectLocator } from '../../http/access';
import { resolveNamespace } from './namespace';

/** GET projects/showfrompath/{namespace}/{slug}: the owner's namespace, then the slug within it. */
export const projectByPath: ProjectLocator = {
  name: 'project.path',
  async find(request, db) {
    const { namespace, slug } = request.params as { namespace?: unknown; slug?: unknown };
    if (typeof namespace !== 'string' || typeof slug !== 'string') return null;
    const owner = await resolveNamespace(db, namespace);
    if (!owner) return null;
    const [row] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.ownerType, owner.type), eq(projects.ownerId, owner.id), eq(projects.slug, slug)))
      .limit(1);
    return row?.id ?? null;
  },
};
