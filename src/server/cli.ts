import { loadConfig } from './config';
import { migrate, openDb } from './db';
import { createUsersRepository } from './repositories/users-repository';

/**
 * Admin commands against the configured database (DATABASE_URL or DATA_DIR):
 *   tsx src/server/cli.ts grant-admin <email>
 */
async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (command !== 'grant-admin' || !email) {
    process.stderr.write('Usage: tsx src/server/cli.ts grant-admin <email>\n');
    return 2;
  }
  const config = loadConfig(process.env);
  const db = await openDb(config);
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
