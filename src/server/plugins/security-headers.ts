import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import {
  CSP_DIRECTIVES,
  LINT_WORKER_CSP,
  LINT_WORKER_SCRIPT,
  PREVIEW_FRAME_CSP,
  PREVIEW_FRAME_PAGE,
  serializeCsp,
} from './csp';

/**
 * Security headers on every response (security.md §16): the CSP of csp.ts, nosniff,
 * frame-ancestors 'none', HSTS in production and whenever the public URL is HTTPS (browsers
 * ignore it over plain HTTP, RFC 6797 §8.1). No CORS is registered: the app calls the API on its
 * own origin.
 *
 * The docs preview frame (`/preview-frame.html`) gets a stricter policy of its own
 * (PREVIEW_FRAME_CSP) that lets our pages embed it. The frame runs in an opaque origin, so its
 * module scripts are cross-origin requests: the hashed, public `/assets/*` files answer with
 * `Access-Control-Allow-Origin: *` (no credentials are involved).
 *
 * The lint worker's script gets a policy of its own too (LINT_WORKER_CSP): the one place where
 * code may be compiled at run time (Spectral's schema checks), with no network.
 *
 * `SPECFORM_CSP=off` (refused in production) serves every page without a Content-Security-Policy:
 * tests use it to show that the preview makes no request because of its own guards, not because
 * the CSP blocks it.
 */
export default fp(
  async (app) => {
    const tls = app.config.publicUrl.startsWith('https:');
    if (app.config.production && !tls) {
      app.log.warn({ publicUrl: app.config.publicUrl }, 'PUBLIC_URL is not https in production');
    }
    const directives: Record<string, string[] | null> = { ...CSP_DIRECTIVES };
    directives['upgrade-insecure-requests'] = tls ? [] : null;
    const cspOff = process.env.SPECFORM_CSP === 'off';
    if (cspOff && app.config.production) {
      throw new Error('SPECFORM_CSP=off is for tests only and is refused in production');
    }
    if (cspOff) app.log.warn('SPECFORM_CSP=off: no Content-Security-Policy (tests only)');
    const previewCsp = serializeCsp({
      ...PREVIEW_FRAME_CSP,
      ...(tls ? { 'upgrade-insecure-requests': [] } : {}),
    });
    const lintWorkerCsp = serializeCsp(LINT_WORKER_CSP);
    app.addHook('onSend', async (request, reply, payload) => {
      const pathname = request.url.split('?', 1)[0]!;
      if (pathname === PREVIEW_FRAME_PAGE) {
        if (cspOff) reply.removeHeader('content-security-policy');
        else reply.header('content-security-policy', previewCsp);
      } else if (pathname.startsWith('/assets/')) {
        reply.header('access-control-allow-origin', '*');
        if (LINT_WORKER_SCRIPT.test(pathname) && !cspOff) {
          reply.header('content-security-policy', lintWorkerCsp);
        }
      }
      return payload;
    });
    await app.register(helmet, {
      contentSecurityPolicy: cspOff ? false : { useDefaults: false, directives },
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
