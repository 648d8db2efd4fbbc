import type { FastifyPluginAsync } from 'fastify';
import { isUnavailable } from '../../db';

const StatusSchema = {
  type: 'object',
  properties: { status: { type: 'string' }, message: { type: 'string' } },
} as const;

/** Liveness (the process answers) and readiness (the database answers). */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: { response: { 200: StatusSchema } } }, async () => ({
    status: 'ok',
  }));
  app.get(
    '/readyz',
    { schema: { response: { 200: StatusSchema, 503: StatusSchema } } },
    async (_request, reply) => {
      try {
        await app.db.ping();
        return { status: 'ready' };
      } catch (error) {
        if (!isUnavailable(error)) app.log.error({ err: error }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable', message: 'Database unavailable' });
      }
    },
  );
};

export default healthRoutes;
