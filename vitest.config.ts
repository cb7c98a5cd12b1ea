import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

function serverProject(name: string, driver: 'pglite' | 'pg', include = ['src/**/*.test.ts']) {
  return {
    test: {
      name,
      root: 'apps/server',
      include,
      exclude: include[0]?.includes('redis')
        ? []
        : // Process tests start their own servers on the embedded database: the PostgreSQL run would only repeat them.
          // `*.pg.test.ts` hold locks from a second connection, which PGlite (one connection) cannot have.
          ['src/**/*.redis.test.ts', ...(driver === 'pg' ? ['src/**/*.process.test.ts'] : ['src/**/*.pg.test.ts'])],
      env: { TEST_DRIVER: driver },
      // Test files of a worker share one database connection (a fresh PGlite takes seconds to open).
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      serverProject('server', 'pglite'),
      // The same API suites again on PostgreSQL, when a server is given.
      ...(postgresUrl ? [serverProject('server-pg', 'pg')] : []),
      // Several instances fanning events out through Redis, when a Redis server is given.
      ...(redisUrl ? [serverProject('redis', 'pglite', ['src/**/*.redis.test.ts'])] : []),
      // The repository's own scripts (npm run dev).
      { test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'], testTimeout: 200_000 } },
      // The benchmark page's reading of the result files (the benches themselves run by hand: npm run bench).
      { test: { name: 'bench', root: 'bench', include: ['src/**/*.test.ts'] } },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] } },
    ],
  },
});
