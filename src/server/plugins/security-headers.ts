import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { CSP_DIRECTIVES } from './csp';

/**
 * Security headers on every response (security.md §16): the CSP of csp.ts, nosniff,
 * frame-ancestors 'none', HSTS in production and whenever the public URL is HTTPS (browsers
 * ignore it over plain HTTP, RFC 6797 §8.1). No CORS is registered: the app calls the API on its
 * own origin.
 */
export default fp(
  async (app) => {
    const tls = app.config.publicUrl.startsWith('https:');
    if (app.config.production && !tls) {
      app.log.warn({ publicUrl: app.config.publicUrl }, 'PUBLIC_URL is not https in production');
    }
    const directives: Record<string, string[] | null> = { ...CSP_DIRECTIVES };
    directives['upgrade-insecure-requests'] = tls ? [] : null;
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives },
      // The video players are cross-origin iframes without CORP headers.
      crossOriginEmbedderPolicy: false,
      // YouTube's embedded player refuses to play without a referrer origin.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity:
        tls || app.config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
