import { jwtDecode } from 'jwt-decode';
import type { TokenPair } from '../../shared/api-types';

/** localStorage keys; each value is a JSON object `{ token }` (spec §3). */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

/** The claims the client reads (spec §3): expiry in seconds and realm roles. */
export interface TokenClaims {
  exp?: number;
  realm_access?: { roles?: string[] };
}

/** Decodes a JWT's payload; undefined when it cannot be decoded. */
export function decodeToken(token: string): TokenClaims | undefined {
  try {
    const claims = jwtDecode<TokenClaims>(token);
    return claims && typeof claims === 'object' ? claims : undefined;
  } catch {
    return undefined;
  }
}

/** True when the token decodes and its `exp` (seconds) lies after `nowMs`. */
export function isTokenUnexpired(token: string | undefined, nowMs = Date.now()): boolean {
  if (!token) return false;
  const claims = decodeToken(token);
  return typeof claims?.exp === 'number' && claims.exp * 1000 > nowMs;
}

function safeStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Reads a stored token. A value that is not a `{ token }` object holding a decodable JWT is
 * removed (spec §4: tokens that cannot be decoded are cleared).
 */
function readToken(key: string): string | undefined {
  const storage = safeStorage();
  const raw = storage?.getItem(key);
  if (raw == null) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && 'token' in parsed) {
      const token = (parsed as { token: unknown }).token;
      if (typeof token === 'string' && decodeToken(token)) return token;
    }
  } catch {
    // fall through: not JSON
  }
  storage?.removeItem(key);
  return undefined;
}

export function getAccessToken(): string | undefined {
  return readToken(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | undefined {
  return readToken(REFRESH_TOKEN_KEY);
}

export function storeTokens(pair: TokenPair): void {
  const storage = safeStorage();
  storage?.setItem(ACCESS_TOKEN_KEY, JSON.stringify({ token: pair.accessToken }));
  storage?.setItem(REFRESH_TOKEN_KEY, JSON.stringify({ token: pair.refreshToken }));
}

export function clearTokens(): void {
  const storage = safeStorage();
  storage?.removeItem(ACCESS_TOKEN_KEY);
  storage?.removeItem(REFRESH_TOKEN_KEY);
}
