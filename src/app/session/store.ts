import { useSyncExternalStore } from 'react';
import {
  clearTokens,
  decodeToken,
  getAccessToken,
  getRefreshToken,
  isTokenUnexpired,
} from './tokens';

/** Login state of spec §4 "Auth". */
export interface SessionState {
  /** True while the stored tokens are being checked (guarded routes show 'Loading...'). */
  loading: boolean;
  /** A valid, unexpired refresh token is stored. */
  signedIn: boolean;
  /** A valid, unexpired access token carries the realm role `admin`. */
  isAdmin: boolean;
}

const INITIAL: SessionState = { loading: true, signedIn: false, isAdmin: false };
let state: SessionState = INITIAL;
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  if (
    next.loading === state.loading &&
    next.signedIn === state.signedIn &&
    next.isAdmin === state.isAdmin
  ) {
    return;
  }
  state = next;
  for (const listener of listeners) listener();
}

/** Reads the stored tokens (clearing undecodable ones) and derives the login state. */
export function readSessionFromStorage(nowMs = Date.now()): Omit<SessionState, 'loading'> {
  const refresh = getRefreshToken();
  const access = getAccessToken();
  const signedIn = isTokenUnexpired(refresh, nowMs);
  if (!signedIn && refresh) clearTokens();
  const roles = access ? (decodeToken(access)?.realm_access?.roles ?? []) : [];
  const isAdmin =
    signedIn && isTokenUnexpired(access, nowMs) && Array.isArray(roles) && roles.includes('admin');
  return { signedIn, isAdmin };
}

/** Recomputes the login state from storage and ends the loading phase. */
export function syncSession(): void {
  setState({ loading: false, ...readSessionFromStorage() });
}

export function getSessionState(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Back to the initial "loading" state; for tests. */
export function resetSessionState(): void {
  setState(INITIAL);
}

/** The current login state; re-renders when it changes. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}
