/**
 * Shared schemas (`components.schemas`, issue 11): who uses each one, and renaming or deleting
 * one with every `$ref` that points at it. Pure and copy-on-write: an object nothing changed in
 * keeps its identity, so the form's stores re-render only what a rename touched.
 */
import type { BodyModel, Endpoint, Schema } from '../model';
import { isObject, own, pureSchemaRef, schemaRef, schemaRefName, setOwn } from '../openapi-common';

/** Who uses a shared schema: an endpoint (by id) or another shared schema (by name). */
export type SchemaUser = { kind: 'endpoint'; id: string } | { kind: 'schema'; name: string };

/** Schema keywords whose value is one schema. */
const ONE_SCHEMA = ['items', 'additionalProperties', 'not'] as const;
/** Schema keywords whose value is a list of schemas. */
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
/** Schema keywords whose value maps names to schemas. */
const SCHEMA_MAPS = ['properties', 'patternProperties'] as const;

/**
 * Maps every `$ref` reachable through schema keywords (not through `example`, `enum`, `default`
 * or extensions, which are data) and discriminator mapping targets; returns `schema` itself when
 * nothing changed. `map` returns the new reference, or the old one to keep it.
 */
export function mapSchemaRefs<T>(
  schema: T,
  map: (ref: string) => string,
  depth = 0,
  replaceNode?: (node: Record<string, unknown>) => unknown,
): T {
  if (!isObject(schema) || depth > 2000) return schema;
  if (replaceNode !== undefined) {
    const replaced = replaceNode(schema);
    if (replaced !== schema) return replaced as T;
  }
  let out: Record<string, unknown> | undefined;
  const set = (key: string, value: unknown) => {
    out ??= { ...schema };
    setOwn(out, key, value);
  };
  const ref = own(schema, '$ref');
  if (typeof ref === 'string') {
    const next = map(ref);
    if (next !== ref) set('$ref', next);
  }
  for (const key of ONE_SCHEMA) {
    const child = own(schema, key);
    const next = mapSchemaRefs(child, map, depth + 1, replaceNode);
    if (next !== child) set(key, next);
  }
  for (const key of SCHEMA_LISTS) {
    const list = own(schema, key);
    if (!Array.isArray(list)) continue;
    const next = mapList(list, (item) => mapSchemaRefs(item, map, depth + 1, replaceNode));
    if (next !== list) set(key, next);
  }
  for (const key of SCHEMA_MAPS) {
    const record = own(schema, key);
    if (!isObject(record)) continue;
    const next = mapRecord(record, (item) => mapSchemaRefs(item, map, depth + 1, replaceNode));
    if (next !== record) set(key, next);
  }
  const discriminator = own(schema, 'discriminator');
  if (isObject(discriminator)) {
    const mapping = own(discriminator, 'mapping');
    if (isObject(mapping)) {
      const next = mapRecord(mapping, (target) =>
        typeof target === 'string' ? map(target) : target,
      );
      if (next !== mapping) set('discriminator', { ...discriminator, mapping: next });
    }
  }
  return (out ?? schema) as T;
}

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
  mapSchemaRefs(schema, (ref) => {
    const name = schemaRefName(ref);
    if (name !== undefined) names.add(name);
    return ref;
  });
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

/** Thrown by {@link renameSchema} for a rename that would lose a schema. */
export class SchemaNameError extends Error {
  constructor(readonly reason: 'MISSING' | 'TAKEN' | 'EMPTY') {
    super(`Cannot rename the schema: ${reason}`);
  }
}

/**
 * Renames a shared schema and every `$ref` to it (in every endpoint's schemas, in the other
 * shared schemas, in the schema itself). The schema keeps its place in the order. Objects the
 * rename does not touch keep their identity.
 */
export function renameSchema(
  endpoints: readonly Endpoint[],
  schemas: Readonly<Record<string, Schema>>,
  from: string,
  to: string,
): SchemaEdit {
  if (to === from) return { endpoints: [...endpoints], schemas: { ...schemas } };
  if (to.trim() === '') throw new SchemaNameError('EMPTY');
  if (!Object.hasOwn(schemas, from)) throw new SchemaNameError('MISSING');
  if (Object.hasOwn(schemas, to)) throw new SchemaNameError('TAKEN');
  const target = schemaRef(to);
  const map = (ref: string) => (schemaRefName(ref) === from ? target : ref);
  const nextSchemas: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    setOwn(nextSchemas, name === from ? to : name, mapSchemaRefs(schema, map));
  }
  const nextEndpoints = endpoints.map((endpoint) => {
    let next = renameBodies(
      mapEndpointSchemas(endpoint, (schema) => mapSchemaRefs(schema, map)),
      from,
      to,
    );
    const kept = next.schemaComponents;
    if (kept !== undefined && Object.hasOwn(kept, from) && !Object.hasOwn(kept, to)) {
      const renamed: Record<string, Schema> = {};
      for (const [name, schema] of Object.entries(kept)) {
        setOwn(renamed, name === from ? to : name, schema);
      }
      next = { ...next, schemaComponents: renamed };
    }
    return next;
  });
  return { endpoints: nextEndpoints, schemas: nextSchemas };
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
  const inlined = mapSchemaRefs(deleted, keep, 0, (node) => (isRef(node) ? strip(node) : node));
  const inline = (node: Record<string, unknown>): unknown =>
    isRef(node) ? { ...inlined, ...strip(node) } : node;
  const nextSchemas: Record<string, Schema> = {};
  for (const [key, schema] of Object.entries(schemas)) {
    if (key !== name) setOwn(nextSchemas, key, mapSchemaRefs(schema, keep, 0, inline));
  }
  const nextEndpoints = endpoints.map((endpoint) => {
    const next = unnameBodies(
      mapEndpointSchemas(endpoint, (schema) => mapSchemaRefs(schema, keep, 0, inline)),
      name,
    );
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
