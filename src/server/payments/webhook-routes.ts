import type { FastifyPluginAsync } from 'fastify';
import type { Providers } from './providers';
import { applyPaymentEvent, type PaymentsDb } from './repository';
import type { ProviderName } from './types';

export interface WebhookRoutesOptions {
  db: PaymentsDb;
  providers: Providers;
}

/** Largest notification we read; T-Bank's and Cryptomus's are a few hundred bytes. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * `POST /api/public/v1/payments/{tbank,cryptomus,sandbox}/notify`. Encapsulated so that the
 * raw-body parser applies only here: signatures are checked on the bytes the provider sent.
 */
export const webhookRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (app, options) => {
  const { db, providers } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  for (const name of ['tbank', 'cryptomus', 'sandbox'] as const satisfies ProviderName[]) {
    // The signature is checked on the raw bytes: a charset label is the provider's business.
    app.post(`/${name}/notify`, { config: { anyCharset: true } }, async (request, reply) => {
      const provider = providers.byName(name);
      if (!provider) return reply.code(404).send({ message: 'Not found' });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const verified = provider.verifyNotification(raw, request.headers);
      if (!verified.ok) {
        request.log.warn({ provider: name, reason: verified.message }, 'notification refused');
        return reply.code(verified.statusCode).send({ message: verified.message });
      }
      const { event } = verified;
      const outcome = await applyPaymentEvent(db, name, event, raw.toString('utf8'));
      request.log.info(
        { provider: name, orderId: event.orderId, providerStatus: event.providerStatus, outcome },
        'notification handled',
      );
      if (
        outcome.kind === 'ignored' &&
        event.status === 'paid' &&
        !outcome.reason.endsWith('paid')
      ) {
        // Money for an order we closed (cancelled, failed) or do not know: a person must look.
        request.log.warn(
          { provider: name, orderId: event.orderId, reason: outcome.reason },
          'payment received for an order that cannot take it; needs manual review',
        );
      }
      if (outcome.kind === 'rejected') return reply.code(400).send({ message: outcome.message });
      return reply
        .code(200)
        .header('content-type', provider.acknowledgement.contentType)
        .send(provider.acknowledgement.body);
    });
  }
};
