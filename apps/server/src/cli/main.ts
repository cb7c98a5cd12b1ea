import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createConfirmedUser, setAlpha } from '../modules/user/user-admin.service';

// `npm run reqloom -- <command>`: administration from the shell, on the configured database.

const USAGE = `Usage: npm run reqloom -- <command>

Commands:
  migrate                                   apply the database migrations
  user:create [--name N] [--username U] [--email E] [--password P]
                                            create a confirmed account (asks for what is missing)
  user:alpha <email> on|off                 turn the alpha features on or off for a user
`;

async function ask(question: string, value: string | undefined): Promise<string> {
  if (value !== undefined) return value;
  if (!process.stdin.isTTY) throw new Error(`missing --${question}`);
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(`${question}: `)).trim();
  } finally {
    rl.close();
  }
}

async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  // While a server runs on the embedded database, its changes go through that server's PGlite (its socket).
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    shareWithOwner: true,
  });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

export async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'migrate':
      await withDatabase(async () => undefined);
      console.log('Migrations applied.');
      return 0;
    case 'user:create': {
      const { values } = parseArgs({
        args: rest,
        options: {
          name: { type: 'string' },
          username: { type: 'string' },
          email: { type: 'string' },
          password: { type: 'string' },
        },
      });
      const input = {
        name: await ask('name', values.name),
        username: await ask('username', values.username),
        email: await ask('email', values.email),
        password: await ask('password', values.password),
      };
      const result = await withDatabase((d) => createConfirmedUser(d.db, input));
      if ('errors' in result) {
        for (const [field, messages] of Object.entries(result.errors))
          console.error(`${field}: ${messages.join(', ')}`);
        return 1;
      }
      console.log(`User ${input.username} created (id ${result.id}), confirmed.`);
      return 0;
    }
    case 'user:alpha': {
      const [email, state] = rest;
      if (!email || (state !== 'on' && state !== 'off')) {
        console.error(USAGE);
        return 2;
      }
      const found = await withDatabase((d) => setAlpha(d.db, email, state === 'on'));
      if (!found) {
        console.error(`No user with the e-mail ${email}.`);
        return 1;
      }
      console.log(`Alpha features ${state} for ${email}.`);
      return 0;
    }
    default:
      console.error(USAGE);
      return command ? 2 : 0;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
