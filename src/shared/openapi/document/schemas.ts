/**
 * Shared schemas (`components.schemas`): who uses each one, and renaming or deleting
 * one with every `$ref` that points at it. Pure and copy-on-write: an object nothing changed in
 * keeps its identity, so the form's stores re-render only what a rename touched.
 */
import type { BodyModel, Endpoint, Schema } from '../model';
import {
  isObject,
  own,
  pureSchemaRef,
  schemaRef,
  schemaRefName,
  setOwn,
  type JsonObject,
} from '../openapi-common';
import { forEachRef, renamedSchemaRef, rewriteRefs, type RefKind } from '../refs';

/** Who uses a shared schema: an endpoint (by id) or another shared schema (by name). */
export type SchemaUser = { kind: 'endpoint'; id: string } | { kind: 'schema'; name: string };

/** Maps a list; the same list when no item changed. */
function mapList<T>(list: readonly T[], map: (item: T) => T): T[] {
  let out: T[] | undefined;
  list.forEach((item, index) => {
    const next = map(item);
    if (next !== item) {
      out ??= [...list];
      out[index] = next;
    }
  });
  return out ?? (list as T[]);
}

/** Maps a record's values; the same record when no value changed. */
function mapRecord<T>(record: Record<string, T>, map: (item: T) => T): Record<string, T> {
  let out: Record<string, T> | undefined;
  for (const key of Object.keys(record)) {
    const item = record[key] as T;
    const next = map(item);
    if (next !== item) {
      out ??= { ...record };
      setOwn(out, key, next);
    }
  }
  return out ?? record;
}

/**
 * Maps every schema an endpoint holds (bodies, parameters, headers, and with `kept` its kept
 * copies of components, which are not uses of their own).
 */
function mapEndpointSchemas(
  endpoint: Endpoint,
  map: (schema: Schema) => Schema,
  kept = true,
): Endpoint {
  let out: Endpoint | undefined;
  const edit = (): Endpoint => (out ??= { ...endpoint });
  const parameters = mapList(endpoint.parameters, (parameter) => {
    if (parameter.schema === undefined) return parameter;
    const schema = map(parameter.schema);
    return schema === parameter.schema ? parameter : { ...parameter, schema };
  });
  if (parameters !== endpoint.parameters) edit().parameters = parameters;
  const body = endpoint.requestBody;
  if (body?.schema !== undefined) {
    const schema = map(body.schema);
    if (schema !== body.schema) edit().requestBody = { ...body, schema };
  }
  const responses = mapList(endpoint.responses, (response) => {
    let next = response;
    if (response.body.schema !== undefined) {
      const schema = map(response.body.schema);
      if (schema !== response.body.schema) next = { ...next, body: { ...next.body, schema } };
    }
    if (response.headers !== undefined) {
      const headers = mapList(response.headers, (header) => {
        if (header.schema === undefined) return header;
        const schema = map(header.schema);
        return schema === header.schema ? header : { ...header, schema };
      });
      if (headers !== response.headers) next = { ...next, headers };
    }
    return next;
  });
  if (responses !== endpoint.responses) edit().responses = responses;
  if (kept && endpoint.schemaComponents !== undefined) {
    const components = mapRecord(endpoint.schemaComponents, map);
    if (components !== endpoint.schemaComponents) edit().schemaComponents = components;
  }
  return out ?? endpoint;
}

/** The shared schema names a schema refers to directly. */
function refNames(schema: unknown): Set<string> {
  const names = new Set<string>();
  forEachRef(
    schema,
    (ref) => {
      const name = schemaRefName(ref);
      if (name !== undefined) names.add(name);
    },
    { scope: 'schema' },
  );
  return names;
}

/**
 * Who uses each shared schema: name → users, endpoints in list order, then schemas in their
 * order. Every name of `schemas` is present (an empty list when unused). A schema's reference to
 * itself does not count, nor do an endpoint's kept copies of components.
 */
