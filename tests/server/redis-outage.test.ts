/**
 * Issue 13 §2: Redis configured but unreachable must not slow requests nor lift the limits; the
 * limits go back to Redis when it returns.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalWindows, outageLog } from '../../src/server/plugins/rate-limit-store';
import { buildTestApp, type TestApp } from './helpers';
import { TcpProxy } from './tcp-proxy';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CI = process.env.CI === 'true';
const target = new URL(REDIS_URL);

const redisUp = await (async () => {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
  });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
})();
if (!redisUp && !CI) console.warn(`Redis at ${REDIS_URL} is not reachable: recovery test skipped`);

const LIMITS = { windowSeconds: 60, max: 1000, authMax: 3 };
const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** One rate-limited call (verify with an unknown link: 404 until the limit, then 429). */
/**
 * Sends requests until Redis holds counter keys under `prefix` (or `ms` pass); the key count.
 */
async function keysOnceCounted(t: TestApp, direct: Redis, prefix: string, ms: number) {
  const deadline = Date.now() + ms;
  let keys: string[] = [];
  while (Date.now() < deadline && keys.length === 0) {
    await hit(t, randomIp());
    keys = await direct.keys(`${prefix}*`);
    if (keys.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return keys.length;
}

async function hit(t: TestApp, ip: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/public/v1/registration/verify',
    payload: { uuid: 'A'.repeat(43) },
    remoteAddress: ip,
  });
  return { status: res.statusCode, ms: performance.now() - started };
}

describe('in-process counters', () => {
  it('count per key in fixed windows', () => {
    let now = 1000;
    const windows = new LocalWindows(2, () => now);
    expect(windows.incr('a', 100)).toEqual({ current: 1, ttl: 100 });
    now += 40;
    expect(windows.incr('a', 100)).toEqual({ current: 2, ttl: 60 });
    now += 60;
    expect(windows.incr('a', 100)).toEqual({ current: 1, ttl: 100 });
    windows.incr('b', 100);
    windows.incr('c', 100); // over two keys: the least recently used ('a') goes
    expect(windows.incr('a', 100).current).toBe(1);
  });
});

describe('the outage log', () => {
  it('warns once per outage and notes the return once', () => {
    const lines: string[] = [];
    const log = outageLog({
      warn: (_object, message) => lines.push(`warn ${message}`),
      info: (message) => lines.push(`info ${message}`),
    });
    log.up(); // connected at start: nothing to say
    for (let i = 0; i < 20; i += 1) log.down(new Error('connect ECONNREFUSED'));
    log.up();
    log.up();
    log.down(new Error('Command timed out'));
    expect(lines).toEqual([
      'warn Redis unavailable: rate limits are counted in this process until it returns',
      'info Redis is back: rate limits are shared again',
      'warn Redis unavailable: rate limits are counted in this process until it returns',
    ]);
  });
});

describe('Redis configured but down (issue 13 §2)', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('answers fast and still limits', async () => {
    const proxy = new TcpProxy({ host: '127.0.0.1', port: 1 });
    const port = await proxy.reservePort(); // nobody listens there
    const t = await buildTestApp({ redisUrl: `redis://127.0.0.1:${port}`, rateLimit: LIMITS });
    apps.push(t);
    const ip = randomIp();
    const results = [];
    for (let i = 0; i < 6; i += 1) results.push(await hit(t, ip));
    const times = results.map((r) => Math.round(r.ms));
    console.info(`Redis down: request times ${times.join(', ')} ms`);
    expect(results.map((r) => r.status)).toEqual([404, 404, 404, 429, 429, 429]);
    for (const ms of times) expect(ms).toBeLessThan(1000);
    // Another IP has its own counter.
    expect((await hit(t, randomIp())).status).toBe(404);
  }, 60_000);

  it.skipIf(!redisUp && !CI)(
    'answers fast and still limits when Redis hangs (connection open, no answer)',
    async () => {
      const prefix = `specform-test-${randomBytes(6).toString('hex')}:`;
      const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      await proxy.reservePort();
      await proxy.start();
      const t = await buildTestApp({
        redisUrl: `redis://127.0.0.1:${proxy.port}`,
        redisKeyPrefix: prefix,
        rateLimit: LIMITS,
      });
      apps.push(t);
      const direct = new Redis(REDIS_URL);
      try {
        // Connected: counted in Redis.
        expect(await keysOnceCounted(t, direct, prefix, 10_000)).toBeGreaterThan(0);

        proxy.freeze();
        const ip = randomIp();
        const results = [];
        for (let i = 0; i < 6; i += 1) results.push(await hit(t, ip));
        const times = results.map((r) => Math.round(r.ms));
        console.info(`Redis frozen: request times ${times.join(', ')} ms`);
        expect(results.map((r) => r.status)).toEqual([404, 404, 404, 429, 429, 429]);
        for (const ms of times) expect(ms).toBeLessThan(1000);
      } finally {
        const keys = await direct.keys(`${prefix}*`);
        if (keys.length > 0) await direct.del(...keys);
        direct.disconnect();
        await proxy.stop();
      }
    },
    60_000,
  );

  it.skipIf(!redisUp && !CI)(
    'uses Redis again once it is reachable',
    async () => {
      const prefix = `specform-test-${randomBytes(6).toString('hex')}:`;
      const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      const port = await proxy.reservePort();
      const direct = new Redis(REDIS_URL);
      const t = await buildTestApp({
        redisUrl: `redis://127.0.0.1:${port}`,
        redisKeyPrefix: prefix,
        rateLimit: LIMITS,
      });
      apps.push(t);
      try {
        // Down: counted in process, nothing written to Redis.
        expect((await hit(t, randomIp())).status).toBe(404);
        expect(await direct.keys(`${prefix}*`)).toEqual([]);

        await proxy.start();
        // The client reconnects by itself (backoff ≤ 2 s); after the cool-off, Redis counts again.
        expect(await keysOnceCounted(t, direct, prefix, 15_000)).toBeGreaterThan(0);

        // Limits are counted in Redis now: a second instance sharing it sees the same counter.
        const other = await buildTestApp({
          redisUrl: REDIS_URL,
          redisKeyPrefix: prefix,
          rateLimit: LIMITS,
        });
        apps.push(other);
        const ip = randomIp();
        const codes = [
          (await hit(t, ip)).status,
          (await hit(other, ip)).status,
          (await hit(t, ip)).status,
          (await hit(other, ip)).status,
        ];
        expect(codes).toEqual([404, 404, 404, 429]);
      } finally {
        const keys = await direct.keys(`${prefix}*`);
        if (keys.length > 0) await direct.del(...keys);
        direct.disconnect();
        await proxy.stop();
      }
    },
    60_000,
  );
});
