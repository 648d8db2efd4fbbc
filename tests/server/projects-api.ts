/**
 * The projects API as the tests call it: `/api/v1/customer/projects` through `inject`, with a
 * signed-in user's bearer token (and If-Match where a save names its base revision).
 */
import type { ProjectLimits, ProjectRevisionSummary } from '../../src/shared/projects';
import { bearer, type signedInUser, type TestApp } from './helpers';

type User = Awaited<ReturnType<typeof signedInUser>>;

const BASE = '/api/v1/customer/projects';

export function projectsApi(t: TestApp, user: User) {
  const headers = (extra: Record<string, string> = {}) => ({
    ...bearer(user.tokens.accessToken),
    ...extra,
  });
  const ifMatch = (revision?: string) =>
    headers(revision === undefined ? {} : { 'if-match': revision });
  return {
    list: () => t.app.inject({ method: 'GET', url: BASE, headers: headers() }),
    create: (payload: unknown, extra?: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: BASE,
        headers: headers(extra),
        payload: payload as Record<string, unknown>,
      }),
    get: (id: string) => t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: headers() }),
    put: (id: string, payload: unknown, revision?: string) =>
      t.app.inject({
        method: 'PUT',
        url: `${BASE}/${id}`,
        headers: ifMatch(revision),
        payload: payload as Record<string, unknown>,
      }),
    patch: (id: string, payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `${BASE}/${id}`,
        headers: headers(),
        payload: payload as Record<string, unknown>,
      }),
    remove: (id: string) =>
      t.app.inject({ method: 'DELETE', url: `${BASE}/${id}`, headers: headers() }),
    duplicate: (id: string) =>
      t.app.inject({ method: 'POST', url: `${BASE}/${id}/duplicate`, headers: headers() }),
    revisions: (id: string) =>
      t.app.inject({ method: 'GET', url: `${BASE}/${id}/revisions`, headers: headers() }),
    /** The project's versions as the server lists them (newest first). */
    history: async (id: string) =>
      (
        await t.app.inject({ method: 'GET', url: `${BASE}/${id}/revisions`, headers: headers() })
      ).json<ProjectRevisionSummary[]>(),
    revision: (id: string, rev: number) =>
      t.app.inject({ method: 'GET', url: `${BASE}/${id}/revisions/${rev}`, headers: headers() }),
    name: (id: string, rev: number, name: string | null) =>
      t.app.inject({
        method: 'PATCH',
        url: `${BASE}/${id}/revisions/${rev}`,
        headers: headers(),
        payload: { name },
      }),
    limits: async () =>
      (
        await t.app.inject({ method: 'GET', url: `${BASE}/limits`, headers: headers() })
      ).json<ProjectLimits>(),
    getRuleset: (id: string) =>
      t.app.inject({ method: 'GET', url: `${BASE}/${id}/ruleset`, headers: headers() }),
    putRuleset: (id: string, payload: unknown, revision?: string) =>
      t.app.inject({
        method: 'PUT',
        url: `${BASE}/${id}/ruleset`,
        headers: ifMatch(revision),
        payload: payload as Record<string, unknown>,
      }),
  };
}

export type ProjectsApi = ReturnType<typeof projectsApi>;
