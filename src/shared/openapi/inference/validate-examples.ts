/**
 * A value checked against a schema (re-inference's conflicts with the user's edits,
 * merge-schema.ts; the headless `validateExample`) with an OpenAPI 3.0-aware
 * validator: @cfworker/json-schema (draft-04 mode, the dialect OpenAPI 3.0 schemas derive from)
 * after a small translation of the OpenAPI-only keywords:
 * - `nullable: true` → the type also admits null (an enum also admits null); with no type it
 *   allows anything, as OpenAPI 3.0 says; on a `$ref`/`oneOf`/`anyOf`/`allOf` node null is
 *   admitted beside the composition;
 * - `example`, `xml`, `externalDocs`, `discriminator`, `readOnly`, `writeOnly`, `deprecated`
 *   and `x-…` are annotations and dropped;
 * - `$ref: '#/components/schemas/X'` resolves against the components passed in;
 * - formats: the known ones (date-time, date, email, uuid, uri, ipv4, …) are checked, unknown
 *   ones (int64, password, …) never fail.
 * A 3.1 or 3.2 document's schemas are JSON Schema 2020-12: they are checked in the
 * validator's 2020-12 mode, after the form's own 3.0-style keywords (`nullable`, `example`,
 * boolean exclusive bounds) are written in 2020-12 terms (schema-dialect.ts).
 * The validator interprets schemas instead of compiling them to code, so it runs under the
 * app's Content-Security-Policy (no 'unsafe-eval'), in the worker. See docs/decisions.md.
 * The document's examples are not checked here: the lint's `oas3-valid-media-example` (Spectral)
 * reports those that do not fit, in the Problems panel, the output editor and the body's form.
 */
import { dereference, validate, type Schema as JsonSchema } from '@cfworker/json-schema';
import type { Schema } from '../model';
import type { OpenApiDialect } from '../openapi-version';
import { baseDialect, versionOfDialect } from '../versions';
import { toJsonSchema as toSchemaDialect } from '../schema-dialect';
import { DRAFT2020_SUBSCHEMAS, DRAFT4_SUBSCHEMAS } from '../schema-keywords';

/** One way an example does not fit its schema. */
export interface ExampleProblem {
  /** JSON pointer (RFC 6901) into the example value. */
  pointer: string;
  /** The schema keyword that failed (type, required, enum, format, minimum, …). */
  rule: string;
  /** JSON pointer into the schema, to the node whose keyword failed. */
  schemaPointer: string;
  message: string;
}

const ANNOTATIONS = new Set([
  'example',
  'xml',
  'externalDocs',
  'discriminator',
  'readOnly',
  'writeOnly',
  'deprecated',
  'nullable',
]);
const SCHEMA_MAPS = DRAFT4_SUBSCHEMAS.maps;
const SCHEMA_LISTS = DRAFT4_SUBSCHEMAS.lists;
const SCHEMA_ONE = DRAFT4_SUBSCHEMAS.one;

function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** An OpenAPI 3.0 schema as draft-04 JSON Schema (see the module comment); depth-bounded. */
export function toJsonSchema(schema: unknown, depth = 0): Record<string, unknown> | boolean {
  if (typeof schema === 'boolean') return schema;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema) || depth > 256) {
    return {};
  }
  const node = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object') {
      const map: Record<string, unknown> = {};
      for (const name of Object.keys(value)) {
        defineOwn(map, name, toJsonSchema((value as Record<string, unknown>)[name], depth + 1));
      }
      out[key] = map;
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((branch) => toJsonSchema(branch, depth + 1));
    } else if (SCHEMA_ONE.has(key)) {
      out[key] = Array.isArray(value)
        ? value.map((branch) => toJsonSchema(branch, depth + 1))
        : toJsonSchema(value, depth + 1);
    } else if (key === 'format' && typeof value === 'string') {
      // cfworker checks 'uri' as any RFC 3986 URI; keep that. 'regex' would compile user input.
      if (value !== 'regex') out.format = value;
    } else {
      defineOwn(out, key, value);
    }
  }
  if (node.nullable === true) {
    if (typeof node.type === 'string') out.type = [node.type, 'null'];
    if (Array.isArray(node.enum) && !node.enum.includes(null)) out.enum = [...node.enum, null];
    if (typeof node.type !== 'string' && (out.$ref || out.oneOf || out.anyOf || out.allOf)) {
      return { anyOf: [{ type: 'null' }, out] };
    }
  }
  return out;
}

/**
 * A JSON Schema 2020-12 schema (OpenAPI 3.1/3.2) ready for the validator: the form's 3.0-style
 * keywords in 2020-12 terms, and `format: regex` (it would compile user input) dropped.
 */
function to2020(schema: unknown, depth = 0): Record<string, unknown> | boolean {
  if (typeof schema === 'boolean') return schema;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema) || depth > 256) {
    return {};
  }
  const node = toSchemaDialect(schema) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (key.startsWith('x-') || (key === 'format' && value === 'regex')) continue;
    if (SCHEMA_MAPS_2020.has(key) && value !== null && typeof value === 'object') {
      const map: Record<string, unknown> = {};
      for (const name of Object.keys(value)) {
        defineOwn(map, name, to2020((value as Record<string, unknown>)[name], depth + 1));
      }
      out[key] = map;
    } else if (SCHEMA_LISTS_2020.has(key) && Array.isArray(value)) {
      out[key] = value.map((branch) => to2020(branch, depth + 1));
    } else if (SCHEMA_ONE_2020.has(key)) {
      out[key] = to2020(value, depth + 1);
    } else {
      defineOwn(out, key, value);
    }
  }
  return out;
}

