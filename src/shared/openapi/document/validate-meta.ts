/**
 * Checks of the document panel: what the form marks under a field. Pure; the app
 * translates the codes. Nothing here blocks Generate: a document with an empty title is still a
 * document, the user is only told.
 */
import type { CheckDeadline } from '../check-budget';
import type { DocumentMeta } from './meta';

export type MetaIssueCode =
  | 'TITLE_REQUIRED'
  | 'VERSION_REQUIRED'
  | 'URL_INVALID'
  | 'EMAIL_INVALID'
  | 'LICENSE_NAME_REQUIRED'
  | 'SERVER_URL_REQUIRED'
  | 'VARIABLE_NAME_REQUIRED'
  | 'VARIABLE_NAME_DUPLICATE'
  | 'VARIABLE_DEFAULT_NOT_IN_ENUM'
  | 'SCHEME_NAME_REQUIRED'
  | 'SCHEME_NAME_INVALID'
  | 'API_KEY_NAME_REQUIRED'
  | 'OAUTH_FLOW_REQUIRED'
  | 'TAG_NAME_REQUIRED'
  | 'TAG_NAME_DUPLICATE'
  /** The checks ran out of their time budget; the rest of the panel was not checked. */
  | 'CHECK_TIME_BUDGET';

export interface MetaIssue {
  code: MetaIssueCode;
  /**
   * Where: 'info.title', 'info.version', 'info.contact.url', 'info.contact.email',
   * 'info.license.name', 'info.license.url', 'info.termsOfService', 'servers.<i>.url',
   * 'servers.<i>.variables.<j>.name' / '.default', 'securitySchemes.<name>.name' / '.key' /
   * '.openIdConnectUrl' / '.flows' / '.flows.<flow>.<urlKey>', 'tags.<i>.name'.
   */
  field: string;
}

/** An absolute http(s) URL (what `info.contact.url`, `termsOfService` and the like hold). */
export function isAbsoluteUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A server URL: absolute or relative to where the document is served (`/v1`), with `{name}`
 * variables allowed anywhere.
 */
export function isServerUrl(text: string): boolean {
  if (/\s/.test(text) || /[{}]/.test(text.replace(/\{[^{}]+\}/g, ''))) return false;
  const filled = text.replace(/\{[^{}]+\}/g, 'x');
  try {
    new URL(filled, 'http://relative.invalid/');
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(filled) || !/^[a-z][a-z0-9+.-]*:/i.test(filled);
  } catch {
    return false;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A security scheme's name: letters, digits, '.', '-' and '_' (OpenAPI component keys). */
export const SCHEME_NAME = /^[A-Za-z0-9._-]+$/;

/**
 * Every issue of the document panel, in form order. With a `deadline` (check-budget.ts) the
 * checks stop before the next server, scheme or tag once it expired, and the list ends with
 * CHECK_TIME_BUDGET (field '': the panel as a whole).
 */
export function validateMeta(meta: DocumentMeta, deadline?: CheckDeadline): MetaIssue[] {
  const issues: MetaIssue[] = [];
  const add = (code: MetaIssueCode, field: string) => issues.push({ code, field });
  const cut = (): boolean => {
    if (deadline?.expired() !== true) return false;
    add('CHECK_TIME_BUDGET', '');
    return true;
  };
  const url = (value: string | undefined, field: string) => {
    if (value !== undefined && value.trim() !== '' && !isAbsoluteUrl(value.trim())) {
      add('URL_INVALID', field);
    }
  };
  const { info } = meta;
  if ((info.title ?? '').trim() === '') add('TITLE_REQUIRED', 'info.title');
  if ((info.version ?? '').trim() === '') add('VERSION_REQUIRED', 'info.version');
  url(info.termsOfService, 'info.termsOfService');
  url(info.contact?.url, 'info.contact.url');
  const email = info.contact?.email?.trim();
  if (email !== undefined && email !== '' && !EMAIL.test(email)) {
    add('EMAIL_INVALID', 'info.contact.email');
  }
  if (info.license !== undefined) {
    if ((info.license.name ?? '').trim() === '') add('LICENSE_NAME_REQUIRED', 'info.license.name');
    url(info.license.url, 'info.license.url');
  }

  for (const [i, server] of (meta.servers ?? []).entries()) {
    if (cut()) return issues;
    const value = (server.url ?? '').trim();
    if (value === '') add('SERVER_URL_REQUIRED', `servers.${i}.url`);
    else if (!isServerUrl(value)) add('URL_INVALID', `servers.${i}.url`);
    const seen = new Set<string>();
    Object.entries(server.variables ?? {}).forEach(([name, variable], j) => {
      if (name.trim() === '') add('VARIABLE_NAME_REQUIRED', `servers.${i}.variables.${j}.name`);
      else if (seen.has(name)) add('VARIABLE_NAME_DUPLICATE', `servers.${i}.variables.${j}.name`);
      seen.add(name);
      if (variable.enum !== undefined && variable.enum.length > 0) {
        if (!variable.enum.includes(variable.default)) {
          add('VARIABLE_DEFAULT_NOT_IN_ENUM', `servers.${i}.variables.${j}.default`);
        }
      }
    });
  }

  for (const [name, scheme] of Object.entries(meta.securitySchemes ?? {})) {
    if (cut()) return issues;
    const at = `securitySchemes.${name}`;
    if (name.trim() === '') add('SCHEME_NAME_REQUIRED', `${at}.key`);
    else if (!SCHEME_NAME.test(name)) add('SCHEME_NAME_INVALID', `${at}.key`);
    if (scheme.type === 'apiKey' && (scheme.name ?? '').trim() === '') {
      add('API_KEY_NAME_REQUIRED', `${at}.name`);
    }
    if (scheme.type === 'openIdConnect') {
      const value = (scheme.openIdConnectUrl ?? '').trim();
      if (!isAbsoluteUrl(value)) add('URL_INVALID', `${at}.openIdConnectUrl`);
    }
    if (scheme.type === 'oauth2') {
      const flows = Object.entries(scheme.flows ?? {}).filter(
        ([key, flow]) => !key.startsWith('x-') && flow !== undefined,
      );
      if (flows.length === 0) add('OAUTH_FLOW_REQUIRED', `${at}.flows`);
      for (const [flowName, flow] of flows) {
        for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const) {
          const value = (flow as Record<string, unknown>)[key];
          if (typeof value === 'string') url(value, `${at}.flows.${flowName}.${key}`);
        }
      }
    }
  }

  const tagNames = new Set<string>();
  for (const [i, tag] of (meta.tags ?? []).entries()) {
    if (cut()) return issues;
    const name = (tag.name ?? '').trim();
    if (name === '') add('TAG_NAME_REQUIRED', `tags.${i}.name`);
    else if (tagNames.has(name)) add('TAG_NAME_DUPLICATE', `tags.${i}.name`);
    tagNames.add(name);
  }
  return issues;
}
