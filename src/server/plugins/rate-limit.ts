import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { fallbackStore, outageLog } from './rate-limit-store';

/**
 * Per-IP rate limits (security.md §4) on every `/api` route; the sensitive routes (sign-up,
 * verification, login, refresh, orders) add a stricter `config.rateLimit` from
 * `authRateLimit(app.config)`. In memory by default; in Redis when REDIS_URL is set, so that
 * several instances share their counters — and in memory again while Redis is unreachable
 * (an outage must not lift the limits): short timeouts, no offline queue, one log line per outage.
 */
export default fp(
  async (app) => {
    const { rateLimit: limits, redisUrl, redisTimeoutMs, redisKeyPrefix } = app.config;
    let store: FastifyRateLimitStoreCtor | undefined;
    if (redisUrl) {
      const redis = new Redis(redisUrl, {
        connectTimeout: redisTimeoutMs,
        commandTimeout: redisTimeoutMs,
        // Fail at once while disconnected instead of queueing until Redis returns.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        // Keep reconnecting in the background, at most every 2 s.
        retryStrategy: (times) => Math.min(times * 250, 2000),
        lazyConnect: false,
      });
      const outage = outageLog(app.log);
      redis.on('error', outage.down);
      redis.on('ready', outage.up);
      app.addHook('onClose', async () => {
        redis.removeAllListeners('error');
        redis.on('error', () => undefined);
        await redis.quit().catch(() => redis.disconnect());
      });
      store = fallbackStore({
        redis,
        prefix: redisKeyPrefix,
        coolOffMs: 5000,
        onRedisError: outage.down,
        onRedisOk: outage.up,
      }) as unknown as FastifyRateLimitStoreCtor;
      // Give the first connection a moment, so that the first requests are counted in Redis
      // (shared) rather than in process; never longer than the timeout.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, redisTimeoutMs);
        function done() {
          clearTimeout(timer);
          redis.off('ready', done);
          redis.off('error', done);
          resolve();
        }
        redis.once('ready', done);
        redis.once('error', done);
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: limits.max,
      timeWindow: limits.windowSeconds * 1000,
      // Static files, health checks and the sandbox page are not API calls.
      allowList: (request) => !request.url.startsWith('/api/'),
      keyGenerator: (request) => request.ip,
      store,
      // The store never fails (it falls back to memory); a bug there must not lock users out.
      skipOnError: true,
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);

/** The stricter per-IP limit for sign-up, verification, login, refresh and orders. */
export function authRateLimit(config: { rateLimit: { authMax: number; windowSeconds: number } }): {
  max: number;
  timeWindow: number;
} {
  return { max: config.rateLimit.authMax, timeWindow: config.rateLimit.windowSeconds * 1000 };
}
