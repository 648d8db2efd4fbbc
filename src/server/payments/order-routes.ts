import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { OrderResponse, Product } from '../../shared/api-types';
import { toMajor } from './money';
import type { Providers } from './providers';
import {
  attachPayment,
  createOrder,
  findProduct,
  listProducts,
  toProduct,
  type OrderRow,
  type PaymentsDb,
} from './repository';
import {
  messageSchema,
  orderHeadersSchema,
  orderRequestSchema,
  orderResponseSchema,
  productSchema,
} from './schemas';
import { ProviderError } from './types';

export interface OrderRoutesOptions {
  db: PaymentsDb;
  providers: Providers;
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  orderRateLimit: { max: number; timeWindow: number };
}

/** How long the product list is served from memory; prices change only when a server starts. */
const PRODUCTS_CACHE_MS = 5_000;

/** `GET /api/public/v1/products` and `POST /api/v1/customer/products/order` (spec §7). */
export const orderRoutes: FastifyPluginAsync<OrderRoutesOptions> = async (app, options) => {
  const { db, providers } = options;
  let cache: { at: number; products: Product[] } | undefined;

  app.get(
    '/api/public/v1/products',
    { schema: { response: { 200: { type: 'array', items: productSchema } } } },
    async () => {
      const now = Date.now();
      if (!cache || now - cache.at > PRODUCTS_CACHE_MS) {
        const rows = await listProducts(db);
        cache = {
          at: now,
          // A type nobody can take payments for is not offered.
          products: rows.filter((row) => providers.forType(row.paymentType)).map(toProduct),
        };
      }
      return cache.products;
    },
  );

  app.post<{ Body: { plan?: string }; Headers: { 'idempotency-key'?: string } }>(
    '/api/v1/customer/products/order',
    {
      // Authenticate before the body is even parsed: strangers get 401 whatever they send.
      onRequest: options.authenticate,
      // An absent body is a missing plan, answered with the spec's message below.
      preValidation: async (request) => {
        request.body ??= {};
      },
      config: { rateLimit: options.orderRateLimit },
      schema: {
        headers: orderHeadersSchema,
        body: orderRequestSchema,
        response: {
          200: orderResponseSchema,
          400: messageSchema,
          404: messageSchema,
          422: messageSchema,
          502: messageSchema,
          503: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) return reply.code(401).send({ message: 'Unauthorized' });
      const plan = request.body.plan?.trim() ?? '';
      if (plan === '') return reply.code(400).send({ message: 'Product ID is required' });

      const product = await findProduct(db, plan);
      if (!product) return reply.code(404).send({ message: 'Product not found' });
      const provider = providers.forType(product.paymentType);
      if (!provider) {
        return reply.code(503).send({ message: 'This payment type is not available right now' });
      }

      const idempotencyKey = request.headers['idempotency-key'] ?? null;
      const { order, created } = await createOrder(db, {
        userId: user.id,
        product,
        provider: provider.name,
        idempotencyKey,
      });
      if (!created && order.productId !== product.id) {
        return reply
          .code(422)
          .send({ message: 'This Idempotency-Key was already used for another plan' });
      }
      if (order.paymentUrl !== null) return toOrderResponse(order);

      // The order's provider, not today's choice: a retry must reach the same payment.
      const orderProvider = providers.byName(order.provider);
      if (!orderProvider) {
        return reply.code(503).send({ message: 'This payment type is not available right now' });
      }
      let payment;
      try {
        payment = await orderProvider.createPayment({
          id: order.id,
          productId: order.productId,
          months: order.months,
          amountMinor: order.amountMinor,
          currency: order.currency,
          // Shown on the provider's payment form, mostly to Russian-speaking payers.
          description: `Specform: подписка на ${order.months} мес. / ${order.months}-month subscription`,
        });
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        request.log.error({ err: error, orderId: order.id }, 'payment provider refused the order');
        return reply
          .code(502)
          .send({ message: 'The payment provider is not available, please try again later' });
      }
      const stored = await attachPayment(db, order.id, payment);
      request.log.info(
        { orderId: order.id, provider: order.provider, productId: order.productId },
        'order created',
      );
      return toOrderResponse(stored);
    },
  );
};

function toOrderResponse(order: OrderRow): OrderResponse {
  const total = toMajor(order.amountMinor);
  return {
    order: order.id,
    status: order.status,
    tokensRequested: order.months,
    pricePerToken: Math.round(order.amountMinor / order.months) / 100,
    priceTotal: total,
    url: order.paymentUrl ?? '',
  };
}
