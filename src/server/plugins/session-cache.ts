/** A session id is the UUID of a refresh-token family. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Most entries kept; the oldest go first. */
const MAX_ENTRIES = 50_000;

export interface SessionCacheOptions {
  /** Asks the database whether the session is live (not revoked, not expired). */
  isActive(sessionId: string): Promise<boolean>;
  /** How long a "live" answer is trusted, in milliseconds (0: ask every time). */
  activeTtlMs: number;
  now(): number;
}

/**
 * Whether the session (refresh family, the access token's `sid`) behind an access
 * token is still live. "Live" answers are cached for a few seconds so a burst of API calls costs
 * one query; "revoked" answers are kept (a session never comes back). A revocation in this
 * process (logout, password reset) is recorded here at once, so it takes effect immediately;
 * another instance sees it when its cached "live" answer runs out.
 */
export function createSessionCache(options: SessionCacheOptions) {
  const entries = new Map<string, { active: boolean; checkedAt: number }>();
  const remember = (id: string, active: boolean) => {
    entries.delete(id);
    entries.set(id, { active, checkedAt: options.now() });
    if (entries.size > MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };
  return {
    async isActive(sessionId: string): Promise<boolean> {
      if (!SESSION_ID.test(sessionId)) return false;
      const id = sessionId.toLowerCase();
      const cached = entries.get(id);
      if (cached && !cached.active) return false;
      if (cached && options.now() - cached.checkedAt < options.activeTtlMs) return true;
      const active = await options.isActive(id);
      remember(id, active);
      return active;
    },

    /** Records sessions revoked by this process; their access tokens stop working at once. */
    revoked(sessionIds: Iterable<string>): void {
      for (const id of sessionIds) remember(id.toLowerCase(), false);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
