import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

interface Count {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Count) => void;

/**
 * Counters kept in this process: fixed windows, the oldest keys dropped past `maxKeys`. Every
 * hit is counted here, also while Redis answers: then `observe` records how far
 * the shared count is ahead of this process's (other instances' hits), so that the count goes
 * on from there, not from zero, when Redis stops answering.
 */
export class LocalWindows {
  readonly #windows = new Map<string, { count: number; ahead: number; resetAt: number }>();
  constructor(
    private readonly maxKeys = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a hit; the count is this process's hits plus the shared count's lead. */
  incr(key: string, windowMs: number): Count {
    const now = this.now();
    let entry = this.#windows.get(key);
    if (!entry || entry.resetAt <= now) entry = { count: 0, ahead: 0, resetAt: now + windowMs };
    entry.count += 1;
    // Re-inserting keeps the Map in least-recently-used order.
    this.#windows.delete(key);
    this.#windows.set(key, entry);
    if (this.#windows.size > this.maxKeys) {
      this.#windows.delete(this.#windows.keys().next().value!);
    }
    return { current: entry.count + entry.ahead, ttl: entry.resetAt - now };
  }

  /**
   * Records a count Redis answered for `key` (which includes the hit just counted here); the
   * larger of the two counts, which is what decides.
   */
  observe(key: string, shared: number): number {
    const entry = this.#windows.get(key);
    if (!entry || entry.resetAt <= this.now()) return shared;
    entry.ahead = Math.max(entry.ahead, shared - entry.count);
    return entry.count + entry.ahead;
  }
}

/** INCR with the window set on the first hit (and repaired if a key lost its expiry). */
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type RedisWithIncr = Redis & {
  specformRateIncr(key: string, windowMs: number): Promise<[number, number]>;
};

export interface FallbackOptions {
  redis: Redis;
  prefix: string;
  /** After a failed Redis call, how long to count in process before trying Redis again. */
  coolOffMs: number;
  /** Called on every failure; the caller logs once per outage. */
  onRedisError: (error: Error) => void;
  /**
   * Called when Redis answered: after an outage without a disconnect (a hung Redis times
   * commands out while the connection stays up) this is how its return is noticed.
   */
  onRedisOk?: () => void;
  local?: LocalWindows;
  now?: () => number;
}

/**
 * A rate-limit store for @fastify/rate-limit that counts in Redis while Redis answers and in
 * this process while it does not: a Redis outage neither slows requests (the
 * client fails fast, and after a failure Redis is left alone for `coolOffMs`) nor lifts the
 * limits. When Redis is back (the client reconnects by itself), counting goes back to it.
 * Every hit is also counted in this process, and the larger count decides: after
 * a hiccup Redis lacks the hits counted here meanwhile, and the process's count goes on from
 * the shared count last seen, so neither side's gap lets more requests through.
 */
export function fallbackStore(options: FallbackOptions) {
  const redis = options.redis as RedisWithIncr;
  if (typeof redis.specformRateIncr !== 'function') {
    redis.defineCommand('specformRateIncr', { numberOfKeys: 1, lua: INCR_SCRIPT });
  }
  const now = options.now ?? Date.now;
  const local = options.local ?? new LocalWindows();
  let redisAfter = 0;

  const usable = () => redis.status === 'ready' && now() >= redisAfter;

  class FallbackStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = options.prefix,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fullKey = this.prefix + key;
      // Counted here in every case: a hit Redis did not answer for (it may still
      // have counted it) is never a hit nobody counted.
      const counted = local.incr(fullKey, timeWindow);
      if (!usable()) {
        callback(null, counted);
        return;
      }
      redis.specformRateIncr(fullKey, timeWindow).then(
        ([current, ttl]) => {
          options.onRedisOk?.();
          // The larger count decides: Redis's (shared), or this process's when Redis missed
          // hits (counted here during an outage).
          const estimate = local.observe(fullKey, current);
          callback(
            null,
            current >= estimate ? { current, ttl } : { ...counted, current: estimate },
          );
        },
        (error: Error) => {
          redisAfter = now() + options.coolOffMs;
          options.onRedisError(error);
          callback(null, counted);
        },
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // At run time the plugin passes the merged route settings with `routeInfo` (as its own
      // RedisStore reads them): one key space per route.
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new FallbackStore(undefined, `${options.prefix}${route?.method}${route?.url}-`);
    }
  }
  return FallbackStore;
}

/**
 * One warning when Redis goes away and one note when it is back, however many errors the client
 * reports in between (it reports every failed reconnection).
 */
export function outageLog(log: {
  warn: (object: object, message: string) => void;
  info: (message: string) => void;
}) {
  let down = false;
  return {
    down: (error: Error) => {
      if (down) return;
      down = true;
      log.warn(
        { err: error },
        'Redis unavailable: rate limits are counted in this process until it returns',
      );
    },
    up: () => {
      if (!down) return;
      down = false;
      log.info('Redis is back: rate limits are shared again');
    },
  };
}