/** 2020-12's, and draft-04's `definitions`, which 3.1 documents written from older ones keep. */
const SCHEMA_MAPS_2020 = new Set([...DRAFT2020_SUBSCHEMAS.maps, 'definitions']);
const SCHEMA_LISTS_2020 = DRAFT2020_SUBSCHEMAS.lists;
const SCHEMA_ONE_2020 = DRAFT2020_SUBSCHEMAS.one;

/** The base URI the shared schemas are looked up under: `#/components/schemas/X` resolves there. */
const COMPONENTS_URI = 'https://specform.invalid/document';

/**
 * The validator's lookup of a set of shared schemas, translated and dereferenced once per set
 * (the sets are shared by the endpoints that reach the same schemas) and dialect: on GitHub's
 * description, translating and walking the shared schemas again for every body took the
 * check of all examples to two minutes.
 */
type Lookup = Record<string, JsonSchema | boolean>;

const componentLookups = new WeakMap<object, Map<string, Lookup>>();

function lookupOf(components: Record<string, Schema> | undefined, dialect: OpenApiDialect): Lookup {
  const draft = versionOfDialect(dialect).schemaDraft;
  const translate = draft === '4' ? toJsonSchema : to2020;
  const key: object = components ?? EMPTY;
  let byKind = componentLookups.get(key);
  if (byKind === undefined) {
    byKind = new Map();
    componentLookups.set(key, byKind);
  }
  let lookup = byKind.get(draft);
  if (lookup === undefined) {
    const schemas: Record<string, unknown> = {};
    for (const name of Object.keys(components ?? {})) {
      defineOwn(schemas, name, translate((components as Record<string, Schema>)[name]));
    }
    // Only reachable through `$ref`s: '#/components/schemas/X' is a pointer into this root.
    const root = { $id: COMPONENTS_URI, components: { schemas } } as unknown as JsonSchema;
    lookup = dereference(root);
    byKind.set(draft, lookup);
  }
  return lookup;
}

const EMPTY = {};

/** The body schema as the validator's root (a boolean schema as its object form). */
function rootSchema(schema: Schema, dialect: OpenApiDialect): JsonSchema {
  const translate = versionOfDialect(dialect).schemaDraft === '4' ? toJsonSchema : to2020;
  const root = translate(schema);
  const base: Record<string, unknown> = typeof root === 'boolean' ? { not: {} } : root;
  if (root === true) delete base.not;
  return base as JsonSchema;
}

/** `#/a/b` → `/a/b` (the validator reports URI-fragment pointers). */
function fragmentToPointer(location: string): string {
  const raw = location.startsWith('#') ? location.slice(1) : location;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Keywords whose failure only repeats the failures of its subschemas. */
const WRAPPERS = new Set(['properties', 'items', 'additionalProperties', 'allOf', '$ref']);

/** A reusable checker for one schema (compile once, check many examples). */
export function exampleChecker(
  schema: Schema,
  components?: Record<string, Schema>,
  dialect: OpenApiDialect = baseDialect(),
): (value: unknown) => ExampleProblem[] {
  const root = rootSchema(schema, dialect);
  // The body's own schema goes in a lookup of its own that falls back on the shared one (its
  // prototype): its `#/components/schemas/X` resolve against the shared schemas' base URI.
  const lookup = dereference(
    root,
    Object.create(lookupOf(components, dialect)) as Lookup,
    new URL(COMPONENTS_URI),
    '/~body',
  );
  const draft = versionOfDialect(dialect).schemaDraft;
  return (value) => {
    let result: ReturnType<typeof validate>;
    try {
      result = validate(value, root, draft, lookup, false);
    } catch {
      // A `$ref` the validator cannot follow (a pointer through data, a file elsewhere): the
      // example is not checked here, and the lint reports the reference itself.
      return [];
    }
    if (result.valid) return [];
    const problems: ExampleProblem[] = [];
    const seen = new Set<string>();
    for (const error of result.errors) {
      if (WRAPPERS.has(error.keyword)) continue;
      const pointer = fragmentToPointer(error.instanceLocation);
      const keywordPointer = fragmentToPointer(error.keywordLocation);
      const schemaPointer = keywordPointer.slice(0, Math.max(0, keywordPointer.lastIndexOf('/')));
      const id = `${pointer}\u0000${error.keyword}\u0000${schemaPointer}`;
      if (seen.has(id)) continue;
      seen.add(id);
      problems.push({ pointer, rule: error.keyword, schemaPointer, message: error.error });
    }
    return problems;
  };
}

/**
 * Problems of one value against one schema (an empty list when it fits), in the dialect of the
 * document's version (3.0's Schema Object, or JSON Schema 2020-12 for 3.1 and 3.2).
 */
export function validateExample(
  schema: Schema,
  value: unknown,
  components?: Record<string, Schema>,
  dialect: OpenApiDialect = baseDialect(),
): ExampleProblem[] {
  return exampleChecker(schema, components, dialect)(value);
}

interface BodyLike {
  customerJson: string;
  exampleName?: string;
  name: string;
  examples?: { name: string; json: string }[];
}

/** The named example texts of a body: the first (customerJson) and the further ones. */
export function bodyExamples(body: BodyLike): { name: string; json: string }[] {
  const out: { name: string; json: string }[] = [];
  if (body.customerJson.trim() !== '') {
    out.push({ name: body.exampleName ?? (body.name || 'example'), json: body.customerJson });
  }
  for (const example of body.examples ?? []) {
    if (example.json.trim() !== '') out.push({ name: example.name, json: example.json });
  }
  return out;
}
