import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { type Config, loadConfig } from './config';
import { isUnavailable } from './db';
import paymentsPlugin from './payments/plugin';
import backgroundPlugin from './plugins/background';
import charsetPlugin from './plugins/charset';
import configPlugin from './plugins/config';
import dbPlugin from './plugins/db';
import demoAccountPlugin from './plugins/demo-account';
import mailerPlugin from './plugins/mailer';
import noNulPlugin from './plugins/no-nul';
import passwordsPlugin from './plugins/passwords';
import rateLimitPlugin from './plugins/rate-limit';
import repositoriesPlugin from './plugins/repositories';
import securityHeadersPlugin from './plugins/security-headers';
import staticSitePlugin from './plugins/static-site';
import tokensPlugin from './plugins/tokens';
import adminRoutes from './routes/admin';
import authRoutes from './routes/auth';
import customerRoutes from './routes/customer';
import healthRoutes from './routes/health';
import jwksRoutes from './routes/jwks';
import passwordRoutes from './routes/password';
import projectRoutes from './routes/projects';
import registrationRoutes from './routes/registration';
import siteRoutes from './routes/site';
import './types';

/**
 * Builds the Fastify instance without listening (server.ts listens; tests use `app.inject`).
 * `overrides` replace values read from the environment.
 */
export async function buildApp(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(process.env), ...overrides };
  const app = Fastify({
    logger: config.logger
      ? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] }
      : false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Clients may not decide types for us: "true" is not a boolean, 5 is not a string.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: true, allErrors: false } },
    return503OnClosing: true,
    // The first start of an embedded database (initdb) takes a while on a slow machine.
    pluginTimeout: 120_000,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: 'Service temporarily unavailable. Please try again shortly.' });
    }
    // PostgreSQL cannot store NUL or a character outside UTF-8: bad input, not a server fault
    // (the no-nul hook stops it earlier; this is the safety net).
    const sqlState = (error as { code?: unknown }).code;
    if (sqlState === '22021' || sqlState === '22P05') {
      return reply.code(400).send({ message: 'Invalid request: unsupported characters' });
    }
    if (error.validation) {
      return reply.code(400).send({ message: `Invalid request: ${error.message}` });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: 'Internal server error' });
    }
    return reply.code(status).send({ message: error.message });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const spa = (app as unknown as { spaFallback?: boolean }).spaFallback;
    const get = request.method === 'GET' || request.method === 'HEAD';
    // A missing hashed asset is a real 404 (an old tab after a deploy), not an app route.
    if (spa && get && !isApi(request.url) && !request.url.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found' });
  });

  // Tokens and profiles must never sit in a shared cache (RFC 6749 §5.1); routes that may be
  // cached (site settings) set their own Cache-Control.
  app.addHook('onSend', async (request, reply) => {
    if (isApi(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  // External: configuration, database, headers, rate limits.
  await app.register(configPlugin, { config });
  await app.register(dbPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(rateLimitPlugin);
  await app.register(noNulPlugin);
  await app.register(charsetPlugin);
  // Application: repositories, hashing, tokens, mail.
  await app.register(repositoriesPlugin);
  await app.register(passwordsPlugin);
  await app.register(tokensPlugin);
  await app.register(mailerPlugin);
  await app.register(backgroundPlugin);
  await app.register(demoAccountPlugin);
  // Routes.
  await app.register(healthRoutes);
  await app.register(siteRoutes);
  await app.register(jwksRoutes);
  await app.register(registrationRoutes);
  await app.register(authRoutes);
  await app.register(passwordRoutes);
  await app.register(customerRoutes);
  await app.register(adminRoutes);
  await app.register(projectRoutes);
  await app.register(paymentsPlugin);
  await app.register(staticSitePlugin);
  return app;
}

const isApi = (url: string): boolean => url === '/api' || url.startsWith('/api/');
