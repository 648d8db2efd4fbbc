import type { FastifyPluginAsync } from 'fastify';
import {
  EMAIL_NOT_VERIFIED,
  type LoginRequest,
  type RefreshRequest,
  type TokenPair,
} from '../../../shared/api-types';
import type { Db } from '../../db';
import { message } from '../../messages';
import { authRateLimit } from '../../plugins/rate-limit';
import { InvalidTokenError, newRefreshId } from '../../plugins/tokens';
import type { UserRow } from '../../repositories/users-repository';
import {
  CodedMessageSchema,
  Email,
  ErrorResponses,
  Jwt,
  Password,
  TokenPairSchema,
} from '../schemas';

/** Login, refresh rotation and logout (spec §7, security.md §3, §4, §6, §7). */
/** The body of refresh and logout: one refresh token. */
const RefreshBody = {
  type: 'object',
  properties: { refreshToken: Jwt },
  required: ['refreshToken'],
  additionalProperties: false,
} as const;

const authRoutes: FastifyPluginAsync = async (app) => {
  const { config, repos, passwords, tokens, db } = app;
  const now = () => new Date(config.now());

  /** What a pair needs once its refresh id is stored. */
  interface StoredPair {
    user: UserRow;
    familyId: string;
    jti: string;
    /** When the pair was issued: its refresh token's `iat`, from the clock read its expiry is. */
    issuedAt: Date;
    expiresAt: Date;
  }

  /**
   * Stores the refresh id of a new pair; no `family` means a new login (a new family). Signing
   * happens after the transaction (`signPair`), so no connection is held during crypto.
   */
  async function storePair(
    user: UserRow,
    tx: Db,
    family?: { id: string; expiresAt: Date },
  ): Promise<StoredPair> {
    // One clock read: the token's `iat` and its expiries are seconds apart exactly.
    const at = config.now();
    const issuedAt = new Date(at);
    const absolute = family?.expiresAt ?? new Date(at + config.refreshAbsoluteSeconds * 1000);
    const familyId =
      family?.id ?? (await repos.refresh.createFamily(user.id, issuedAt, absolute, tx));
    const idle = new Date(at + config.refreshIdleSeconds * 1000);
    const expiresAt = idle < absolute ? idle : absolute;
    const jti = newRefreshId();
    await repos.refresh.addToken(familyId, jti, issuedAt, expiresAt, tx);
    return { user, familyId, jti, issuedAt, expiresAt };
  }

  async function signPair({
    user,
    familyId,
    jti,
    issuedAt,
    expiresAt,
  }: StoredPair): Promise<TokenPair> {
    const [accessToken, refreshToken] = await Promise.all([
      tokens.accessToken({
        id: user.id,
        email: user.email,
        firstName: user.first_name,
        lastName: user.last_name,
        roles: tokens.effectiveRoles(user.email, user.roles),
        sessionId: familyId,
      }),
      tokens.refreshToken(user.id, familyId, jti, issuedAt, expiresAt),
    ]);
    return { accessToken, refreshToken };
  }

  app.post<{ Body: LoginRequest }>(
    '/api/public/v1/auth/login',
    {
      config: { rateLimit: authRateLimit(config) },
      schema: {
        body: {
          type: 'object',
          properties: { email: Email, password: Password },
          required: ['email', 'password'],
          additionalProperties: false,
        },
        response: { 200: TokenPairSchema, 403: CodedMessageSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Unknown e-mail, wrong password, locked and unverified-with-a-wrong-password all get this
      // same answer; only the right password of an unverified account hears more.
      const fail = () => reply.code(401).send(message(request, 'loginFailed'));
      // Known and unknown addresses take the same path to the answer, so timing tells nothing:
      // one lookup, two counted writes before the password check (the decoy's for an unknown
      // address), one hash verification. Only what happens after a right password differs.
      const user = await repos.users.findForLogin(email);
      if (!user) {
        await repos.users.reserveDecoyAttempt(email, request.ip, now(), config.lockout);
        await passwords.verifyDummy(password);
        return fail();
      }
      // Counted before the password is checked, in one atomic statement per counter (no race).
      const { locked } = await repos.users.reserveLoginAttempt(
        user.id,
        request.ip,
        now(),
        config.lockout,
      );
      // Before verification the account's password is the latest registration's.
      const hash = user.verified_at ? user.password_hash : user.pending_password_hash;
      let ok = false;
      if (hash) ok = await passwords.verify(hash, password);
      else await passwords.verifyDummy(password);
      if (locked || !ok) return fail();
      await repos.users.loginSucceeded(user.id, request.ip);
      if (!user.verified_at) {
        return reply
          .code(403)
          .send({ ...message(request, 'notVerified'), code: EMAIL_NOT_VERIFIED });
      }
      if (passwords.needsRehash(hash!)) {
        await repos.users.updatePasswordHash(user.id, await passwords.hash(password));
      }
      return signPair(await db.transaction((tx) => storePair(user, tx)));
    },
  );

  app.post<{ Body: RefreshRequest }>(
    '/api/public/v1/auth/refresh',
    {
      config: { rateLimit: authRateLimit(config) },
      schema: {
        body: RefreshBody,
        response: { 200: TokenPairSchema, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const fail = () => reply.code(401).send(message(request, 'invalidRefresh'));
      let claims;
      try {
        claims = await tokens.verifyRefresh(request.body.refreshToken);
      } catch (error) {
        if (error instanceof InvalidTokenError) return fail();
        throw error;
      }
      let reusedFamily: string | undefined;
      const stored = await db.transaction(async (tx) => {
        const used = await repos.refresh.use(claims.jti, now(), tx);
        if (used.outcome === 'reused') reusedFamily = used.familyId;
        if (used.outcome !== 'rotated' || used.user?.id !== claims.sub) return undefined;
        return storePair(used.user, tx, { id: used.familyId!, expiresAt: used.familyExpiresAt! });
      });
      // A replayed refresh token revoked its session: its access tokens die now too.
      if (reusedFamily) app.sessions.revoked([reusedFamily]);
      return stored ? signPair(stored) : fail();
    },
  );

  app.post<{ Body: RefreshRequest }>(
    '/api/public/v1/auth/logout',
    {
      config: { rateLimit: authRateLimit(config) },
      schema: {
        body: RefreshBody,
        response: { ...ErrorResponses },
      },
    },
    async (request, reply) => {
      let claims;
      try {
        claims = await tokens.verifyRefresh(request.body.refreshToken, true);
      } catch (error) {
        if (error instanceof InvalidTokenError) {
          return reply.code(401).send(message(request, 'invalidRefresh'));
        }
        throw error;
      }
      const revoked = await repos.refresh.revokeFamilyOf(claims.jti, now());
      // The session's access tokens stop working now, not when they expire.
      if (revoked) app.sessions.revoked([revoked]);
      return reply.code(204).send();
    },
  );
};

export default authRoutes;
