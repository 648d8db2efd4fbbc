import { i18n } from '@lingui/core';
import { isHTTPError } from 'ky';
import type {
  Project,
  ProjectLimits,
  ProjectRevision,
  ProjectRevisionSummary,
  ProjectRuleset,
  ProjectSummary,
  RevisionReason,
} from '../../shared/projects';
import { generatorClient } from '../core/generator-client';
import { http } from './http';

/**
 * Saved projects (`/api/v1/customer/projects`). Bodies are built around the document
 * text (one string escape, never a stringify of an object tree); large ones by the document
 * worker (generator-client `uploadBody`). The HTTP call stays here, with the page's token.
 */
const BASE = '/api/v1/customer/projects';

/** The server answers its messages in the app's language. */
const language = () => ({ 'accept-language': i18n.locale || 'en' });

const json = { 'content-type': 'application/json' };

export function listProjects(): Promise<ProjectSummary[]> {
  return http.get(BASE, { headers: language() }).json<ProjectSummary[]>();
}

export function projectLimits(): Promise<ProjectLimits> {
  return http.get(`${BASE}/limits`, { headers: language() }).json<ProjectLimits>();
}

export function getProject(id: string): Promise<Project> {
  return http
    .get(`${BASE}/${encodeURIComponent(id)}`, {
      headers: language(),
      // Measured: for a 10 MB document this parse is the one main-thread step of reading it.
      parseJson: (text) => {
        const start = performance.now();
        const value: unknown = JSON.parse(text);
        performance.measure('specform:project-parse', { start, end: performance.now() });
        return value;
      },
    })
    .json<Project>();
}

export async function createProject(fields: {
  name: string;
  content: string;
  viewStateJson?: string | null;
}): Promise<{ id: string; revision: number }> {
  const body = await generatorClient().uploadBody(fields);
  return http
    .post(BASE, { headers: { ...json, ...language() }, body })
    .json<{ id: string; revision: number }>();
}

/**
 * A save based on `baseRevision`; a stale one rejects with an HTTPError of status 412. The
 * `revisionReason` (default `autosave`) tells the history whether this save starts a version.
 */
export async function saveProject(
  id: string,
  baseRevision: number,
  fields: {
    content: string;
    viewStateJson?: string | null;
    name?: string;
    revisionReason?: RevisionReason;
    editSession?: string;
  },
): Promise<{ revision: number; updatedAt: string }> {
  const body = await generatorClient().uploadBody(fields);
  return http
    .put(`${BASE}/${encodeURIComponent(id)}`, {
      headers: { ...json, ...language(), 'if-match': `"${baseRevision}"` },
      body,
    })
    .json<{ revision: number; updatedAt: string }>();
}

/** Creates a project from an upload body built by the document's core (its name in it). */
export function createProjectFromBody(
  body: Blob | string,
): Promise<{ id: string; revision: number }> {
  return http
    .post(BASE, { headers: { ...json, ...language() }, body })
    .json<{ id: string; revision: number }>();
}

/**
 * A save of an upload body built by the document's core, based on `baseRevision` (its reason
 * and editing session are in it); a stale one rejects with an HTTPError of status 412.
 */
export function putProjectBody(
  id: string,
  baseRevision: number,
  body: Blob | string,
): Promise<{ revision: number; updatedAt: string }> {
  return http
    .put(`${BASE}/${encodeURIComponent(id)}`, {
      headers: { ...json, ...language(), 'if-match': `"${baseRevision}"` },
      body,
    })
    .json<{ revision: number; updatedAt: string }>();
}

export function renameProject(id: string, name: string): Promise<unknown> {
  return http
    .patch(`${BASE}/${encodeURIComponent(id)}`, { headers: language(), json: { name } })
    .json();
}

export function duplicateProject(id: string): Promise<{ id: string; revision: number }> {
  return http
    .post(`${BASE}/${encodeURIComponent(id)}/duplicate`, { headers: language(), json: {} })
    .json<{ id: string; revision: number }>();
}

export async function deleteProject(id: string): Promise<void> {
  await http.delete(`${BASE}/${encodeURIComponent(id)}`, { headers: language() });
}

export function listRevisions(id: string): Promise<ProjectRevisionSummary[]> {
  return http
    .get(`${BASE}/${encodeURIComponent(id)}/revisions`, { headers: language() })
    .json<ProjectRevisionSummary[]>();
}

/** Names a version of the project's history (null removes the name); named ones are kept. */
export function nameRevision(
  id: string,
  revision: number,
  name: string | null,
): Promise<{ revision: number; name: string | null }> {
  return http
    .patch(`${BASE}/${encodeURIComponent(id)}/revisions/${revision}`, {
      headers: language(),
      json: { name },
    })
    .json<{ revision: number; name: string | null }>();
}

export function getRevision(id: string, revision: number): Promise<ProjectRevision> {
  return http
    .get(`${BASE}/${encodeURIComponent(id)}/revisions/${revision}`, { headers: language() })
    .json<ProjectRevision>();
}

/** The project's ruleset and its own revision (see ProjectRuleset). */
export function getProjectRuleset(id: string): Promise<ProjectRuleset> {
  return http
    .get(`${BASE}/${encodeURIComponent(id)}/ruleset`, { headers: language() })
    .json<ProjectRuleset>();
}

/**
 * Sets the project's ruleset (null or '' for the default) based on its revision `baseRevision`;
 * a stale one rejects with an HTTPError of status 412 whose body is a StaleRulesetResponse.
 */
export function saveProjectRuleset(
  id: string,
  baseRevision: number,
  ruleset: string | null,
): Promise<ProjectRuleset> {
  return http
    .put(`${BASE}/${encodeURIComponent(id)}/ruleset`, {
      headers: { ...language(), 'if-match': `"${baseRevision}"` },
      json: { ruleset },
    })
    .json<ProjectRuleset>();
}

/** The HTTP status of a failed call, undefined for a network failure (server unreachable). */
export function failureStatus(error: unknown): number | undefined {
  return isHTTPError(error) ? error.response.status : undefined;
}

/** Whether the failure means "cannot reach the server right now" (keep changes locally). */
export function isUnreachable(error: unknown): boolean {
  const status = failureStatus(error);
  if (status === undefined) return error instanceof TypeError || !isHTTPError(error);
  return status === 502 || status === 503 || status === 504;
}
