/**
 * An OpenAPI document of `count` GET operations that all answer the same component, `Pet`, which
 * refers to `Tag`: the smallest shape with the sharing that the chunked transfers must keep.
 */
export function petsDocument(count: number): string {
  const paths = Array.from({ length: count }, (_, i) => [
    `  /pets${i}:`,
    '    get:',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    "              schema: {$ref: '#/components/schemas/Pet'}",
  ]).flat();
  return [
    'openapi: 3.0.1',
    'info: {title: Pets, version: v1}',
    'paths:',
    ...paths,
    'components:',
    '  schemas:',
    '    Pet: {type: object, properties: {tag: {$ref: "#/components/schemas/Tag"}}}',
    '    Tag: {type: string}',
  ].join('\n');
}
