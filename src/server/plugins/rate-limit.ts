import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Per-IP rate limits (security.md §4) on every `/api` route; the sensitive routes (sign-up,
 * verification, login, refresh, orders) add a stricter `config.rateLimit` from
 * `authRateLimit(app.config)`. In memory by default; in Redis when REDIS_URL is set, so that
 * several instances share their counters.
 */
export default fp(
  async (app) => {
    const { rateLimit: limits, redisUrl } = app.config;
    let redis: Redis | undefined;
    if (redisUrl) {
      redis = new Redis(redisUrl, {
        connectTimeout: 2000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: true,
        lazyConnect: false,
      });
      redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
      app.addHook('onClose', async () => {
        await redis?.quit().catch(() => redis?.disconnect());
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: limits.max,
      timeWindow: limits.windowSeconds * 1000,
      // Static files, health checks and the sandbox page are not API calls.
      allowList: (request) => !request.url.startsWith('/api/'),
      keyGenerator: (request) => request.ip,
      redis,
      nameSpace: 'specform-rl:',
      // A Redis outage must not take the API down with it.
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
