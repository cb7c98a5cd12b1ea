// The server's public entry point (`@reqloom/server`): what tools outside the app (the bench, scripts)
// may build on. Anything not exported here is internal and may move.
export { buildApp, type BuiltApp } from './app';
export { loadConfig, type Config } from './config';
export { openDatabase, type Database, type Db } from './db/client';
export * as schema from './db/schema';
export { createConfirmedUser } from './modules/user/user-admin.service';
export { openSession } from './core/identity';
export { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './http/session-cookie';
export { writeBackup } from './cli/backup/backup';
export { restoreBackup } from './cli/backup/restore';
export { stateOfHtml } from './modules/working-area/requirements/description/shared-description';
export { EXPORT_LIMITS } from './modules/interchange/export-off-thread';
