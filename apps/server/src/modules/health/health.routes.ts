import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { access } from '../../http/access';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/health', { config: { access: access.public }, schema: { tags: ['health'] } }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok', database: ctx.database.driver };
  });
}
