/**
 * Login timing for known and unknown addresses (issue 21 §7). Builds the app on a throwaway
 * PostgreSQL schema (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) with the
 * production argon2 parameters, then sends PAIRS interleaved pairs of logins — a wrong password
 * for a known, verified address and the same password for an unknown one — each from its own
 * client address (so no lock interferes), and prints the median of each, the median difference
 * and in how many pairs the known address was the slower. The lockout threshold is raised so
 * that repeated failures keep doing the same work.
 *
 *   npx tsx bench/login-timing.ts            PAIRS=200 npx tsx bench/login-timing.ts
 *   SPECFORM_ROOT=/path/to/another/checkout npx tsx bench/login-timing.ts   (compare a version)
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type * as AppModule from '../src/server/app';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PAIRS = Number(process.env.PAIRS ?? 40);
const ROOT = path.resolve(process.env.SPECFORM_ROOT ?? '.');

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  const { buildApp } = (await import(
    pathToFileURL(path.join(ROOT, 'src/server/app.ts')).href
  )) as typeof AppModule;
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE SCHEMA ${schema}`);
  const app = await buildApp({
    databaseUrl: BASE_URL,
    databaseSchema: schema,
    logger: false,
    demoAccount: false,
    smtpUrl: undefined,
    redisUrl: undefined,
    rateLimit: { windowSeconds: 60, max: 1_000_000, authMax: 1_000_000 },
    lockout: {
      threshold: 1_000_000,
      baseSeconds: 1,
      maxSeconds: 1,
      accountThreshold: 1_000_000,
      resetSeconds: 3600,
    },
  });
  try {
    await app.ready();
    const email = 'known@example.com';
    await app.db.query(
      `INSERT INTO users (email, first_name, last_name, password_hash, verified_at)
       VALUES ($1, 'Known', 'User', $2, now())`,
      [email, await app.passwords.hash('Right#123')],
    );
    // Time spent in the database, apart from the hash check (which dominates and, on a busy
    // machine, is what varies most).
    let dbNs = 0n;
    const query = app.db.query.bind(app.db);
    app.db.query = (async (sql: string, params?: unknown[]) => {
      const start = process.hrtime.bigint();
      try {
        return await query(sql, params);
      } finally {
        dbNs += process.hrtime.bigint() - start;
      }
    }) as typeof app.db.query;
    const dbKnown: number[] = [];
    const dbUnknown: number[] = [];
    const login = async (address: string, ip: string) => {
      dbNs = 0n;
      const start = process.hrtime.bigint();
      const res = await app.inject({
        method: 'POST',
        url: '/api/public/v1/auth/login',
        payload: { email: address, password: 'Wrong#123' },
        remoteAddress: ip,
      });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (res.statusCode !== 401) throw new Error(`unexpected ${res.statusCode} ${res.body}`);
      (address === email ? dbKnown : dbUnknown).push(Number(dbNs) / 1e6);
      return ms;
    };
    // Warm up both paths.
    for (let i = 0; i < 5; i += 1) {
      await login(email, '10.0.0.1');
      await login(`nobody${i}@example.com`, '10.0.0.1');
    }
    dbKnown.length = 0;
    dbUnknown.length = 0;
    const known: number[] = [];
    const unknown: number[] = [];
    let knownSlower = 0;
    for (let i = 0; i < PAIRS; i += 1) {
      const ip = `10.1.${Math.floor(i / 250)}.${i % 250}`;
      // Alternate the order so that neither side always goes first.
      const [k, u] =
        i % 2 === 0
          ? [await login(email, ip), await login(`ghost${i}@example.com`, ip)]
          : await (async () => {
              const u1 = await login(`ghost${i}@example.com`, ip);
              return [await login(email, ip), u1] as const;
            })();
      known.push(k);
      unknown.push(u);
      if (k > u) knownSlower += 1;
    }
    const diffs = known.map((k, i) => k - unknown[i]!);
    console.log(`root: ${ROOT}; ${PAIRS} pairs on PostgreSQL, production argon2`);
    console.log(`known address, wrong password: median ${median(known).toFixed(2)} ms`);
    console.log(`unknown address:               median ${median(unknown).toFixed(2)} ms`);
    console.log(`median of (known − unknown):   ${median(diffs).toFixed(2)} ms`);
    console.log(`known slower in ${knownSlower} of ${PAIRS} pairs`);
    const dbDiffs = dbKnown.map((k, i) => k - dbUnknown[i]!);
    console.log(
      `database time: known ${median(dbKnown).toFixed(2)} ms, unknown ${median(dbUnknown).toFixed(2)} ms, median difference ${median(dbDiffs).toFixed(2)} ms, known slower in ${dbDiffs.filter((d) => d > 0).length} of ${dbDiffs.length}`,
    );
  } finally {
    await app.close();
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
