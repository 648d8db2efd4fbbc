import type { FastifyPluginAsync } from 'fastify';
import '../types';
import { orderRoutes } from './order-routes';
import { loadPaymentsConfig, type PaymentsConfig } from './payments-config';
import { createProviders } from './providers';
import { sandboxKey, upsertPrices } from './repository';
import { sandboxRoutes } from './sandbox-routes';
import { webhookRoutes } from './webhook-routes';

export interface PaymentsPluginOptions {
  /** Environment to read the payment settings from (default: process.env). */
  env?: Record<string, string | undefined>;
  /** Settings that win over the environment (tests point providers at local fakes). */
  config?: Partial<PaymentsConfig>;
}

/**
 * Commerce: products, orders, payment providers, webhooks and the sandbox payment page.
 * Registered by app.ts after the database and `app.authenticate` are in place. On start it writes
 * the configured prices over the seeded ones and loads (or creates) the sandbox signing key.
 */
const paymentsPlugin: FastifyPluginAsync<PaymentsPluginOptions> = async (app, options) => {
  const { db, authenticate } = app;
  const frame = app.config;
  const config: PaymentsConfig = {
    ...loadPaymentsConfig(options.env ?? process.env, frame),
    // Orders share the strict per-IP limit of sign-up, login and refresh (security.md §4).
    orderRateLimit: {
      max: frame.rateLimit.authMax,
      timeWindowMs: frame.rateLimit.windowSeconds * 1000,
    },
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
