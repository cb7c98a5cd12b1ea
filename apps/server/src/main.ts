import { loadConfig } from './config';
import { buildApp, type BuiltApp } from './app';
import { DataDirInUseError } from './db/data-dir-lock';

const config = loadConfig();
let built: BuiltApp;
try {
  built = await buildApp(config);
} catch (error) {
  // A folder owned by another server is an operator's mistake, not a crash: say which folder, no stack.
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
}
const { app, warmUp } = built;

const shutdown = (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Reqloom is listening on ${config.appUrl} (database: ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'})`);
// With WARM_THREADS=true, the export and quality threads load their modules now rather than during the first export
// (seconds under tsx), and stay; they are closed with the app, and a failure here only leaves the first job to start
// them. By default they start at their first job and stop after ten idle minutes (decisions §26, memory).
if (config.warmThreads) void warmUp();
