import { loadConfig } from './config';
import { DbLockedError, migrate, openDb } from './db';
import { createUsersRepository } from './repositories/users-repository';

/**
 * Admin commands against the configured database (DATABASE_URL or DATA_DIR):
 *   tsx src/server/cli.ts grant-admin <email>
 * On the embedded database it refuses while the server runs (exit 3): grant from the admin panel
 * (`POST /api/v1/admin/grants`) instead.
 */
async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (command !== 'grant-admin' || !email) {
    process.stderr.write('Usage: tsx src/server/cli.ts grant-admin <email>\n');
    return 2;
  }
  const config = loadConfig(process.env);
  let db;
  try {
    // The embedded database must never be opened by two processes (its files would be
    // corrupted); PostgreSQL takes any number of clients, so there the command works beside a
    // running server.
    db = await openDb(config, undefined, { role: 'cli', takeForeign: false });
  } catch (error) {
    if (!(error instanceof DbLockedError)) throw error;
    process.stderr.write(
      `${error.holder?.role === 'cli' ? 'another admin command is running; try again' : 'the server is running; stop it, or grant from the admin panel'} (${error.message})\n`,
    );
    return 3;
  }
  try {
    await migrate(db);
    const granted = await createUsersRepository(db).grantRole(email, 'admin');
    if (!granted) {
      process.stderr.write(`No account with e-mail ${email}\n`);
      return 1;
    }
    process.stdout.write(
      `Granted admin to ${email.toLowerCase()} (effective from the next login or refresh)\n`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
