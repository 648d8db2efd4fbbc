import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Email, ErrorResponses, MessageSchema } from '../schemas';

interface GrantBody {
  email: string;
}

interface AdminParams {
  id: string;
}

const AdminSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    configured: { type: 'boolean' },
  },
  required: ['id', 'email', 'firstName', 'lastName', 'configured'],
} as const;

/**
 * Admin-only API.
 * - `POST /api/v1/admin/grants` `{ email }` adds the `admin` role through the running server, so
 *   that nobody has to open the embedded database beside it.
 * - `GET /api/v1/admin/admins` lists the admin accounts.
 * - `DELETE /api/v1/admin/admins/:id` removes the role: refused (409) for the last admin and for
 *   an admin by ADMIN_EMAILS, which only the server's configuration can change.
 *
 * The access token's `admin` role is not trusted here: it lives up to five minutes after the role
 * is removed. Every admin request reads the role from the database (docs/decisions.md).
 */
const adminRoutes: FastifyPluginAsync = async (app) => {
  const configured = () => app.config.adminEmails.map((email) => email.toLowerCase());

  const requireAdmin = async (request: FastifyRequest, reply: FastifyReply) => {
    const account = request.user ? await app.repos.users.rolesOf(request.user.id) : undefined;
    if (!account || !app.tokens.effectiveRoles(account.email, account.roles).includes('admin')) {
      await reply.code(403).send({ message: 'Forbidden' });
      return reply;
    }
  };
  const preHandler = [app.authenticate, requireAdmin];

  app.post<{ Body: GrantBody }>(
    '/api/v1/admin/grants',
    {
      preHandler,
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

  app.get(
    '/api/v1/admin/admins',
    {
      preHandler,
      schema: { response: { 200: { type: 'array', items: AdminSchema }, ...ErrorResponses } },
    },
    async () =>
      (await app.repos.users.listAdmins(configured())).map((row) => ({
        id: row.id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        configured: row.configured,
      })),
  );

  app.delete<{ Params: AdminParams }>(
    '/api/v1/admin/admins/:id',
    {
      preHandler,
      schema: {
        params: {
          type: 'object',
          properties: {
            id: { type: 'string', pattern: '^[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$' },
          },
          required: ['id'],
          additionalProperties: false,
        },
        response: { 200: MessageSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const { outcome, email } = await app.repos.users.revokeAdmin(request.params.id, configured());
      switch (outcome) {
        case 'not-admin':
          return reply.code(404).send({ message: 'No admin account with this id' });
        case 'configured':
          return reply.code(409).send({
            message: `${email!} is an admin by the server's ADMIN_EMAILS setting; remove it there`,
          });
        case 'last':
          return reply
            .code(409)
            .send({ message: `${email!} is the last admin; grant the role to someone else first` });
        case 'revoked':
          request.log.info({ by: request.user!.id, email }, 'admin role revoked');
          return { message: `Revoked admin from ${email!}` };
      }
    },
  );
};

export default adminRoutes;
