/**
 * The one `$ref` walker of the core. A reference is a `$ref` string, or a target of a
 * discriminator's `mapping` (a bare name there means `#/components/schemas/<name>`). Every
 * caller walks with these functions, so what counts as a reference is decided here once:
 *
 * - {@link forEachRef} visits every reference below a value, in document order, with where it
 *   is written (and, on request, its JSON pointer); iterative, so deep documents cannot overflow
 *   the stack.
 * - {@link rewriteRefs} maps references copy-on-write: what nothing changed in keeps its
 *   identity.
 * - {@link reachedComponents} collects the components a document reaches from outside
 *   `components`, following references between components; {@link reachedFrom} does the same
 *   from given values through given sections (the lint's part of a document).
 *
 * The walk has two scopes. `document` goes through every member of every object and array:
 * a `$ref` anywhere is a reference (a whole document, a path item). `schema` goes only through
 * the schema keywords (`properties`, `items`, `allOf`, `$defs`, `if` and the rest of JSON
 * Schema's): `example`, `enum`, `default` and extensions are data there.
 */
import {
  escapePointer,
  isObject,
  own,
  SCHEMA_REF_PREFIX,
  schemaRef,
  setOwn,
  unescapePointer,
  type JsonObject,
} from './openapi-common';
import { ANY_SUBSCHEMAS } from './schema-keywords';

/** Where a reference is written: a `$ref` member, or a discriminator mapping's target. */
export type RefKind = '$ref' | 'mapping';

/** One reference as {@link forEachRef} finds it. */
export interface RefSite {
  kind: RefKind;
  /** The object the string is a member of: the `$ref`'s object, or the `mapping` object. */
  holder: JsonObject;
  /** The member's key: `$ref`, or the mapping's key. */
  key: string;
  /** The holder's JSON pointer below the walked value (only with `pointers: true`). */
  pointer?: string;
}

/** How far a walk goes. */
export interface RefWalk {
  /** `document` (every member; the default) or `schema` (the schema keywords only). */
  scope?: 'document' | 'schema';
  /** Objects already walked are skipped, and walked ones are added (YAML aliases, cycles). */
  seen?: Set<object>;
  /** Gives each site the JSON pointer of its holder. */
  pointers?: boolean;
}

/** Schema keywords of either dialect: a `$ref` under `if` or `$defs` is a reference too. */
const ONE_SCHEMA = ANY_SUBSCHEMAS.one;
const SCHEMA_LISTS = ANY_SUBSCHEMAS.lists;
const SCHEMA_MAPS = ANY_SUBSCHEMAS.maps;
/** Depth at which a copy-on-write rewrite stops (it recurses). */
const MAX_REWRITE_DEPTH = 2000;

/** The reference a discriminator mapping target means: a bare name is a schema component. */
export function mappingRef(target: string): string {
  return target.startsWith('#') || target.includes('/') ? target : schemaRef(target);
}

/** The discriminator `mapping` of a schema object, when it has one. */
function mappingOf(node: JsonObject): JsonObject | undefined {
  const discriminator = own(node, 'discriminator');
  const mapping = isObject(discriminator) ? own(discriminator, 'mapping') : undefined;
  return isObject(mapping) ? mapping : undefined;
}

/**
 * Visits every reference below `value` in document order (an object's own `$ref` and mapping
 * before its members). A mapping target is given as the reference it means ({@link mappingRef});
 * `site.holder[site.key]` is what is written.
 */
