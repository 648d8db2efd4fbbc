/**
 * Issue 14.1: every example of a body is written under `examples:` by name, and a body typed in
 * the form with several examples gets one schema for all of them.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  generateOpenApi,
  importCurl,
  parseOpenApi,
  renderOpenApi,
  type Endpoint,
} from '../../src/shared/openapi';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function endpointWithExamples(): Endpoint {
  return {
    id: 'e1',
    path: '/users',
    summary: 'Create a user',
    method: 'POST',
    parameters: [],
    isDuplicate: false,
    requestBody: {
      name: 'User',
      customerJson: '{"id": 1, "name": "Ann", "email": "ann@example.com"}',
      exampleName: 'ann',
      examples: [
        { name: 'bob', json: '{"id": 2, "name": "Bob"}', summary: 'Without an e-mail' },
        { name: 'blank', json: '  ' },
      ],
    },
    responses: [{ statusCode: 204, body: { name: '', customerJson: '' } }],
  };
}

describe('several examples in the output', () => {
  it('writes every example by name and merges them into one schema', () => {
    const doc = parse(generateOpenApi([endpointWithExamples()])) as Json;
    const media = doc.paths['/users'].post.requestBody.content['application/json'];
    expect(Object.keys(media.examples)).toEqual(['ann', 'bob']);
    expect(media.examples.ann.value).toEqual({ id: 1, name: 'Ann', email: 'ann@example.com' });
    expect(media.examples.bob).toEqual({
      summary: 'Without an e-mail',
      value: { id: 2, name: 'Bob' },
    });
    const schema = doc.components.schemas.User;
    expect(schema.required).toEqual(['id', 'name']);
    expect(Object.keys(schema.properties)).toEqual(['id', 'name', 'email']);
  });

  it('keeps every call of imported traffic as an example', () => {
    const { endpoints } = importCurl(
      [
        `curl -X POST https://api.test/users -H 'Content-Type: application/json' -d '{"a":1}'`,
        `curl -X POST https://api.test/users -H 'Content-Type: application/json' -d '{"a":2,"b":"x"}'`,
      ].join('\n'),
    );
    const body = endpoints[0]!.requestBody!;
    const names = [body.exampleName, ...(body.examples ?? []).map((example) => example.name)];
    expect(names.length).toBe(2);
    const doc = parse(generateOpenApi(endpoints)) as Json;
    const media = doc.paths['/users'].post.requestBody.content['application/json'];
    expect(Object.keys(media.examples)).toEqual(names);
    expect(media.examples[names[1]!].value).toEqual({ a: 2, b: 'x' });
  });

  it('turns a loaded single `example` into `examples` when one is added (never both)', () => {
    const source = [
      'openapi: 3.0.1',
      'info: {title: T, version: "1"}',
      'paths:',
      '  /pets:',
      '    post:',
      '      requestBody:',
      '        content:',
      '          application/json:',
      '            schema: {type: object}',
      '            example: {a: 1}',
      '      responses:',
      "        '204': {description: No content}",
      '',
    ].join('\n');
    const doc = parseOpenApi(source);
    const body = doc.endpoints[0]!.requestBody!;
    body.examples = [{ name: 'second', json: '{"a": 2}' }];
    const media = (parse(renderOpenApi(doc)) as Json).paths['/pets'].post.requestBody.content[
      'application/json'
    ];
    expect(media.example).toBeUndefined();
    expect(Object.values(media.examples as Json).map((entry: Json) => entry.value)).toEqual([
      { a: 1 },
      { a: 2 },
    ]);
  });
});

describe('several examples in a loaded document', () => {
  const source = [
    'openapi: 3.0.1',
    'info: {title: T, version: "1"}',
    'paths:',
    '  /pets:',
    '    post:',
    '      requestBody:',
    '        content:',
    '          application/json:',
    '            schema: {type: object}',
    '            examples:',
    '              cat:',
    '                summary: A cat',
    '                value: {name: Tom}',
    '              dog:',
    '                summary: A dog',
    '                value: {name: Rex}',
    '      responses:',
    "        '204': {description: No content}",
    '',
  ].join('\n');

  it('reads every example by name, and edits one of them in its own lines', () => {
    const doc = parseOpenApi(source);
    const body = doc.endpoints[0]!.requestBody!;
    expect(body.exampleName).toBe('cat');
    expect(JSON.parse(body.customerJson)).toEqual({ name: 'Tom' });
    expect(body.examples).toEqual([
      { name: 'dog', summary: 'A dog', json: JSON.stringify({ name: 'Rex' }, null, 2) },
    ]);
    expect(renderOpenApi(doc)).toBe(source);
    body.examples = [{ ...body.examples![0]!, json: '{"name": "Max"}' }];
    expect(renderOpenApi(doc)).toBe(source.replace('value: {name: Rex}', 'value: {name: Max}'));
  });

  it('renames the first example in place', () => {
    const doc = parseOpenApi(source);
    doc.endpoints[0]!.requestBody!.exampleName = 'kitten';
    expect(renderOpenApi(doc)).toBe(source.replace('              cat:', '              kitten:'));
  });
});
