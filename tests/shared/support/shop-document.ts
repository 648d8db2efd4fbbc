/**
 * A small document whose request body is named after the shared schema it points at (`Order`),
 * which points at another (`Address`); `Receipt` is unused. Renaming or deleting `Order` must
 * follow into the body (tests of the Schemas section's edits).
 */
export const SHOP_DOCUMENT = [
  'openapi: 3.0.1',
  'info: {title: Shop, version: "1"}',
  'paths:',
  '  /orders:',
  '    post:',
  '      requestBody:',
  '        content:',
  "          application/json: {schema: {$ref: '#/components/schemas/Order'}}",
  "      responses: {'200': {description: OK}}",
  'components:',
  '  schemas:',
  '    Address: {type: object}',
  '    Order:',
  '      type: object',
  "      properties: {to: {$ref: '#/components/schemas/Address'}}",
  '    Receipt: {type: object}',
  '',
].join('\n');
