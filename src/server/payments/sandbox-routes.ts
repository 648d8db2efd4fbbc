import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Providers } from './providers';
import { SANDBOX_SIGNATURE_HEADER, signSandboxNotification } from './providers/sandbox';
import { findOrder, type PaymentsDb } from './repository';
import { renderSandboxPage, SANDBOX_CSP } from './sandbox-page';
import { orderIdParamsSchema } from './schemas';
import { notifyPath } from './types';

export interface SandboxRoutesOptions {
  db: PaymentsDb;
  providers: Providers;
  publicUrl: string;
  sandboxKey: string;
}

type Params = { Params: { orderId: string } };

/**
 * The sandbox payment page `GET /sandbox/pay/:orderId` and its two form posts. Pay and Cancel
 * sign a notification with the server-side key and deliver it to the sandbox webhook route —
 * the same code path, signature check included, that a real provider's notification takes.
 */
export const sandboxRoutes: FastifyPluginAsync<SandboxRoutesOptions> = async (app, options) => {
  const { db, providers, publicUrl, sandboxKey } = options;
  const publicOrigin = new URL(publicUrl).origin;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const loadOrder = async (request: FastifyRequest<Params>, reply: FastifyReply) => {
    const order = await findOrder(db, request.params.orderId);
    if (!order || order.provider !== 'sandbox' || !providers.byName('sandbox')) {
      await reply.code(404).send({ message: 'Order not found' });
      return undefined;
    }
    return order;
  };

  app.get<Params>(
    '/sandbox/pay/:orderId',
    { schema: { params: orderIdParamsSchema } },
    async (request, reply) => {
      const order = await loadOrder(request, reply);
      if (!order) return reply;
      return (
        reply
          .header('content-security-policy', SANDBOX_CSP)
          // Same-origin form posts then carry our Origin; other sites learn nothing.
          .header('referrer-policy', 'same-origin')
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(renderSandboxPage(order, publicUrl))
      );
    },
  );

  for (const action of ['pay', 'cancel'] as const) {
    app.post<Params>(
      `/sandbox/pay/:orderId/${action}`,
      { schema: { params: orderIdParamsSchema } },
      async (request, reply) => {
        // A form on another site must not be able to pay or cancel somebody's order. An opaque
        // origin ("null": sandboxed frames, data: pages) counts as foreign.
        const origin = request.headers.origin;
        const site = request.headers['sec-fetch-site'];
        const foreignOrigin =
          origin !== undefined &&
          origin !== publicOrigin &&
          !sameHost(origin, request.headers.host);
        if (foreignOrigin || (site !== undefined && site !== 'same-origin' && site !== 'none')) {
          return reply.code(403).send({ message: 'Cross-origin form posts are refused' });
        }
        const order = await loadOrder(request, reply);
        if (!order) return reply;
        const { body, signature } = signSandboxNotification(
          order,
          action === 'pay' ? 'paid' : 'cancelled',
          sandboxKey,
        );
        const delivered = await app.inject({
          method: 'POST',
          url: notifyPath('sandbox'),
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
          payload: body,
        });
        if (delivered.statusCode !== 200) {
          request.log.error(
            { orderId: order.id, statusCode: delivered.statusCode, body: delivered.body },
            'sandbox notification was not accepted',
          );
          return reply.code(502).send({ message: 'The sandbox notification was not accepted' });
        }
        // Post/redirect/get: the page now shows the new state, and a reload posts nothing.
        return reply.code(303).header('location', `/sandbox/pay/${order.id}`).send();
      },
    );
  }
};

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
