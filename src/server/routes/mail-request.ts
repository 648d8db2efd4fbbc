import type { FastifyInstance } from 'fastify';
import { isValidEmail } from '../../shared/account';
import type { EmailRequest } from '../../shared/api-types';
import { message, type MessageKey } from '../messages';
import { authRateLimit } from '../plugins/rate-limit';
import { Email, ErrorResponses, MessageSchema } from './schemas';

/**
 * A route that takes an e-mail address and asks for a mail to it (a reset link, a new
 * verification link). The answer is the same 202 whether or not the address has an account, and
 * it comes in the same time either way: the lookup and the mail run after the answer, in the
 * background (`job` names them in its log; tasks of one address run in order).
 */
export function mailRequestRoute(
  app: FastifyInstance,
  url: string,
  options: { job: string; answer: MessageKey; send: (address: string) => Promise<void> },
): void {
  app.post<{ Body: EmailRequest }>(
    url,
    {
      config: { rateLimit: authRateLimit(app.config) },
      schema: {
        body: {
          type: 'object',
          properties: { email: Email },
          required: ['email'],
          additionalProperties: false,
        },
        response: { 202: MessageSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const address = request.body.email.trim();
      if (isValidEmail(address)) {
        app.background.run(options.job, () => options.send(address), address.toLowerCase());
      }
      return reply.code(202).send(message(request, options.answer));
    },
  );
}
