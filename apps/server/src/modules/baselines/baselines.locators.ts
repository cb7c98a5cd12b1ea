import { eq } from 'drizzle-orm';
import { baselines } from '../../db/schema';
import { paramId, type ProjectLocator } from '../../http/access';

/** A baseline route finds its project through the baseline in its path: an unknown or deleted baseline is 404. */
export const baselineById: ProjectLocator = {
  name: 'baseline.id',
  async find(request, db) {
    const id = paramId(request);
    if (id === null) return null;
    const [row] = await db
      .select({ projectId: baselines.projectId })
      .from(baselines)
      .where(eq(baselines.id, id))
      .limit(1);
    return row?.projectId ?? null;
  },
};