export function forEachRef(
  value: unknown,
  visit: (ref: string, site: RefSite) => void,
  walk: RefWalk = {},
): void {
  const schemaScope = walk.scope === 'schema';
  const seen = walk.seen;
  const withPointers = walk.pointers === true;
  const stack: unknown[] = [value];
  const pointers: string[] = [''];
  // Children are pushed last first, so that they are walked in document order.
  const push = (child: unknown, at: string, token: string | number, inner?: string | number) => {
    if (child === null || typeof child !== 'object') return;
    stack.push(child);
    if (!withPointers) return;
    const first = at + '/' + escapePointer(String(token));
    pointers.push(inner === undefined ? first : first + '/' + escapePointer(String(inner)));
  };
  const pushList = (list: readonly unknown[], at: string, key: string) => {
    for (let i = list.length - 1; i >= 0; i--) push(list[i], at, key, i);
  };
  while (stack.length > 0) {
    const node = stack.pop();
    const at = withPointers ? (pointers.pop() as string) : '';
    if (node === null || typeof node !== 'object') continue;
    if (seen !== undefined) {
      if (seen.has(node)) continue;
      seen.add(node);
    }
    if (Array.isArray(node)) {
      // A list in the schema scope is a list of schemas (allOf, a tuple's items).
      for (let i = node.length - 1; i >= 0; i--) push(node[i], at, i);
      continue;
    }
    const object = node as JsonObject;
    const ref = own(object, '$ref');
    if (typeof ref === 'string') {
      const site: RefSite = { kind: '$ref', holder: object, key: '$ref' };
      if (withPointers) site.pointer = at;
      visit(ref, site);
    }
    const mapping = Object.hasOwn(object, 'discriminator') ? mappingOf(object) : undefined;
    if (mapping !== undefined) {
      const where = withPointers ? at + '/discriminator/mapping' : undefined;
      for (const key of Object.keys(mapping)) {
        const target = mapping[key];
        if (typeof target !== 'string') continue;
        const site: RefSite = { kind: 'mapping', holder: mapping, key };
        if (where !== undefined) site.pointer = where;
        visit(mappingRef(target), site);
      }
    }
    const keys = Object.keys(object);
    for (let k = keys.length - 1; k >= 0; k--) {
      const key = keys[k] as string;
      const item = object[key];
      if (item === null || typeof item !== 'object') continue;
      if (!schemaScope) {
        push(item, at, key);
      } else if (ONE_SCHEMA.has(key) || SCHEMA_LISTS.has(key)) {
        if (Array.isArray(item)) pushList(item, at, key);
        else if (!SCHEMA_LISTS.has(key)) push(item, at, key);
      } else if (SCHEMA_MAPS.has(key) && isObject(item)) {
        const names = Object.keys(item);
        for (let i = names.length - 1; i >= 0; i--) {
          const name = names[i] as string;
          push(item[name], at, key, name);
        }
      }
    }
  }
}

/** How {@link rewriteRefs} walks. */
export interface RefRewrite {
  /** `document` (every member; the default) or `schema` (the schema keywords only). */
  scope?: 'document' | 'schema';
  /** Replaces a whole object before it is walked (the replacement is not walked). */
  replace?: (node: JsonObject) => unknown;
}

/**
 * `value` with every reference mapped by `map` (which returns the reference to keep it),
 * copy-on-write: an object or list nothing changed in is returned as itself, and so is
 * `value` when nothing changed. Mapping targets are given as written.
 */
export function rewriteRefs<T>(
  value: T,
  map: (ref: string, kind: RefKind) => string,
  rewrite: RefRewrite = {},
): T {
  const schemaScope = rewrite.scope === 'schema';
  const replace = rewrite.replace;
  const mapList = (list: readonly unknown[], depth: number): unknown[] => {
    let out: unknown[] | undefined;
    list.forEach((item, index) => {
      const next = visit(item, depth + 1);
      if (next !== item) (out ??= [...list])[index] = next;
    });
    return out ?? (list as unknown[]);
  };
  const mapRecord = (
    record: JsonObject,
    each: (item: unknown, key: string) => unknown,
  ): JsonObject => {
    let out: JsonObject | undefined;
    for (const key of Object.keys(record)) {
      const item = record[key];
      const next = each(item, key);
      if (next !== item) setOwn((out ??= copyObject(record)), key, next);
    }
    return out ?? record;
  };
  const visit = (node: unknown, depth: number): unknown => {
    if (node === null || typeof node !== 'object' || depth > MAX_REWRITE_DEPTH) return node;
    if (Array.isArray(node)) return mapList(node, depth);
    const object = node as JsonObject;
    if (replace !== undefined) {
      const replaced = replace(object);
      if (replaced !== object) return replaced;
    }
    let out: JsonObject | undefined;
    const set = (key: string, next: unknown) => setOwn((out ??= copyObject(object)), key, next);
    for (const key of Object.keys(object)) {
      const item = object[key];
      let next: unknown = item;
      if (key === '$ref') {
        if (typeof item === 'string') next = map(item, '$ref');
      } else if (key === 'discriminator' && isObject(item)) {
        next = mapRecord(item, (member, name) => {
          if (name === 'mapping' && isObject(member)) {
            return mapRecord(member, (target) =>
              typeof target === 'string' ? map(target, 'mapping') : target,
            );
          }
          return schemaScope ? member : visit(member, depth + 1);
        });
      } else if (!schemaScope) {
        next = visit(item, depth + 1);
      } else if (ONE_SCHEMA.has(key) || SCHEMA_LISTS.has(key)) {
        if (Array.isArray(item)) next = mapList(item, depth);
        else if (!SCHEMA_LISTS.has(key)) next = visit(item, depth + 1);
      } else if (SCHEMA_MAPS.has(key) && isObject(item)) {
        next = mapRecord(item, (schema) => visit(schema, depth + 1));
      }
      if (next !== item) set(key, next);
    }
    return out ?? object;
  };
  return visit(value, 0) as T;
}

