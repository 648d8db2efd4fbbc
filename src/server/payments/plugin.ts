import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { orderRoutes } from './order-routes';
import { loadPaymentsConfig, type PaymentsConfig } from './payments-config';
import { createProviders } from './providers';
import { sandboxKey, upsertPrices, type PaymentsDb } from './repository';
import { sandboxRoutes } from './sandbox-routes';
import { webhookRoutes } from './webhook-routes';

export interface PaymentsPluginOptions {
  /** Environment to read the payment settings from (default: process.env). */
  env?: Record<string, string | undefined>;
  /** Settings that win over the environment (tests point providers at local fakes). */
  config?: Partial<PaymentsConfig>;
}

/** What this plugin needs from the server frame (server-core's config, db and authenticate). */
interface Frame {
  db?: PaymentsDb;
  authenticate?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  config?: {
    publicUrl?: string;
    port?: number;
    rateLimit?: { authMax: number; windowSeconds: number };
  };
}

function frameOf(app: FastifyInstance) {
  const frame = app as unknown as Frame;
  if (!frame.db) throw new Error('payments: register the database plugin first (app.db)');
  if (!frame.authenticate) throw new Error('payments: register authentication first');
  return { db: frame.db, authenticate: frame.authenticate, config: frame.config ?? {} };
}

/**
 * Commerce: products, orders, payment providers, webhooks and the sandbox payment page.
 * Registered by app.ts after the database and `app.authenticate` are in place. On start it writes
 * the configured prices over the seeded ones and loads (or creates) the sandbox signing key.
 */
const paymentsPlugin: FastifyPluginAsync<PaymentsPluginOptions> = async (app, options) => {
  const { db, authenticate, config: frameConfig } = frameOf(app);
  const publicUrl =
    options.config?.publicUrl ??
    frameConfig.publicUrl ??
    `http://localhost:${frameConfig.port ?? 8080}`;
  const fromEnv = loadPaymentsConfig(options.env ?? process.env, publicUrl);
  const strictLimit = frameConfig.rateLimit;
  const config: PaymentsConfig = {
    ...fromEnv,
    ...(strictLimit
      ? {
          orderRateLimit: {
            max: strictLimit.authMax,
            timeWindowMs: strictLimit.windowSeconds * 1000,
          },
        }
      : {}),
    ...options.config,
  };

  await upsertPrices(db, config);
  const key = await sandboxKey(db);
  const providers = createProviders(config, key);
  app.log.info(
    {
      MIR: providers.forType('MIR')?.name ?? 'unavailable',
      CRYPTO: providers.forType('CRYPTO')?.name ?? 'unavailable',
    },
    'payment providers',
  );

  await app.register(orderRoutes, {
    db,
    providers,
    authenticate,
    orderRateLimit: {
      max: config.orderRateLimit.max,
      timeWindow: config.orderRateLimit.timeWindowMs,
    },
  });
  await app.register(webhookRoutes, { db, providers, prefix: '/api/public/v1/payments' });
  if (providers.sandboxInUse) {
    await app.register(sandboxRoutes, {
      db,
      providers,
      publicUrl: config.publicUrl,
      sandboxKey: key,
    });
  }
};

export default paymentsPlugin;
