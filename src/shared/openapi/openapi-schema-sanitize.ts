/**
 * Makes an imported schema a valid OpenAPI 3.0 Schema Object, so that a regenerated document
 * is valid even when the source was not (JSON Schema 2019+/3.1 keywords, `type: 'null'`,
 * numeric `exclusiveMinimum`, `(?i)` patterns, empty `required` lists, tuple `items`, …).
 * Every change is reported at the JSON pointer of what changed; nothing is dropped silently.
 * The schema is fixed in place (it belongs to the freshly parsed document) and iteratively.
 */
import { isObject, pointerOf, type JsonObject } from './openapi-common';

export type SchemaReport = (
  code: 'SCHEMA_INVALID' | 'SCHEMA_KEYWORD' | 'SCHEMA_TYPE' | 'UNRESOLVED_REF',
  pointer: string,
  message: string,
) => void;

const TYPES = new Set(['array', 'boolean', 'integer', 'number', 'object', 'string']);
const STRINGS = new Set(['title', 'description', 'format']);
const BOOLEANS = new Set([
  'exclusiveMaximum',
  'exclusiveMinimum',
  'uniqueItems',
  'nullable',
  'readOnly',
  'writeOnly',
  'deprecated',
]);
const NUMBERS = new Set(['maximum', 'minimum']);
const COUNTS = new Set([
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
  'maxProperties',
  'minProperties',
]);
const ANY = new Set(['default', 'example', 'enum']);
const SINGLE_SCHEMAS = new Set(['not', 'items']);
const SCHEMA_LISTS = new Set(['allOf', 'oneOf', 'anyOf']);