export function schemaUsages(
  endpoints: readonly Endpoint[],
  schemas: Readonly<Record<string, Schema>>,
): Map<string, SchemaUser[]> {
  const steps = schemaUsageSteps(endpoints, schemas);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** {@link schemaUsages} as steps: yields after each endpoint and schema (run in slices). */
export function* schemaUsageSteps(
  endpoints: readonly Endpoint[],
  schemas: Readonly<Record<string, Schema>>,
): Generator<void, Map<string, SchemaUser[]>> {
  const usages = new Map<string, SchemaUser[]>();
  for (const name of Object.keys(schemas)) usages.set(name, []);
  for (const endpoint of endpoints) {
    const names = new Set<string>();
    mapEndpointSchemas(
      endpoint,
      (schema) => {
        for (const name of refNames(schema)) names.add(name);
        return schema;
      },
      false,
    );
    for (const name of names) usages.get(name)?.push({ kind: 'endpoint', id: endpoint.id });
    yield;
  }
  for (const [user, schema] of Object.entries(schemas)) {
    for (const name of refNames(schema)) {
      if (name !== user) usages.get(name)?.push({ kind: 'schema', name: user });
    }
    yield;
  }
  return usages;
}

export interface SchemaEdit {
  endpoints: Endpoint[];
  schemas: Record<string, Schema>;
}

/** A shared schema's name: OpenAPI's rule for the keys of `components`. */
export const SCHEMA_NAME_RE = /^[A-Za-z0-9._-]+$/;

/** Why a name cannot be given to a shared schema. */
export type SchemaNameProblem = 'EMPTY' | 'CHARS' | 'TAKEN';

/**
 * Why `name` cannot be the new name of shared schema `from` (or of a new one): empty, not of
 * OpenAPI's characters for component names, or another schema's; undefined when it can.
 */
export function schemaNameProblem(
  name: string,
  schemas: Readonly<Record<string, unknown>>,
  from?: string,
): SchemaNameProblem | undefined {
  if (name.trim() === '') return 'EMPTY';
  if (!SCHEMA_NAME_RE.test(name)) return 'CHARS';
  if (name !== from && Object.hasOwn(schemas, name)) return 'TAKEN';
  return undefined;
}

/** Thrown by a rename that would lose a schema (see {@link checkSchemaRename}). */
export class SchemaNameError extends Error {
  constructor(readonly reason: 'MISSING' | SchemaNameProblem) {
    super(`Cannot rename the schema: ${reason}`);
  }
}

/**
 * The rename's rule, for every caller (the session's renameSchema command, the form): `from`
 * must be a shared schema and `to` a name {@link schemaNameProblem} allows. Throws a
 * {@link SchemaNameError}; answers false when there is nothing to do (`to` is `from`).
 */
export function checkSchemaRename(
  schemas: Readonly<Record<string, unknown>>,
  from: string,
  to: string,
): boolean {
  if (!Object.hasOwn(schemas, from)) throw new SchemaNameError('MISSING');
  if (to === from) return false;
  const problem = schemaNameProblem(to, schemas, from);
  if (problem !== undefined) throw new SchemaNameError(problem);
  return true;
}

/** The reference rule of a rename, as a map for {@link rewriteRefs}. */
function renameRefs(from: string, to: string): (ref: string, kind: RefKind) => string {
  return (ref, kind) => renamedSchemaRef(ref, kind, from, to) ?? ref;
}

/** A record with the key `from` renamed `to` in its place (the same record without `from`). */
function renameKey<T>(
  record: Readonly<Record<string, T>>,
  from: string,
  to: string,
): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of Object.keys(record)) setOwn(out, key === from ? to : key, record[key]);
  return out;
}

/**
 * Renames a shared schema in views: every `$ref` to it (and into it) in every endpoint's
 * schemas, kept copies of components included, in the other shared schemas and in the schema
 * itself; a body named after the schema it points at takes the new name. The schema keeps its
 * place in the order; objects the rename does not touch keep their identity. The same rule as
 * {@link renameSchemaInData}, which a loaded document's text is renamed with.
 */
export function renameSchema(
  endpoints: readonly Endpoint[],
  schemas: Readonly<Record<string, Schema>>,
  from: string,
  to: string,
): SchemaEdit {
  if (!checkSchemaRename(schemas, from, to)) {
    return { endpoints: [...endpoints], schemas: { ...schemas } };
  }
  const map = renameRefs(from, to);
  const rewrite = (schema: Schema) => rewriteRefs(schema, map);
  const nextSchemas = renameKey(schemas, from, to);
  for (const name of Object.keys(nextSchemas)) {
    setOwn(nextSchemas, name, rewrite(nextSchemas[name] as Schema));
  }
  const nextEndpoints = endpoints.map((endpoint) => {
    let next = renameBodies(mapEndpointSchemas(endpoint, rewrite), from, to);
    const kept = next.schemaComponents;
    if (kept !== undefined && Object.hasOwn(kept, from) && !Object.hasOwn(kept, to)) {
      next = { ...next, schemaComponents: renameKey(kept, from, to) };
    }
    return next;
  });
  return { endpoints: nextEndpoints, schemas: nextSchemas };
}

/**
 * A whole document's data with shared schema `from` renamed `to` (its key keeps its place) and
 * every reference to it rewritten by the rule of {@link renameSchema}. Copy-on-write.
 */
