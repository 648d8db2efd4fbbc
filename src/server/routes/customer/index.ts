import type { FastifyPluginAsync } from 'fastify';
import type { CustomerProfile } from '../../../shared/api-types';
import { ErrorResponses } from '../schemas';

export const CustomerProfileSchema = {
  type: 'object',
  properties: {
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    balance: { type: 'number' },
    subscription: {
      type: 'object',
      properties: { until: { type: ['integer', 'null'] } },
      required: ['until'],
    },
  },
  required: ['firstName', 'lastName', 'email', 'balance', 'subscription'],
} as const;

/** The signed-in customer's profile (spec §7): `subscription.until` in Unix seconds. */
const customerRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/v1/customer',
    {
      preHandler: app.authenticate,
      schema: { response: { 200: CustomerProfileSchema, ...ErrorResponses } },
    },
    async (request, reply): Promise<CustomerProfile | undefined> => {
      const user = await app.repos.users.findById(request.user!.id);
      if (!user) {
        await reply.code(401).send({ message: 'Unauthorized' });
        return;
      }
      return {
        firstName: user.first_name,
        lastName: user.last_name,
        email: user.email,
        balance: 0,
        subscription: {
          until: user.subscription_until
            ? Math.floor(user.subscription_until.getTime() / 1000)
            : null,
        },
      };
    },
  );
};

export default customerRoutes;
