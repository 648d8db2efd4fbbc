/**
 * Test helper: validates a value against an inferred OpenAPI 3.0 schema with ajv. OpenAPI's
 * `nullable: true` is translated to JSON Schema (a `'null'` type union; with no type it allows
 * anything), and `example` is dropped, so ajv checks exactly what the schema claims.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { Schema } from '../../src/shared/openapi';

/** Converts an OpenAPI 3.0 schema (as inferSchema emits it) into a draft-07 JSON Schema. */
export function toJsonSchema(schema: Schema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable' || key === 'example') continue;
    if (key === 'properties') {
      const props: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(value as Record<string, Schema>)) {
        Object.defineProperty(props, name, {
          value: toJsonSchema(sub),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      out.properties = props;
    } else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) {
      out[key] = toJsonSchema(value as Schema);
    } else if (key === 'oneOf' || key === 'anyOf' || key === 'allOf') {
      out[key] = (value as Schema[]).map(toJsonSchema);
    } else {
      out[key] = value;
    }
  }
  if (schema.nullable === true && typeof schema.type === 'string') {
    out.type = [schema.type, 'null'];
  }
  return out;
}

// ownProperties: otherwise ajv sees inherited members (e.g. `toString`) as present properties.
const ajv = new Ajv({ allErrors: false, strict: true, validateFormats: true, ownProperties: true });
addFormats(ajv);

/**
 * Compiled validators by the converted schema's text: a property run checks several samples
 * against one schema, and compiling is what costs (ajv keeps every schema object it compiled).
 */
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

/** Returns ajv's errors for `value` against `schema` (converted), or null when it is valid. */
export function schemaErrors(schema: Schema, value: unknown): string | null {
  const json = toJsonSchema(schema);
  const key = JSON.stringify(json);
  let validate = compiled.get(key);
  if (validate === undefined) {
    validate = ajv.compile(json);
    compiled.set(key, validate);
  }
  if (validate(value)) return null;
  return ajv.errorsText(validate.errors);
}