/** A copy of an object's own members in their order (`__proto__` included). */
function copyObject(object: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(object)) setOwn(out, key, own(object, key));
  return out;
}

/**
 * The component sections whose entries {@link reachedComponents} tracks (security schemes are
 * named by requirements, not reached by `$ref`).
 */
const COMPONENT_KINDS = new Set([
  'schemas',
  'parameters',
  'responses',
  'requestBodies',
  'examples',
  'headers',
  'links',
  'callbacks',
]);

/** The sections {@link reachedComponents} follows: `components/<kind>` for each tracked kind. */
const OPENAPI_SECTIONS: readonly (readonly string[])[] = [...COMPONENT_KINDS].map((kind) => [
  'components',
  kind,
]);

/**
 * Pointers of the components (`/components/<kind>/<name>`) that the document reaches from
 * outside `components`, following references between components.
 */
export function reachedComponents(doc: unknown): Set<string> {
  const roots: unknown[] = [];
  if (isObject(doc)) {
    for (const key of Object.keys(doc)) if (key !== 'components') roots.push(doc[key]);
  }
  return reachedFrom(doc, roots, OPENAPI_SECTIONS);
}

/**
 * Pointers of the entries of `sections` (each a path of member names to an object whose
 * members are named entries: `['components', 'schemas']`, Swagger 2.0's `['definitions']`, or
 * `['paths']`) that `roots` reach, following references between the entries: `/<section>/<name>`
 * with the name as the reference writes it (pointer-escaped).
 */
export function reachedFrom(
  doc: unknown,
  roots: readonly unknown[],
  sections: readonly (readonly string[])[],
): Set<string> {
  const reached = new Set<string>();
  const queue: unknown[] = [];
  // Each section as the reference's prefix (`#/components/schemas/`): one string test a section,
  // for the walk runs at every edit of the document (its unused-component collection).
  const prefixes = sections.map((section) => `#/${section.join('/')}/`);
  const note = (ref: string) => {
    const decoded = ref.includes('%') ? safeDecode(ref) : ref;
    for (let i = 0; i < prefixes.length; i++) {
      const prefix = prefixes[i] as string;
      if (!decoded.startsWith(prefix)) continue;
      const end = decoded.indexOf('/', prefix.length);
      const name = end < 0 ? decoded.slice(prefix.length) : decoded.slice(prefix.length, end);
      const pointer = prefix.slice(1) + name;
      if (reached.has(pointer)) return;
      reached.add(pointer);
      queue.push(entryAt(doc, sections[i] as readonly string[], unescapePointer(name)));
      return;
    }
  };
  for (const root of roots) forEachRef(root, note);
  while (queue.length > 0) forEachRef(queue.pop(), note);
  return reached;
}

function entryAt(doc: unknown, section: readonly string[], name: string): unknown {
  let at: unknown = doc;
  for (const token of section) at = isObject(at) ? own(at, token) : undefined;
  return isObject(at) ? own(at, name) : undefined;
}

function safeDecode(ref: string): string {
  try {
    return decodeURIComponent(ref);
  } catch {
    return ref;
  }
}

/**
 * The rule of a schema rename for one reference: the reference with schema `from` renamed
 * `to`, or undefined when it does not point at `from`. A `$ref` to the schema or into it
 * (`#/components/schemas/A/properties/b`), written plain or percent-encoded, follows, and so
 * does a discriminator mapping's bare name.
 */
export function renamedSchemaRef(
  ref: string,
  kind: RefKind,
  from: string,
  to: string,
): string | undefined {
  if (kind === 'mapping' && ref === from && !from.includes('/') && !from.startsWith('#')) {
    return to;
  }
  if (!ref.startsWith(SCHEMA_REF_PREFIX)) return undefined;
  const rest = ref.slice(SCHEMA_REF_PREFIX.length);
  const slash = rest.indexOf('/');
  const token = slash < 0 ? rest : rest.slice(0, slash);
  const escaped = escapePointer(from);
  if (token !== escaped && token !== encodeURIComponent(escaped)) return undefined;
  return SCHEMA_REF_PREFIX + escapePointer(to) + (slash < 0 ? '' : rest.slice(slash));
}
