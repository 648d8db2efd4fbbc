import { randomBytes, randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import {
  type JWK,
  type JWTPayload,
  SignJWT,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
} from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import type { AuthUser } from '../types';
import { createSessionCache } from './session-cache';

/** The only algorithm we sign with and accept: `none`, HS* and RS* are rejected by jose. */
export const TOKEN_ALGORITHM = 'EdDSA';

type Key = Awaited<ReturnType<typeof importJWK>>;

export interface SigningKey {
  kid: string;
  privateKey: Key;
  publicJwk: JWK;
}

/** Loads the signing key pair from the database, generating and storing it on first start. */
export async function loadSigningKey(db: Db): Promise<SigningKey> {
  const select = async () => {
    const { rows } = await db.query<{ kid: string; private_jwk: string; public_jwk: string }>(
      'SELECT kid, private_jwk, public_jwk FROM signing_keys WHERE alg = $1 ORDER BY created_at DESC, kid LIMIT 1',
      [TOKEN_ALGORITHM],
    );
    return rows[0];
  };
  let row = await select();
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALGORITHM, {
      crv: 'Ed25519',
      extractable: true,
    });
    const kid = randomBytes(12).toString('base64url');
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: TOKEN_ALGORITHM, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: TOKEN_ALGORITHM };
    await db.query(
      'INSERT INTO signing_keys (kid, alg, private_jwk, public_jwk) VALUES ($1, $2, $3, $4)',
      [kid, TOKEN_ALGORITHM, JSON.stringify(privateJwk), JSON.stringify(publicJwk)],
    );
    row = await select();
    if (!row) throw new Error('signing key was not stored');
  }
  const publicJwk = JSON.parse(row.public_jwk) as JWK;
  return {
    kid: row.kid,
    privateKey: await importJWK(JSON.parse(row.private_jwk) as JWK, TOKEN_ALGORITHM),
    publicJwk,
  };
}

/** The account fields that go into an access token. */
export interface TokenSubject {
  id: string;
  /** The session: the refresh-token family this access token belongs to (`sid` claim). */
  sessionId: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
}

export interface RefreshClaims {
  sub: string;
  sid: string;
  jti: string;
  exp: number;
}

export class InvalidTokenError extends Error {
  readonly statusCode = 401;
}

/** Issues and verifies the Keycloak-shaped access and refresh JWTs. */
export async function createTokenService(db: Db, config: Config) {
  const key = await loadSigningKey(db);
  const publicKey = await importJWK(key.publicJwk, TOKEN_ALGORITHM);
  const nowSeconds = () => Math.floor(config.now() / 1000);

  const sign = (payload: JWTPayload, iat: number, exp: number) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: key.kid, typ: 'JWT' })
      .setIssuer(config.publicUrl)
      .setAudience(config.tokenAudience)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key.privateKey);

  const verify = async (token: string, typ: 'Bearer' | 'Refresh', tolerance = 0) => {
    try {
      const { payload } = await jwtVerify(token, publicKey, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: config.publicUrl,
        audience: config.tokenAudience,
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: new Date(config.now()),
        clockTolerance: tolerance,
      });
      if (payload.typ !== typ) throw new Error(`not a ${typ} token`);
      return payload;
    } catch {
      throw new InvalidTokenError('Invalid token');
    }
  };

  return {
    jwks: { keys: [key.publicJwk] },

    /** Roles in the token: the stored ones, plus `admin` for ADMIN_EMAILS. */
    effectiveRoles(email: string, stored: string[]): string[] {
      const roles = new Set(stored);
      if (config.adminEmails.includes(email.toLowerCase())) roles.add('admin');
      return [...roles];
    },

    async accessToken(subject: TokenSubject): Promise<string> {
      const iat = nowSeconds();
      return sign(
        {
          sub: subject.id,
          typ: 'Bearer',
          sid: subject.sessionId,
          azp: config.tokenAudience,
          jti: randomUUID(),
          email: subject.email,
          email_verified: true,
          given_name: subject.firstName,
          family_name: subject.lastName,
          name: `${subject.firstName} ${subject.lastName}`,
          preferred_username: subject.email,
          realm_access: { roles: subject.roles },
        },
        iat,
        iat + config.accessTokenTtlSeconds,
      );
    },

    /** A refresh JWT for the family; `exp` is the sooner of idle and absolute expiry. */
    async refreshToken(
      userId: string,
      familyId: string,
      jti: string,
      issuedAt: Date,
      expiresAt: Date,
    ) {
      const iat = Math.floor(issuedAt.getTime() / 1000);
      return sign(
        { sub: userId, typ: 'Refresh', sid: familyId, jti, azp: config.tokenAudience },
        iat,
        Math.floor(expiresAt.getTime() / 1000),
      );
    },

    /** Checks signature and claims only; `authenticate` also checks that the session is live. */
    async verifyAccess(token: string): Promise<AuthUser & { sessionId: string }> {
      const payload = await verify(token, 'Bearer');
      const roles = (payload.realm_access as { roles?: unknown } | undefined)?.roles;
      if (
        typeof payload.email !== 'string' ||
        !Array.isArray(roles) ||
        typeof payload.sid !== 'string'
      ) {
        throw new InvalidTokenError('Invalid token');
      }
      return {
        id: payload.sub!,
        email: payload.email,
        roles: roles.map(String),
        sessionId: payload.sid,
      };
    },

    /** Verifies a refresh JWT; `ignoreExpiry` lets logout revoke an expired session too. */
    async verifyRefresh(token: string, ignoreExpiry = false): Promise<RefreshClaims> {
      const payload = await verify(token, 'Refresh', ignoreExpiry ? 10 * 365 * 86400 : 0);
      if (typeof payload.jti !== 'string' || typeof payload.sid !== 'string') {
        throw new InvalidTokenError('Invalid token');
      }
      return { sub: payload.sub!, sid: payload.sid, jti: payload.jti, exp: payload.exp! };
    },
  };
}

export type TokenService = Awaited<ReturnType<typeof createTokenService>>;

/** Random id carried by a refresh token (its hash is stored). */
export const newRefreshId = (): string => randomBytes(32).toString('base64url');

/** 401 for every route that needs a signed-in caller. */
const UNAUTHORIZED = { message: 'Unauthorized' };

export default fp(
  async (app) => {
    const tokens = await createTokenService(app.db, app.config);
    app.decorate('tokens', tokens);
    const sessions = createSessionCache({
      isActive: (id) => app.repos.refresh.isActive(id, new Date(app.config.now())),
      activeTtlMs: app.config.sessionCacheSeconds * 1000,
      now: app.config.now,
    });
    app.decorate('sessions', sessions);
    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+([A-Za-z0-9_.-]+)\s*$/i.exec(header);
      if (!match) {
        await reply.code(401).header('www-authenticate', 'Bearer').send(UNAUTHORIZED);
        return reply;
      }
      try {
        const { sessionId, ...user } = await tokens.verifyAccess(match[1]!);
        // A logged-out or reset session is refused at once, not when its token expires.
        if (!(await sessions.isActive(sessionId))) throw new InvalidTokenError('Session ended');
        request.user = user;
      } catch (error) {
        if (!(error instanceof InvalidTokenError)) throw error;
        await reply
          .code(401)
          .header('www-authenticate', 'Bearer error="invalid_token"')
          .send(UNAUTHORIZED);
        return reply;
      }
    });
  },
  { name: 'tokens', dependencies: ['db', 'repositories'] },
);
