import type { FastifyPluginAsync } from 'fastify';
import { type RegistrationRequest, type VerifyRequest, validateSignUp } from '../../../shared';
import { accountExistsMail, verificationMail } from '../../mail/templates';
import { message, signUpMessage } from '../../messages';
import { authRateLimit } from '../../plugins/rate-limit';
import { VERIFICATION_TOKEN_PATTERN } from '../../repositories/verification-repository';
import { Email, ErrorResponses, MessageSchema, Name, Password } from '../schemas';

const FIELD_ORDER = ['email', 'firstName', 'lastName', 'password', 'acceptTerms'] as const;

/** Sign-up and e-mail verification (spec §7, security.md §2, §3, §5). */
const registrationRoutes: FastifyPluginAsync = async (app) => {
  const { config, repos, passwords, mailer } = app;
  const now = () => new Date(config.now());

  app.post<{ Body: RegistrationRequest }>(
    '/api/public/v1/registration',
    {
      config: { rateLimit: authRateLimit(config) },
      schema: {
        body: {
          type: 'object',
          properties: {
            firstName: Name,
            lastName: Name,
            email: Email,
            password: Password,
            acceptTerms: { type: 'boolean' },
          },
          required: ['firstName', 'lastName', 'email', 'password', 'acceptTerms'],
          additionalProperties: false,
        },
        response: { 200: MessageSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const form = request.body;
      const { valid, errors } = validateSignUp(form);
      if (!valid) {
        const field = FIELD_ORDER.find((name) => errors[name])!;
        return reply.code(400).send(signUpMessage(request, field, errors[field]!));
      }
      // Hash first in every case, so that new and existing addresses take the same time.
      const passwordHash = await passwords.hash(form.password);
      const user = await repos.users.create({
        email: form.email,
        firstName: form.firstName,
        lastName: form.lastName,
        passwordHash,
      });
      if (user) {
        await sendVerification(user.id, user.email, user.first_name);
      } else {
        const existing = await repos.users.findByEmail(form.email);
        if (existing && !existing.verified_at) {
          // The owner may have lost the first e-mail: a fresh link, the password unchanged.
          await sendVerification(existing.id, existing.email, existing.first_name);
        } else if (existing) {
          await mailer.send({
            to: existing.email,
            ...accountExistsMail(existing.first_name, `${config.publicUrl}/login`),
          });
        }
      }
      return reply.code(200).send(message(request, 'registered'));
    },
  );

  async function sendVerification(userId: string, email: string, firstName: string) {
    const expiresAt = new Date(config.now() + config.verificationTtlSeconds * 1000);
    const token = await repos.verifications.issue(userId, expiresAt);
    // Built from PUBLIC_URL, never from the Host header.
    const link = `${config.publicUrl}/emailverification/${token}`;
    await mailer.send({
      to: email,
      link,
      ...verificationMail(firstName, link, Math.round(config.verificationTtlSeconds / 3600)),
    });
  }

  app.put<{ Body: VerifyRequest }>(
    '/api/public/v1/registration/verify',
    {
      config: { rateLimit: authRateLimit(config) },
      schema: {
        body: {
          type: 'object',
          properties: { uuid: { type: 'string', maxLength: 512 } },
          required: ['uuid'],
          additionalProperties: false,
        },
        response: { 200: MessageSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const token = request.body.uuid;
      if (!VERIFICATION_TOKEN_PATTERN.test(token)) {
        return reply.code(400).send(message(request, 'verifyInvalid'));
      }
      const result = await repos.verifications.consume(token, now());
      switch (result.outcome) {
        case 'verified':
          return reply.code(200).send(message(request, 'verified'));
        case 'used':
          return reply.code(400).send(message(request, 'verifyUsed'));
        default:
          return reply.code(404).send(message(request, 'verifyNotFound'));
      }
    },
  );
};

export default registrationRoutes;
