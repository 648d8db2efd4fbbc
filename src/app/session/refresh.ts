import type { TokenPair } from '../../shared/api-types';
import {
  clearTokens,
  getAccessToken,
  getRefreshToken,
  isTokenUnexpired,
  storeTokens,
} from './tokens';

export const REFRESH_URL = '/api/public/v1/auth/refresh';

/** Why a refresh failed: no usable refresh token, server said no (or unreachable), or no token in the answer. */
export type RefreshFailure = 'missing' | 'rejected' | 'unreachable' | 'empty';

export class RefreshError extends Error {
  constructor(
    readonly kind: RefreshFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RefreshError';
  }
}

let inflight: Promise<string> | undefined;

/**
 * Exchanges the stored refresh token for a new pair and stores it; resolves to the new access
 * token. Concurrent callers share ONE request (the promise of the first caller).
 */
export function refreshAccessToken(): Promise<string> {
  inflight ??= runRefresh().finally(() => {
    inflight = undefined;
  });
  return inflight;
}

/** Name of the Web Lock that serialises refreshes across tabs of this site. */
const REFRESH_LOCK = 'specform-token-refresh';

/**
 * Refresh tokens rotate and a reused one revokes the whole family, so two tabs must never
 * present the same token. Tabs take turns under a Web Lock; a tab that finds the stored pair
 * changed while it waited uses the other tab's fresh access token instead of refreshing.
 */
function runRefresh(): Promise<string> {
  const seen = getRefreshToken();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return refreshNow(seen);
  return locks.request(REFRESH_LOCK, () => refreshNow(seen));
}

async function refreshNow(seen: string | undefined): Promise<string> {
  const refreshToken = getRefreshToken();
  const access = getAccessToken();
  if (refreshToken && refreshToken !== seen && access && isTokenUnexpired(access)) return access;
  if (!refreshToken || !isTokenUnexpired(refreshToken)) {
    clearTokens();
    throw new RefreshError('missing', 'Refresh token is missing');
  }
  let response: Response;
  try {
    response = await fetch(REFRESH_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
  } catch (error) {
    throw new RefreshError('unreachable', error instanceof Error ? error.message : 'Network Error');
  }
  if (!response.ok) {
    throw new RefreshError(
      'rejected',
      `Refresh failed with status ${response.status}`,
      response.status,
    );
  }
  let pair: Partial<TokenPair> | undefined;
  try {
    pair = (await response.json()) as Partial<TokenPair>;
  } catch {
    pair = undefined;
  }
  if (!pair?.accessToken || !pair.refreshToken) {
    throw new RefreshError('empty', 'No token received after refresh');
  }
  storeTokens({ accessToken: pair.accessToken, refreshToken: pair.refreshToken });
  return pair.accessToken;
}
