/**
 * API benchmark (not a test): starts the real server (`src/server/server.ts`) on a throwaway
 * PostgreSQL database, then drives it with autocannon — 100 connections per scenario — and
 * prints requests per second and p50/p99 latency. Errors and non-2xx answers are counted and
 * reported; rate limits are raised for the run through the environment.
 *
 *   npm run bench:server            (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_SECONDS=20 npm run bench:server
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;
const PASSWORD = 'Bq7#mZ2pX';

interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not become ready');
}

async function json<T>(url: string, init: RequestInit & { body?: string } = {}): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** Registers, verifies (link from the outbox) and returns the e-mail. */
async function createUser(base: string, dataDir: string): Promise<string> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  await json(`${base}/api/public/v1/registration`, {
    method: 'POST',
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'User',
      email,
      password: PASSWORD,
      acceptTerms: true,
    }),
  });
  const outbox = path.join(dataDir, 'outbox');
  const names = (await readdir(outbox)).filter((n) => n.includes(email));
  const raw = (await readFile(path.join(outbox, names[0]!), 'utf8')).replace(/\r?\n[ \t]+/g, ' ');
  const link = /^X-Specform-Link:\s*(\S+)/m.exec(raw)![1]!;
  await json(`${base}/api/public/v1/registration/verify`, {
    method: 'PUT',
    body: JSON.stringify({ uuid: link.split('/').pop() }),
  });
  return email;
}

const login = (base: string, email: string) =>
  json<{ accessToken: string; refreshToken: string }>(`${base}/api/public/v1/auth/login`, {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD }),
  });

async function run(scenario: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const failures = Object.entries(result.statusCodeStats ?? {}).filter(
    ([code]) => !code.startsWith('2'),
  );
  if (failures.length > 0)
    console.log(`${scenario}: non-2xx status codes ${JSON.stringify(failures)}`);
  return {
    scenario,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Refresh rotation: every token is single-use, so autocannon's fixed requests cannot drive it
 * (its per-connection context is reset after each request). Instead CONNECTIONS keep-alive
 * chains each present their latest token and carry on with the one they get back.
 */
async function rotation(base: string, tokens: string[]): Promise<Row> {
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (first) => {
      let token = first;
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          const res = await fetch(`${base}/api/public/v1/auth/refresh`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ refreshToken: token }),
          });
          const text = await res.text();
          latencies.push(performance.now() - t0);
          if (res.status !== 200) {
            non2xx += 1;
            return;
          }
          token = (JSON.parse(text) as { refreshToken: string }).refreshToken;
        } catch {
          errors += 1;
          return;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    scenario: 'POST /api/public/v1/auth/refresh (rotation chains)',
    rps: latencies.length / elapsed,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    requests: latencies.length,
    non2xx,
    errors,
  };
}

async function main(): Promise<void> {
  const dbName = `specform_bench_${randomBytes(4).toString('hex')}`;
  const dbUrl = new URL(BASE_URL);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'specform-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl.toString(),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '10000000',
      RATE_LIMIT_AUTH_MAX: '10000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const rows: Row[] = [];
  try {
    await waitReady(base, child);
    const email = await createUser(base, dataDir);
    const session = await login(base, email);
    // One refresh chain per connection: each response's token is the connection's next one.
    const pool: string[] = [];
    for (let i = 0; i < CONNECTIONS; i += 1) pool.push((await login(base, email)).refreshToken);

    rows.push(await run('GET /api/public/v1/products', { url: `${base}/api/public/v1/products` }));
    rows.push(
      await run('GET /api/v1/customer', {
        url: `${base}/api/v1/customer`,
        headers: { authorization: `Bearer ${session.accessToken}` },
      }),
    );
    rows.push(await rotation(base, pool));
    rows.push(
      await run('POST /api/public/v1/auth/login (argon2id m=19456,t=2)', {
        url: `${base}/api/public/v1/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      }),
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await admin(`DROP DATABASE IF EXISTS ${dbName}`);
    await rm(dataDir, { recursive: true, force: true });
  }

  const cpu = os.cpus();
  console.log(
    `\nSpecform API on PostgreSQL — ${CONNECTIONS} connections, ${SECONDS} s per scenario, ` +
      `Node ${process.version}, ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}\n`,
  );
  console.log('| scenario | req/s | p50 ms | p99 ms | requests | non-2xx | errors |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `| ${r.scenario} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.non2xx} | ${r.errors} |`,
    );
  }
  if (rows.some((r) => r.non2xx > 0 || r.errors > 0)) {
    console.log('\nWARNING: some requests failed (see non-2xx / errors).');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
