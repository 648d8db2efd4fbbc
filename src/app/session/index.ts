import type { TokenPair } from '../../shared/api-types';
import { PROFILE_CACHE_KEY, UNAUTHORIZED_EVENT } from './keys';
import { RefreshError, refreshAccessToken } from './refresh';
import { saveReturnUrl } from './return-url';
import { resetSessionState, syncSession } from './store';
import {
  clearTokens,
  getAccessToken,
  getRefreshToken,
  isTokenUnexpired,
  storeTokens,
} from './tokens';

export {
  useSession,
  syncSession,
  getSessionState,
  resetSessionState,
  type SessionState,
} from './store';
export { getAccessToken, getRefreshToken } from './tokens';
export { refreshAccessToken, RefreshError } from './refresh';
export { peekReturnUrl, clearReturnUrl, saveReturnUrl } from './return-url';
export { UNAUTHORIZED_EVENT, PROFILE_CACHE_KEY } from './keys';

/** Why the user was sent to the login page: `/login?reason=…`. */
export type LogoutReason = 'refresh_failed' | 'session_expired';

/** The one place that leaves the page; replaceable in tests, where happy-dom cannot navigate. */
export const browserLocation = {
  replace(url: string): void {
    window.location.replace(url);
  },
};

/** Set once a forced logout has sent the page to /login, so concurrent failures redirect once. */
let leaving = false;

/** Stores the pair from login and marks the user signed in. */
export function login(pair: TokenPair): void {
  leaving = false;
  storeTokens(pair);
  syncSession();
}

/** Clears tokens and cached profile locally, and asks the server to revoke the refresh family. */
export function logout(): void {
  const refreshToken = getRefreshToken();
  clearTokens();
  try {
    localStorage.removeItem(PROFILE_CACHE_KEY);
  } catch {
    // storage unavailable
  }
  syncSession();
  if (refreshToken) {
    void fetch('/api/public/v1/auth/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
      keepalive: true,
    }).catch(() => undefined);
  }
}

/**
 * Ends the session after a failed refresh (spec §4 "Session"): logout, the unauthorized event,
 * the current page saved as the return URL, and `/login` replacing the location.
 */
export function forceLogout(reason: LogoutReason): void {
  const first = !leaving;
  // Set before logout() tells React the user is signed out: see isLeaving().
  leaving = true;
  logout();
  if (!first) return;
  window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT, { detail: { reason } }));
  const { pathname, search, hash } = window.location;
  saveReturnUrl(`${pathname}${search}${hash}`);
  browserLocation.replace(`/login?reason=${reason}&t=${Date.now()}`);
}

/**
 * Whether a forced logout is sending the page to /login. Guards then render a loading state, not
 * their own client-side redirect: otherwise the login page would flash without its reason
 * message, and be on screen, for the moment before `location.replace` loads it with one.
 */
export function isLeaving(): boolean {
  return leaving;
}

/** The logout reason for a failed refresh. */
export function reasonFor(error: unknown): LogoutReason {
  return error instanceof RefreshError && error.kind === 'missing'
    ? 'session_expired'
    : 'refresh_failed';
}

let started: Promise<void> | undefined;

/**
 * The initial login check. When the refresh token is valid but the access token has expired,
 * it refreshes first, so roles (admin) are known before guarded routes render. A refused
 * refresh signs the user out quietly (no redirect from public pages); an unreachable server
 * keeps the tokens.
 */
export function initSession(): Promise<void> {
  started ??= (async () => {
    if (isTokenUnexpired(getRefreshToken()) && !isTokenUnexpired(getAccessToken())) {
      try {
        await refreshAccessToken();
      } catch (error) {
        if (error instanceof RefreshError && error.kind !== 'unreachable') clearTokens();
      }
    }
    syncSession();
  })();
  return started;
}

/** Forgets the initial check; for tests. */
export function resetSessionForTests(): void {
  started = undefined;
  leaving = false;
  resetSessionState();
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === 'accessToken' || event.key === 'refreshToken') {
      if (started) syncSession();
    }
  });
}
