/**
 * The lint's example findings read as the form's places (issue 30.1): which operation, which
 * body, which named example, where in it, and the keyword Spectral's message names.
 */
import { describe, expect, it } from 'vitest';
import { examplePlace, exampleRule } from '../../../src/app/generator/example-findings';
import type { LintFinding } from '../../../src/shared/openapi/lint/types';

const finding = (path: (string | number)[], message: string, code = 'oas3-valid-media-example') =>
  ({
    code,
    path,
    severity: 'error',
    message,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
    source: 'spectral:oas',
  }) satisfies LintFinding;

describe('example findings', () => {
  it('reads a response example written as `example`, and a request body named example', () => {
    expect(
      examplePlace(
        finding(
          [
            'paths',
            '/pets',
            'get',
            'responses',
            '200',
            'content',
            'application/json',
            'example',
            'age',
          ],
          '"age" property type must be integer',
        ),
      ),
    ).toEqual({
      root: 'paths',
      path: '/pets',
      method: 'get',
      body: '200',
      mediaType: 'application/json',
      example: 'example',
      pointer: '/age',
      rule: 'type',
    });
    expect(
      examplePlace(
        finding(
          ['webhooks', 'newPet', 'post', 'requestBody', 'content', 'application/json'].concat([
            'examples',
            'cat',
            'value',
            'tags',
            '0',
            'a/b',
          ]),
          '"value" property must have required property "name"',
        ),
      ),
    ).toMatchObject({
      root: 'webhooks',
      body: 'request',
      example: 'cat',
      pointer: '/tags/0/a~1b',
      rule: 'required',
    });
  });

  it('leaves out examples the form shows no body for, and other rules', () => {
    expect(
      examplePlace(
        finding(
          ['paths', '/p', 'parameters', '0', 'example'],
          '"example" property type must be integer',
        ),
      ),
    ).toBeUndefined();
    expect(
      examplePlace(
        finding(
          ['components', 'schemas', 'Pet', 'example', 'age'],
          'x',
          'oas3-valid-schema-example',
        ),
      ),
    ).toBeUndefined();
  });

  it('names the keyword of Ajv’s message as Spectral gives it', () => {
    expect(
      exampleRule('"kind" property must be equal to one of the allowed values: "a", "b"'),
    ).toBe('enum');
    expect(exampleRule('"when" property must match format "date-time"')).toBe('format');
    expect(exampleRule('"n" property must be <= 3')).toBe('maximum');
    expect(exampleRule('"name" property must NOT have fewer than 3 characters')).toBe('minLength');
    expect(exampleRule('Property "extra" is not expected to be here')).toBe('additionalProperties');
    expect(exampleRule('something else')).toBe('schema');
  });
});
