/**
 * The Schemas section's edits as commands that carry their target (model/schema-commands.ts):
 * the commands the page sends write the same text as the whole set would.
 */
import { describe, expect, it } from 'vitest';
import { schemaEditCommands } from '../../../src/app/model/schema-commands';
import { createCoreApi } from '../../../src/shared/openapi/core-api';
import { value } from '../../shared/support/result';
import type { DocumentCommand, Endpoint, Schema } from '../../../src/shared/openapi';
import { deleteSchema, renameSchema } from '../../../src/shared/openapi/document/schemas';

const SCHEMAS_TEXT = `openapi: 3.0.3
info:
  title: Shop
  version: '1'
paths:
  /orders:
    post:
      requestBody:
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Order'
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Receipt'
components:
  schemas:
    Address:
      type: object
      properties:
        street: {type: string}
    Order:
      type: object
      properties:
        to: {$ref: '#/components/schemas/Address'}
    Receipt:
      type: object
      properties:
        total: {type: number}
`;

/** The open document's shared schemas, in order. */
function schemasOf(api: ReturnType<typeof createCoreApi>): Record<string, Schema> {
  return Object.fromEntries(value(api.schemaEntries(0, 1000)));
}

describe('schemaEditCommands: the Schemas section’s edits as commands', () => {
  type Step = (
    endpoints: Endpoint[],
    schemas: Record<string, Schema>,
  ) => { endpoints: Endpoint[]; schemas: Record<string, Schema> };
  const steps: Record<string, Step> = {
    // (A body named after its schema is renamed by the worker's renameSchema command: see
    // tests/app/document-editor; this is the form's own rename, its fallback.)
    'a rename (keeps its place, every $ref follows)': (endpoints, schemas) =>
      renameSchema(endpoints, schemas, 'Address', 'Place'),
    'a new schema': (endpoints, schemas) => ({
      endpoints,
      schemas: { ...schemas, Extra: { type: 'string' } },
    }),
    'a changed schema': (endpoints, schemas) => ({
      endpoints,
      schemas: { ...schemas, Receipt: { type: 'object', description: 'Paid' } },
    }),
    'a deleted schema': (endpoints, schemas) => deleteSchema(endpoints, schemas, 'Address'),
  };
  for (const [name, step] of Object.entries(steps)) {
    it(`writes ${name} as the whole set would`, () => {
      const byCommands = createCoreApi();
      const whole = createCoreApi();
      value(byCommands.openDocument(SCHEMAS_TEXT));
      value(whole.openDocument(SCHEMAS_TEXT));
      const endpoints = value(byCommands.views(0, 10));
      const before = schemasOf(byCommands);
      const after = step(endpoints, before);
      const commands = schemaEditCommands(endpoints, before, after);
      // No endpoint goes whole: what changed in one is its body, response or parameter.
      expect(commands.some((c) => c.kind === 'putEndpoint')).toBe(false);
      const puts: DocumentCommand[] = after.endpoints
        .filter((e, i) => e !== endpoints[i])
        .map((endpoint) => ({ kind: 'putEndpoint', endpoint }));
      value(byCommands.apply(commands, value(byCommands.revision())));
      value(whole.setSchemas(after.schemas));
      value(whole.apply(puts, value(whole.revision())));
      expect(Object.keys(schemasOf(byCommands))).toEqual(Object.keys(schemasOf(whole)));
      expect(value(byCommands.text()).text).toBe(value(whole.text()).text);
    });
  }
});
