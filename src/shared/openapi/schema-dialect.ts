/**
 * New text speaks the document's version. The form and the inference write schemas
 * in OpenAPI 3.0's terms (`nullable`, `example`, boolean `exclusiveMinimum`); a 3.1 or 3.2
 * document gets them in JSON Schema 2020-12's terms instead:
 *
 * - `type: T` with `nullable: true` → `type: [T, 'null']` (an `enum` also lists `null`);
 *   `nullable` without a type is dropped (any value, null included, already fits);
 * - `example: v` → `examples: [v]` (an existing `examples` list wins);
 * - `exclusiveMinimum: true` with `minimum: n` → `exclusiveMinimum: n` (and the maximum alike);
 *   `false` is dropped.
 *
 * Copy-on-write: a schema with nothing to change is returned as is (same object), so untouched
 * text is never rewritten. Values (`example`, `default`, `enum`, `const`, extensions) are data and
 * never looked into.
 */
import type { Schema } from './model';
import { isObject, setOwn, type JsonObject } from './openapi-common';
import { isJsonSchemaDialect, type OpenApiDialect } from './openapi-version';

/** Keywords whose values are subschemas. */
const SCHEMA_KEYS = new Set([
  'items',
  'not',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'contains',
  'if',
  'then',
  'else',
  'contentSchema',
]);
/** Keywords whose values are lists of subschemas. */
const SCHEMA_LIST_KEYS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose values map names to subschemas. */
const SCHEMA_MAP_KEYS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);

/** The schema in the dialect's terms (3.0: unchanged). */
export function schemaForDialect<T extends Schema | undefined>(
  schema: T,
  dialect: OpenApiDialect,
): T {
  if (!isJsonSchemaDialect(dialect) || schema === undefined) return schema;
  return toJsonSchema(schema as unknown) as T;
}

/** A 3.0-style schema as JSON Schema 2020-12 (see the module comment); same object if unchanged. */
export function toJsonSchema(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  let out: JsonObject | undefined;
  const edit = (): JsonObject => (out ??= { ...schema });
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    let next: unknown = value;
    if (SCHEMA_KEYS.has(key)) {
      next = toJsonSchema(value);
    } else if (SCHEMA_LIST_KEYS.has(key) && Array.isArray(value)) {
      const list = value.map((item) => toJsonSchema(item));
      if (list.some((item, i) => item !== value[i])) next = list;
    } else if (SCHEMA_MAP_KEYS.has(key) && isObject(value)) {
      let map: JsonObject | undefined;
      for (const name of Object.keys(value)) {
        const converted = toJsonSchema(value[name]);
        if (converted !== value[name]) {
          map ??= { ...value };
          setOwn(map, name, converted);
        }
      }
      if (map !== undefined) next = map;
    }
    if (next !== value) setOwn(edit(), key, next);
  }
  const current = out ?? schema;
  if (Object.hasOwn(current, 'nullable')) {
    const target = edit();
    const nullable = target.nullable === true;
    delete target.nullable;
    if (nullable) {
      const type = target.type;
      if (typeof type === 'string') target.type = [type, 'null'];
      else if (Array.isArray(type) && !type.includes('null')) target.type = [...type, 'null'];
      if (Array.isArray(target.enum) && !target.enum.includes(null)) {
        target.enum = [...target.enum, null];
      }
    }
  }
  if (Object.hasOwn(current, 'example')) {
    const target = edit();
    if (!Array.isArray(target.examples)) {
      // `examples` after the keys written before `example`, where `example` stood.
      const rebuilt: JsonObject = {};
      for (const key of Object.keys(target)) {
        if (key === 'example') rebuilt.examples = [target.example];
        else setOwn(rebuilt, key, target[key]);
      }
      out = rebuilt;
    } else {
      delete target.example;
    }
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const value = (out ?? schema)[flag];
    if (typeof value !== 'boolean') continue;
    const target = edit();
    if (value && typeof target[bound] === 'number') {
      target[flag] = target[bound];
      delete target[bound];
    } else {
      delete target[flag];
    }
  }
  return out ?? schema;
}

/** Keys of OpenAPI objects whose values are data: never looked into for schemas. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'value']);

/**
 * An OpenAPI object the generator built (an operation, parameter, media type, header, or a
 * whole document) with every schema in it in the dialect's terms; same object if unchanged.
 */
export function objectForDialect<T>(value: T, dialect: OpenApiDialect): T {
  if (!isJsonSchemaDialect(dialect)) return value;
  return convertSchemasIn(value) as T;
}

function convertSchemasIn(value: unknown): unknown {
  if (Array.isArray(value)) {
    const list = value.map((item) => convertSchemasIn(item));
    return list.some((item, i) => item !== value[i]) ? list : value;
  }
  if (!isObject(value)) return value;
  let out: JsonObject | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    let next: unknown = item;
    if (key === 'schema' || key === 'itemSchema') next = toJsonSchema(item);
    else if (key === 'schemas' && isObject(item)) {
      // components.schemas: every entry is a schema.
      let map: JsonObject | undefined;
      for (const name of Object.keys(item)) {
        const converted = toJsonSchema(item[name]);
        if (converted !== item[name]) {
          map ??= { ...item };
          setOwn(map, name, converted);
        }
      }
      if (map !== undefined) next = map;
    } else if (!DATA_KEYS.has(key) && !key.startsWith('x-')) next = convertSchemasIn(item);
    if (next !== item) {
      out ??= { ...value };
      setOwn(out, key, next);
    }
  }
  return out ?? value;
}
