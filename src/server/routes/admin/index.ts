import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Email, ErrorResponses, MessageSchema } from '../schemas';

interface GrantBody {
  email: string;
}

/**
 * Admin-only API (issue 13 §1). `POST /api/v1/admin/grants` `{ email }` adds the `admin` role
 * through the running server, so that nobody has to open the embedded database beside it.
 */
const adminRoutes: FastifyPluginAsync = async (app) => {
  const requireAdmin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user?.roles.includes('admin')) {
      await reply.code(403).send({ message: 'Forbidden' });
      return reply;
    }
  };

  app.post<{ Body: GrantBody }>(
    '/api/v1/admin/grants',
    {
      preHandler: [app.authenticate, requireAdmin],
      schema: {
        body: {
          type: 'object',
          properties: { email: { ...Email, minLength: 3 } },
          required: ['email'],
          additionalProperties: false,
        },
        response: { 200: MessageSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const granted = await app.repos.users.grantRole(email, 'admin');
      if (!granted) return reply.code(404).send({ message: `No account with e-mail ${email}` });
      request.log.info({ by: request.user!.id, email }, 'admin role granted');
      return { message: `Granted admin to ${email} (effective from the next login or refresh)` };
    },
  );
};

export default adminRoutes;
