/** A document whose only response example does not fit its schema (`age` is not an integer). */
export const MISFIT_EXAMPLE_DOCUMENT = [
  'openapi: 3.0.3',
  'info: {title: Pets, version: v1}',
  'paths:',
  '  /pets:',
  '    get:',
  '      summary: List pets',
  '      responses:',
  "        '200':",
  '          description: OK',
  '          content:',
  '            application/json:',
  '              schema: {type: object, properties: {age: {type: integer}}}',
  '              example: {age: old}',
  '',
].join('\n');
