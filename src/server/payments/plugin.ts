import type { FastifyPluginAsync } from 'fastify';

/**
 * Commerce: products, orders, payment providers, webhooks and the sandbox payment page.
 * Registered by app.ts after the database and `app.authenticate` are in place.
 */
const paymentsPlugin: FastifyPluginAsync = async (_app) => {
  // Routes are added as they land (products, orders, webhooks, sandbox page).
};

export default paymentsPlugin;
