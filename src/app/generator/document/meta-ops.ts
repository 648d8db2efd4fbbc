/**
 * Pure edits of the document panel's objects. Every edit copies with spread, so keys the form
 * does not show (`x-` extensions, `externalDocs`, …) are kept; an emptied optional field is
 * removed rather than written as ''.
 */
import type { SecurityRequirement } from '../../../shared/openapi';
import type { SecuritySchemeObject } from '../../../shared/openapi/document/meta';

/** `object` with `key` set to `value`, or without `key` when `value` is '' or undefined. */
export function withOptional<T extends object, K extends keyof T>(
  object: T,
  key: K,
  value: T[K] | '' | undefined,
): T {
  const next = { ...object };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value as T[K];
  return next;
}

/** A record with one key renamed in place (order kept); unchanged when `to` is taken. */
export function renameKey<V>(
  record: Record<string, V>,
  from: string,
  to: string,
): Record<string, V> {
  if (from === to || !Object.hasOwn(record, from) || Object.hasOwn(record, to)) return record;
  const next: Record<string, V> = {};
  for (const [key, value] of Object.entries(record)) {
    Object.defineProperty(next, key === from ? to : key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return next;
}

/** A record without one key. */
export function withoutKey<V>(record: Record<string, V>, key: string): Record<string, V> {
  const next = { ...record };
  delete next[key];
  return next;
}

/** A fresh key `base`, `base2`, `base3`, … not in `record`. */
export function freshKey(record: Record<string, unknown> | undefined, base: string): string {
  if (record === undefined || !Object.hasOwn(record, base)) return base;
  for (let i = 2; ; i++) if (!Object.hasOwn(record, `${base}${i}`)) return `${base}${i}`;
}

/** The list with the item at `index` moved by `delta` (unchanged at the ends). */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The list with the item at `index` replaced. */
export function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  const next = [...list];
  next[index] = item;
  return next;
}

/** The list without the item at `index`. */
export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** "a, b ,c" → ['a', 'b', 'c'] (blanks dropped). */
export function commaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export type SchemeKind = 'bearer' | 'basic' | 'http' | 'apiKey' | 'oauth2' | 'openIdConnect';

/** The kind the form's select shows for a security scheme. */
export function schemeKind(scheme: SecuritySchemeObject): SchemeKind {
  if (scheme.type === 'http') {
    const name = (scheme.scheme ?? '').toLowerCase();
    return name === 'bearer' ? 'bearer' : name === 'basic' ? 'basic' : 'http';
  }
  return scheme.type;
}

const TYPE_KEYS = ['name', 'in', 'scheme', 'bearerFormat', 'flows', 'openIdConnectUrl'] as const;

/**
 * The scheme turned into another kind: its description and extensions are kept, the keys of the
 * old kind are dropped and the new kind's required keys get defaults.
 */
export function changeSchemeKind(
  scheme: SecuritySchemeObject,
  kind: SchemeKind,
): SecuritySchemeObject {
  if (kind === schemeKind(scheme)) return scheme;
  const base: SecuritySchemeObject = { ...scheme };
  for (const key of TYPE_KEYS) delete base[key];
  switch (kind) {
    case 'bearer':
      return { ...base, type: 'http', scheme: 'bearer' };
    case 'basic':
    case 'http':
      return { ...base, type: 'http', scheme: 'basic' };
    case 'apiKey':
      return { ...base, type: 'apiKey', in: 'header', name: 'X-API-Key' };
    case 'oauth2':
      return {
        ...base,
        type: 'oauth2',
        flows: { clientCredentials: { tokenUrl: 'https://example.com/oauth/token', scopes: {} } },
      };
    case 'openIdConnect':
      return {
        ...base,
        type: 'openIdConnect',
        openIdConnectUrl: 'https://example.com/.well-known/openid-configuration',
      };
  }
}

/** Whether a requirement list names a scheme. */
export function requires(
  security: readonly SecurityRequirement[] | undefined,
  name: string,
): boolean {
  return (security ?? []).some((requirement) => Object.hasOwn(requirement, name));
}

/**
 * The requirement list with a scheme turned on (appended as an alternative of its own) or off
 * (removed from every requirement; a requirement left empty by that is dropped, one that was
 * empty before — "authentication optional" — is kept).
 */
export function toggleRequirement(
  security: readonly SecurityRequirement[] | undefined,
  name: string,
  on: boolean,
): SecurityRequirement[] {
  const list = security ?? [];
  if (on) return requires(list, name) ? [...list] : [...list, { [name]: [] }];
  const next: SecurityRequirement[] = [];
  for (const requirement of list) {
    if (!Object.hasOwn(requirement, name)) {
      next.push(requirement);
      continue;
    }
    const rest = { ...requirement };
    delete rest[name];
    if (Object.keys(rest).length > 0) next.push(rest);
  }
  return next;
}

/** Every requirement's reference to a scheme renamed. */
export function renameInRequirements(
  security: readonly SecurityRequirement[] | undefined,
  from: string,
  to: string,
): SecurityRequirement[] | undefined {
  if (security === undefined) return undefined;
  return security.map((requirement) =>
    Object.hasOwn(requirement, from) ? renameKey(requirement, from, to) : requirement,
  );
}