export function renameSchemaInData(data: unknown, from: string, to: string): unknown {
  const rewritten = rewriteRefs(data, renameRefs(from, to));
  if (!isObject(rewritten)) return rewritten;
  const components = own(rewritten, 'components');
  const schemas = isObject(components) ? own(components, 'schemas') : undefined;
  if (!isObject(components) || !isObject(schemas)) return rewritten;
  const root: JsonObject = renameKey(rewritten, 'components', 'components');
  const nextComponents: JsonObject = renameKey(components, 'schemas', 'schemas');
  setOwn(nextComponents, 'schemas', renameKey(schemas, from, to));
  setOwn(root, 'components', nextComponents);
  return root;
}

/** A body named after the schema it points at (`name: X`, `schema: {$ref: X}`) follows a rename. */
function renameBodies(endpoint: Endpoint, from: string, to: string): Endpoint {
  const follows = (body: BodyModel | undefined): body is BodyModel =>
    body !== undefined && body.name === from && pureSchemaRef(body.schema) === to;
  let out = endpoint;
  if (follows(endpoint.requestBody)) {
    out = { ...out, requestBody: { ...endpoint.requestBody, name: to } };
  }
  const responses = mapList(endpoint.responses, (response) =>
    follows(response.body) ? { ...response, body: { ...response.body, name: to } } : response,
  );
  if (responses !== endpoint.responses) out = { ...out, responses };
  return out;
}

/**
 * Deletes a shared schema. Nothing its users described is lost: every `$ref` to it is replaced
 * by a copy of the schema itself (inlined; keys beside the `$ref` are kept), and its references
 * to itself become `{}` (any value). The caller asks first and names the users
 * ({@link schemaUsages}). Objects without a reference keep their identity.
 */
export function deleteSchema(
  endpoints: readonly Endpoint[],
  schemas: Readonly<Record<string, Schema>>,
  name: string,
): SchemaEdit {
  if (!Object.hasOwn(schemas, name)) return { endpoints: [...endpoints], schemas: { ...schemas } };
  const isRef = (node: Record<string, unknown>) => {
    const ref = own(node, '$ref');
    return typeof ref === 'string' && schemaRefName(ref) === name;
  };
  const strip = (node: Record<string, unknown>): Record<string, unknown> => {
    const rest = { ...node };
    delete rest.$ref;
    return rest;
  };
  const keep = (ref: string) => ref;
  const deleted = schemas[name] as Schema;
  const inlined = rewriteRefs(deleted, keep, {
    scope: 'schema',
    replace: (node) => (isRef(node) ? strip(node) : node),
  });
  const inline = (node: Record<string, unknown>): unknown =>
    isRef(node) ? { ...inlined, ...strip(node) } : node;
  const inlineRefs = (schema: Schema) =>
    rewriteRefs(schema, keep, { scope: 'schema', replace: inline });
  const nextSchemas: Record<string, Schema> = {};
  for (const [key, schema] of Object.entries(schemas)) {
    if (key !== name) setOwn(nextSchemas, key, inlineRefs(schema));
  }
  const nextEndpoints = endpoints.map((endpoint) => {
    const next = unnameBodies(mapEndpointSchemas(endpoint, inlineRefs), name);
    const kept = next.schemaComponents;
    if (kept === undefined || !Object.hasOwn(kept, name)) return next;
    const rest: Record<string, Schema> = {};
    for (const [key, schema] of Object.entries(kept)) if (key !== name) setOwn(rest, key, schema);
    return { ...next, schemaComponents: rest };
  });
  return { endpoints: nextEndpoints, schemas: nextSchemas };
}

/**
 * A body named after a deleted schema loses the name (its schema, read resolved from the
 * document, is written inline then): a name left behind would be written as a `$ref` to nothing.
 */
function unnameBodies(endpoint: Endpoint, name: string): Endpoint {
  const named = (body: BodyModel | undefined): body is BodyModel =>
    body !== undefined && body.name === name;
  let out = endpoint;
  if (named(endpoint.requestBody)) {
    out = { ...out, requestBody: { ...endpoint.requestBody, name: '' } };
  }
  const responses = mapList(endpoint.responses, (response) =>
    named(response.body) ? { ...response, body: { ...response.body, name: '' } } : response,
  );
  if (responses !== endpoint.responses) out = { ...out, responses };
  return out;
}

/** The `$ref` schema of a shared schema name (what "Use shared schema" writes). */
export function sharedSchemaRef(name: string): Schema {
  return { $ref: schemaRef(name) };
}
