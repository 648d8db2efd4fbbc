/**
 * Where a schema holds other schemas, by keyword: one home for the lists the `$ref` walker, the
 * example checks and the shape check of JSON Schema documents go by. Draft-04 (OpenAPI 3.0's
 * Schema Object, Swagger 2.0) and 2020-12 (OpenAPI 3.1 and 3.2) differ; a walk that must see
 * every `$ref` whatever the dialect takes both.
 */

/** A dialect's keywords whose value is one schema, a list of schemas, or a map of named ones. */
export interface SubschemaKeywords {
  one: ReadonlySet<string>;
  lists: ReadonlySet<string>;
  maps: ReadonlySet<string>;
}

/** Draft-04 (`items` may also be a list: a tuple). */
export const DRAFT4_SUBSCHEMAS: SubschemaKeywords = {
  one: new Set(['items', 'additionalProperties', 'not', 'additionalItems']),
  lists: new Set(['allOf', 'anyOf', 'oneOf']),
  maps: new Set(['properties', 'patternProperties', 'definitions']),
};

/** JSON Schema 2020-12. */
export const DRAFT2020_SUBSCHEMAS: SubschemaKeywords = {
  one: new Set([
    'items',
    'additionalProperties',
    'not',
    'contains',
    'propertyNames',
    'if',
    'then',
    'else',
    'unevaluatedItems',
    'unevaluatedProperties',
    'contentSchema',
  ]),
  lists: new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']),
  maps: new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']),
};

/** Both dialects' keywords: what a walk that must not miss a subschema goes through. */
export const ANY_SUBSCHEMAS: SubschemaKeywords = {
  one: new Set([...DRAFT4_SUBSCHEMAS.one, ...DRAFT2020_SUBSCHEMAS.one]),
  lists: new Set([...DRAFT4_SUBSCHEMAS.lists, ...DRAFT2020_SUBSCHEMAS.lists]),
  maps: new Set([...DRAFT4_SUBSCHEMAS.maps, ...DRAFT2020_SUBSCHEMAS.maps]),
};
