import { randomInt } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Db } from '../db';

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

/** A password hash no password matches: argon2 refuses to parse it. */
export const DISABLED_PASSWORD_HASH = '!disabled';

/**
 * In production the demo account of a data folder first started in development must not stay
 * usable: its password was printed in the logs. Its password hash is replaced by one
 * that nothing matches, its subscription and sessions end. Idempotent; true when it acted now.
 */
export async function disableDemoAccount(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE users SET password_hash = $2, subscription_until = NULL
       WHERE email = $1 AND password_hash <> $2
         AND EXISTS (SELECT 1 FROM app_state WHERE key = 'demo_account' AND value = $1)
       RETURNING id`,
      [DEMO_EMAIL, DISABLED_PASSWORD_HASH],
    );
    if (rows.length === 0) return false;
    await tx.query(
      'UPDATE refresh_families SET revoked_at = COALESCE(revoked_at, $2) WHERE user_id = $1',
      [rows[0]!.id, now],
    );
    return true;
  });
}

/**
 * On the first start of an embedded (PGlite), non-production installation, creates a verified
 * account with a year of subscription and prints its credentials once, so that a new user can
 * reach the generator in a minute. Never in production, never on PostgreSQL; in production an
 * existing demo account is disabled at start.
 */
export default fp(
  async (app) => {
    const { config, repos, passwords } = app;
    if (config.production) {
      if (await disableDemoAccount(app.db, new Date(config.now()))) {
        app.log.warn({ email: DEMO_EMAIL }, 'demo account disabled (production)');
      }
      return;
    }
    const enabled = config.demoAccount === 'auto' ? !config.databaseUrl : config.demoAccount;
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
