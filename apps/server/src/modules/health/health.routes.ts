import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/health', { schema: { tags: ['health'] } }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok', database: ctx.database.driver };
  });
}
