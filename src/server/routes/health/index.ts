import type { FastifyPluginAsync } from 'fastify';
import { DbUnavailableError, isUnavailable } from '../../db';

/** `/readyz` answers within a second even when the database hangs (a probe must not hang). */
export const READY_TIMEOUT_MS = 800;

/** Rejects with DbUnavailableError when `task` takes longer than `ms`. */
async function within<T>(task: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new DbUnavailableError(new Error(`no answer in ${ms} ms`))),
      ms,
    );
  });
  try {
    return await Promise.race([task, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const StatusSchema = {
  type: 'object',
  properties: { status: { type: 'string' }, message: { type: 'string' } },
} as const;

/** Liveness (the process answers) and readiness (the database answers, within 800 ms). */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: { response: { 200: StatusSchema } } }, async () => ({
    status: 'ok',
  }));
  app.get(
    '/readyz',
    { schema: { response: { 200: StatusSchema, 503: StatusSchema } } },
    async (_request, reply) => {
      try {
        const ping = app.db.ping();
        // A late failure of an abandoned ping must not become an unhandled rejection.
        ping.catch(() => undefined);
        await within(ping, READY_TIMEOUT_MS);
        return { status: 'ready' };
      } catch (error) {
        if (!isUnavailable(error)) app.log.error({ err: error }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable', message: 'Database unavailable' });
      }
    },
  );
};

export default healthRoutes;
