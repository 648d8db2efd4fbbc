import { useCallback, useEffect, useState } from 'react';
import type { CustomerProfile } from '../../shared/api-types';
import { PROFILE_CACHE_KEY } from '../session';
import { describeRequestFailure, logCallFailure, type RequestFailure } from './errors';
import { http } from './http';

/** Loads the signed-in customer's profile (`GET /api/v1/customer`) and caches it locally. */
export async function fetchCustomer(): Promise<CustomerProfile> {
  const profile = await http.get('/api/v1/customer').json<CustomerProfile>();
  try {
    localStorage.setItem(PROFILE_CACHE_KEY, JSON.stringify(profile));
  } catch {
    // storage unavailable: no cache
  }
  return profile;
}

/** The locally cached profile of the last successful `fetchCustomer()`, if any. */
export function getCachedCustomer(): CustomerProfile | undefined {
  try {
    const raw = localStorage.getItem(PROFILE_CACHE_KEY);
    if (!raw) return undefined;
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as CustomerProfile) : undefined;
  } catch {
    return undefined;
  }
}

/** Spec §4: active when the subscription's end lies in the future; anything missing is inactive. */
export function isSubscriptionActive(
  profile: CustomerProfile | undefined,
  nowMs: number = Date.now(),
): boolean {
  const until = profile?.subscription?.until;
  return typeof until === 'number' && Number.isFinite(until) && until * 1000 > nowMs;
}

/** A failed lookup of the profile. */
export interface CustomerFailure {
  error: unknown;
  /** Why the call failed, for the translated message (api/errors.ts). */
  failure?: RequestFailure;
}

export type CustomerState =
  | {
      status: 'loading';
      profile: CustomerProfile | undefined;
      /** The failure this load tries again after (`reload`), so a page can keep saying it. */
      retryOf?: CustomerFailure;
    }
  | { status: 'loaded'; profile: CustomerProfile }
  | {
      status: 'error';
      profile: CustomerProfile | undefined;
      error: unknown;
      /** Why the call failed, for the translated message (api/errors.ts). */
      failure?: RequestFailure;
    };

/** Fetches the profile on mount (showing the cached one meanwhile); `reload` fetches it again. */
export function useCustomer(): CustomerState & { reload: () => void } {
  const [state, setState] = useState<CustomerState>(() => ({
    status: 'loading',
    profile: getCachedCustomer(),
  }));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    fetchCustomer().then(
      (profile) => alive && setState({ status: 'loaded', profile }),
      async (error: unknown) => {
        if (!alive) return;
        logCallFailure('Loading the profile', error);
        const failure = await describeRequestFailure(error);
        if (alive) setState((prev) => ({ status: 'error', profile: prev.profile, error, failure }));
      },
    );
    return () => {
      alive = false;
    };
  }, [attempt]);
  const reload = useCallback(() => {
    setState((prev) => ({
      status: 'loading',
      profile: prev.profile,
      retryOf:
        prev.status === 'error'
          ? { error: prev.error, failure: prev.failure }
          : prev.status === 'loading'
            ? prev.retryOf
            : undefined,
    }));
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, reload };
}
