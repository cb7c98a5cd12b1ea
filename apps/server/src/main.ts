import { loadConfig } from './config';
import { buildApp } from './app';

const config = loadConfig();
const { app } = await buildApp(config);

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
