import { randomInt } from 'node:crypto';
import fp from 'fastify-plugin';

/** The demo login printed on first start (not a real mailbox). */
export const DEMO_EMAIL = 'demo@specform.local';

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 16 characters from the CSPRNG, within the spec §5 password rule. */
export function randomPassword(length = 16): string {
  let password = '';
  for (let i = 0; i < length; i += 1)
    password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

/**
 * On the first start of an embedded (PGlite), non-production installation, creates a verified
 * account with a year of subscription and prints its credentials once, so that a new user can
 * reach the generator in a minute. Never in production, never on PostgreSQL.
 */
export default fp(
  async (app) => {
    const { config, repos, passwords } = app;
    const enabled =
      config.demoAccount === 'auto'
        ? !config.databaseUrl && !config.production
        : config.demoAccount && !config.production;
    if (!enabled) return;
    const password = randomPassword();
    const passwordHash = await passwords.hash(password);
    const created = await app.db.transaction(async (tx) => {
      if (!(await repos.appState.claim('demo_account', DEMO_EMAIL, tx))) return false;
      const now = config.now();
      const user = await repos.users.create(
        {
          email: DEMO_EMAIL,
          firstName: 'Demo',
          lastName: 'User',
          passwordHash,
          verifiedAt: new Date(now),
          subscriptionUntil: new Date(now + 365 * 86400 * 1000),
        },
        tx,
      );
      return user !== undefined;
    });
    if (created) {
      process.stdout.write(`Demo account created: email=${DEMO_EMAIL} password=${password}\n`);
    }
  },
  { name: 'demo-account', dependencies: ['repositories', 'passwords'] },
);
