import type { FastifyPluginAsync } from 'fastify';
import { validateSignUp } from '../../../shared/account';
import { type RegistrationRequest, type VerifyRequest } from '../../../shared/api-types';
import { accountExistsMail, verificationMail } from '../../mail/templates';
import { message, signUpMessage } from '../../messages';
import { authRateLimit } from '../../plugins/rate-limit';
import {
  type PendingRegistration,
  VERIFICATION_TOKEN_PATTERN,
} from '../../repositories/verification-repository';
import { mailRequestRoute } from '../mail-request';
import { Email, ErrorResponses, MessageSchema, Name, Password } from '../schemas';

/** At most one verification or reset mail a minute per account (besides the per-IP limit). */
export const MAIL_COOLDOWN_MS = 60_000;

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
      // The password and names wait with the link until it is used (the address is unproven).
      const pending = { passwordHash, firstName: form.firstName, lastName: form.lastName };
      const user = await repos.users.create({
        email: form.email,
        firstName: form.firstName,
        lastName: form.lastName,
        passwordHash: null,
      });
      if (user) {
        await sendVerification(user.id, user.email, form.firstName, pending);
      } else {
        const existing = await repos.users.findByEmail(form.email);
        if (existing && !existing.verified_at) {
          // A fresh link that activates this registration's password; earlier links keep
          // activating their own until one of them is used.
          await sendVerification(existing.id, existing.email, form.firstName, pending);
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

  async function sendVerification(
    userId: string,
    email: string,
    firstName: string,
    pending: PendingRegistration | null,
  ) {
    const expiresAt = new Date(config.now() + config.verificationTtlSeconds * 1000);
    const token = await repos.verifications.issue(userId, now(), expiresAt, pending);
    // Built from PUBLIC_URL, never from the Host header.
    const link = `${config.publicUrl}/emailverification/${token}`;
    await mailer.send({
      to: email,
      link,
      ...verificationMail(firstName, link, Math.round(config.verificationTtlSeconds / 3600)),
    });
  }

  /** Mails a new link if the address has an unverified account (at most one a minute). */
  async function resendVerification(email: string): Promise<void> {
    const user = await repos.users.findByEmail(email);
    if (!user || user.verified_at) return;
    const last = await repos.verifications.lastIssuedAt(user.id);
    if (last && config.now() - last.getTime() < MAIL_COOLDOWN_MS) return;
    // The latest registration's password travels on ("the later one wins").
    const pending = await repos.verifications.latestPending(user.id);
    await sendVerification(
      user.id,
      user.email,
      pending?.firstName || user.first_name,
      pending ?? null,
    );
  }

  /**
   * A new verification link for an account still waiting for one. The same 202
   * for any e-mail; per IP rate-limited, and at most one mail a minute per account.
   */
  mailRequestRoute(app, '/api/public/v1/registration/resend', {
    job: 'verification resend',
    answer: 'resendSent',
    send: resendVerification,
  });

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