/** The check `ajv-formats` applies to `format: regex` (Unicode mode, no `\Z`). */
function isValidPattern(pattern: string): boolean {
  if (/[^\\]\\Z/.test(pattern)) return false;
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/**
 * Fixes `schema` (and every inline subschema) in place. Subschemas that are `$ref`s are left
 * alone when `refOk` accepts the reference (their targets are fixed as components of their
 * own); a reference it rejects is removed, leaving its sibling keywords. Returns the (possibly
 * replaced) root, which is `{}` when the root was not an object.
 */
export function sanitizeSchema(
  schema: unknown,
  pointer: string,
  report: SchemaReport,
  refOk: (ref: string) => boolean,
): JsonObject {
  let root: JsonObject;
  if (isObject(schema)) {
    root = schema;
  } else {
    report('SCHEMA_INVALID', pointer, 'A schema that is not an object is replaced by {}.');
    root = {};
  }
  const stack: [JsonObject, string][] = [[root, pointer]];
  while (stack.length > 0) {
    const [node, at] = stack.pop() as [JsonObject, string];
    if (Object.hasOwn(node, '$ref')) {
      const ref = node.$ref;
      if (typeof ref === 'string' && refOk(ref)) continue;
      delete node.$ref;
      report(
        'UNRESOLVED_REF',
        at,
        `Reference ${JSON.stringify(ref)} does not resolve to a schema component; the form does not show it, and the document keeps it as written.`,
      );
    }
    for (const key of Object.keys(node)) {
      const value = node[key];
      const here = pointerOf(at, key);
      const drop = (why: string) => {
        delete node[key];
        report(
          'SCHEMA_KEYWORD',
          here,
          `'${key}' ${why}; the form does not show it, and the document keeps it as written.`,
        );
      };
      if (key.startsWith('x-')) continue;
      if (ANY.has(key)) {
        if (key === 'enum' && (!Array.isArray(value) || value.length === 0))
          drop('must be a non-empty list');
        continue;
      }
      if (STRINGS.has(key)) {
        if (typeof value !== 'string') drop('must be a string');
      } else if (BOOLEANS.has(key)) {
        if (typeof value !== 'boolean') drop('must be a boolean in OpenAPI 3.0');
      } else if (NUMBERS.has(key)) {
        if (typeof value !== 'number') drop('must be a number');
      } else if (COUNTS.has(key)) {
        if (!Number.isInteger(value) || (value as number) < 0)
          drop('must be a non-negative integer');
      } else if (key === 'multipleOf') {
        if (typeof value !== 'number' || value <= 0) drop('must be a positive number');
      } else if (key === 'pattern') {
        if (typeof value !== 'string' || !isValidPattern(value))
          drop('is not a valid ECMAScript pattern');
      } else if (key === 'type') {
        fixType(node, value, at, report);
      } else if (key === 'required') {
        if (!Array.isArray(value)) {
          drop('must be a list');
        } else {
          const names = [
            ...new Set(value.filter((item): item is string => typeof item === 'string')),
          ];
          if (names.length === 0) drop('must list at least one name');
          else if (names.length !== value.length) {
            node[key] = names;
            report(
              'SCHEMA_KEYWORD',
              here,
              "Duplicate or non-string names in 'required' are not shown in the form; the document keeps them as written.",
            );
          }
        }
      } else if (SINGLE_SCHEMAS.has(key)) {
        if (isObject(value)) stack.push([value, here]);
        else drop('must be a schema object');
      } else if (SCHEMA_LISTS.has(key)) {
        if (!Array.isArray(value)) {
          drop('must be a list of schemas');
        } else {
          const kept = value.filter((item, index) => {
            if (isObject(item)) return true;
            report(
              'SCHEMA_INVALID',
              pointerOf(here, index),
              'A subschema that is not an object is not shown in the form; the document keeps it as written.',
            );
            return false;
          }) as JsonObject[];
          if (kept.length !== value.length) node[key] = kept;
          kept.forEach((item) => stack.push([item, pointerOf(here, value.indexOf(item))]));
        }
      } else if (key === 'properties') {
        if (!isObject(value)) {
          drop('must be an object');
        } else {
          for (const name of Object.keys(value)) {
            const property = value[name];
            if (isObject(property)) stack.push([property, pointerOf(here, name)]);
            else {
              value[name] = {};
              report(
                'SCHEMA_INVALID',
                pointerOf(here, name),
                'A property schema that is not an object is replaced by {}.',
              );
            }
          }
        }
      } else if (key === 'additionalProperties') {
        if (isObject(value)) stack.push([value, here]);
        else if (typeof value !== 'boolean') drop('must be a boolean or a schema');
      } else if (key === 'discriminator') {
        if (!isObject(value) || typeof value.propertyName !== 'string')
          drop('must name a propertyName');
        else fixDiscriminator(value, here, report);
      } else if (key === 'externalDocs') {
        if (!isObject(value) || typeof value.url !== 'string') drop('must carry a url');
      } else if (key === 'xml') {
        if (!isObject(value)) drop('must be an object');
      } else {
        drop('is not an OpenAPI 3.0 schema keyword');
      }
    }
  }
  return root;
}

function fixType(node: JsonObject, value: unknown, at: string, report: SchemaReport): void {
  if (typeof value === 'string' && TYPES.has(value)) return;
  const list = Array.isArray(value) ? value : [value];
  const types = list.filter((item): item is string => typeof item === 'string' && TYPES.has(item));
  const nullable = list.includes('null');
  if (types.length === 1) node.type = types[0];
  else delete node.type;
  if (nullable && types.length === 1) node.nullable = true;
  report(
    'SCHEMA_TYPE',
    at,
    `type ${JSON.stringify(value)} is not an OpenAPI 3.0 type; ` +
      (types.length === 1
        ? `the form shows '${types[0]}'${nullable ? ' with nullable' : ''} (the document keeps it as written).`
        : 'the form does not show it, and the document keeps it as written.'),
  );
}

function fixDiscriminator(value: JsonObject, at: string, report: SchemaReport): void {
  const mapping = value.mapping;
  if (mapping === undefined) return;
  if (isObject(mapping) && Object.values(mapping).every((target) => typeof target === 'string'))
    return;
  delete value.mapping;
  report(
    'SCHEMA_KEYWORD',
    pointerOf(at, 'mapping'),
    'A discriminator mapping that is not a map of strings is not shown in the form; the document keeps it as written.',
  );
}
