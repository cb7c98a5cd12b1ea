import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

// `npm run openapi -w @reqloom/server`: writes the OpenAPI description that the app serves at /api/docs/json
// to apps/server/openapi.json, where a test checks that it is never left behind the code.

export const openApiFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../openapi.json');

export async function currentOpenApi(): Promise<unknown> {
  const database = await openDatabase({ dataDir: null });
  const { app } = await buildApp(
    loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(path.dirname(openApiFile), '.tmp') }),
    {
      database,
    },
  );
  try {
    await app.ready();
    return (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const doc = await currentOpenApi();
  fs.writeFileSync(openApiFile, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`Written ${path.relative(process.cwd(), openApiFile)}`);
}
