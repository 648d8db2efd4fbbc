import type { FastifyPluginAsync } from 'fastify';
import { validatePassword } from '../../../shared/account';
import { type PasswordResetRequest } from '../../../shared/api-types';
import { passwordResetMail } from '../../mail/templates';
import { message, signUpMessage } from '../../messages';
import { authRateLimit } from '../../plugins/rate-limit';
import { VERIFICATION_TOKEN_PATTERN } from '../../repositories/verification-repository';
import { MAIL_COOLDOWN_MS } from '../registration';
import { mailRequestRoute } from '../mail-request';
import { ErrorResponses, MessageSchema, Password } from '../schemas';

/**
 * Password reset by e-mail: ask for a link (the same 202 whether or not the address
 * has an account), then set a new password with it. The link works once, for
 * PASSWORD_RESET_TTL_SECONDS, is built from PUBLIC_URL, and using it ends every session.
 */
const passwordRoutes: FastifyPluginAsync = async (app) => {
  const { config, repos, passwords, mailer } = app;
  const now = () => new Date(config.now());

  /** Mails a reset link if the address has an account (at most one a minute per account). */
  async function sendResetLink(email: string): Promise<void> {
    const user = await repos.users.findByEmail(email);
    if (!user) return;
    const last = await repos.passwordResets.lastIssuedAt(user.id);
    // At most one mail a minute per account, so the form cannot flood a mailbox.
    if (last && config.now() - last.getTime() < MAIL_COOLDOWN_MS) return;
    const expiresAt = new Date(config.now() + config.passwordResetTtlSeconds * 1000);
    const token = await repos.passwordResets.issue(user.id, now(), expiresAt);
    // Built from PUBLIC_URL, never from the Host header.
    const link = `${config.publicUrl}/reset-password/${token}`;
    const pending = user.verified_at ? undefined : await repos.verifications.latestPending(user.id);
    await mailer.send({
      to: user.email,
      link,
      ...passwordResetMail(
        pending?.firstName || user.first_name,
        link,
        Math.round(config.passwordResetTtlSeconds / 60),
      ),
    });
  }

  mailRequestRoute(app, '/api/public/v1/password/forgot', {
    job: 'password reset mail',
    answer: 'resetRequested',
    send: sendResetLink,
  });

  app.post<{ Body: PasswordResetRequest }>(
    '/api/public/v1/password/reset',
    {
      config: { rateLimit: authRateLimit(config) },
      schema: {
        body: {
          type: 'object',
          properties: { token: { type: 'string', maxLength: 512 }, password: Password },
          required: ['token', 'password'],
          additionalProperties: false,
        },
        response: { 200: MessageSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      if (!VERIFICATION_TOKEN_PATTERN.test(token)) {
        return reply.code(400).send(message(request, 'resetInvalid'));
      }
      // The shared sign-up rule, checked before the link is spent.
      const problem = validatePassword(password);
      if (problem) return reply.code(400).send(signUpMessage(request, 'password', problem));
      const passwordHash = await passwords.hash(password);
      const result = await repos.passwordResets.consume(token, passwordHash, now());
      switch (result.outcome) {
        case 'reset':
          // Every session's access tokens stop working now, not when they expire.
          app.sessions.revoked(result.revokedSessions);
          return reply.code(200).send(message(request, 'passwordReset'));
        case 'used':
          return reply.code(400).send(message(request, 'resetUsed'));
        default:
          return reply.code(404).send(message(request, 'resetNotFound'));
      }
    },
  );
};

export default passwordRoutes;
