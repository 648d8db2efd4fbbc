/** OpenAPI 3.2: 3.1 plus the `query` method, `additionalOperations` and a tree of tags. */
import schema from '../schemas/openapi-3.2.schema.json';
import type { VersionDescriptor } from './types';

export const openApi32: VersionDescriptor = {
  id: 'openapi-3.2',
  field: 'openapi',
  dialect: '3.2',
  matches: (version) => /^3\.2(?:\.\d+)?(?:-[0-9A-Za-z.-]+)?$/.test(version),
  opens: true,
  newDocument: '3.2.0',
  writes: '3.2.0',
  schemaDraft: '2020-12',
  schema: schema as Record<string, unknown>,
  features: {
    jsonSchema: true,
    webhooks: true,
    jsonSchemaDialect: true,
    infoSummary: true,
    responsesOptional: true,
    queryMethod: true,
    additionalOperations: true,
    tagTree: true,
  },
};
