/**
 * inferSchemaFromValues (issue 14): one schema for several samples. Checked by example, by
 * fast-check properties (every sample validates — with ajv and with the worker's validator —
 * and `required` is exactly the keys every sample object has) and on the shared corpus.
 */
import fc from 'fast-check';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CoreError,
  inferSchema,
  inferSchemaFromExampleTexts,
  inferSchemaFromValues,
  validateExample,
  type Schema,
} from '../../src/shared/openapi';
import { schemaErrors } from './infer-schema.ajv';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Keys every sample has (samples are objects). */
function commonKeys(samples: Record<string, unknown>[]): string[] {
  const [first, ...rest] = samples;
  if (first === undefined) return [];
  return Object.keys(first).filter((key) =>
    rest.every((sample) => Object.prototype.hasOwnProperty.call(sample, key)),
  );
}

function expectAllValid(schema: Schema, samples: unknown[]): void {
  for (const sample of samples) {
    expect(schemaErrors(schema, sample)).toBeNull();
    expect(validateExample(schema, sample)).toEqual([]);
  }
}

describe('inferSchemaFromValues', () => {
  it('makes required exactly the keys every sample has', () => {
    const samples = [
      { id: 1, name: 'a', note: null },
      { id: 2, name: 'b', extra: true, note: 'x' },
      { id: 3, note: null, name: 'c' },
    ];
    const schema = inferSchemaFromValues(samples);
    expect(schema.required).toEqual(['id', 'name', 'note']);
    expect(Object.keys(schema.properties ?? {})).toEqual(['id', 'name', 'note', 'extra']);
    expect(schema.properties?.note).toMatchObject({ type: 'string', nullable: true });
    expectAllValid(schema, samples);
  });

  it('uses oneOf for differing types and nullable when only null differs', () => {
    const schema = inferSchemaFromValues([{ v: 1 }, { v: 'one' }, { v: null }, { v: [1] }]);
    const v = schema.properties?.v as Schema;
    expect(v.oneOf?.map((branch) => branch.type)).toEqual(['array', 'string', 'integer']);
    expect(v.oneOf?.filter((branch) => branch.nullable === true)).toHaveLength(1);
    expect(inferSchemaFromValues([1, null, 2])).toMatchObject({ type: 'integer', nullable: true });
    expect(inferSchemaFromValues([1, 2.5])).toMatchObject({ type: 'number' });
  });

  it('keeps a format only when every value agrees', () => {
    const dates = ['2024-01-01', '2025-12-31'];
    expect(inferSchemaFromValues(dates).format).toBe('date');
    expect(inferSchemaFromValues([...dates, 'tomorrow']).format).toBeUndefined();
    expect(inferSchemaFromValues(['2024-01-01T10:00:00Z', '2024-01-01']).format).toBeUndefined();
    expect(inferSchemaFromValues(['a@example.com', 'b@example.org']).format).toBe('email');
    expect(
      inferSchemaFromValues([
        '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
        '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      ]).format,
    ).toBe('uuid');
    expect(inferSchemaFromValues(['https://a.test/x', 'https://b.test']).format).toBe('uri');
  });

  it('merges array items across samples', () => {
    const samples = [{ tags: [{ a: 1 }] }, { tags: [{ a: 2, b: 'x' }, { a: 3 }] }, { tags: [] }];
    const schema = inferSchemaFromValues(samples);
    expect(schema.properties?.tags?.items).toMatchObject({
      type: 'object',
      required: ['a'],
      properties: { a: { type: 'integer' }, b: { type: 'string' } },
    });
    expectAllValid(schema, samples);
  });

  it('gives {} for no samples and a typed error for bad input', () => {
    expect(inferSchemaFromValues([])).toEqual({});
    expect(() => inferSchemaFromValues('x' as unknown as unknown[])).toThrow(CoreError);
    let deep: unknown = 1;
    for (let i = 0; i < 500; i++) deep = [deep];
    expect(() => inferSchemaFromValues([deep])).toThrow(CoreError);
  });

  it('agrees with the single-sample inference for one sample without nulls', () => {
    const sample = { a: 1, b: [{ c: 'x' }, { c: 'y', d: 2 }], e: '2024-01-01' };
    expect(inferSchemaFromValues([sample])).toEqual(inferSchema(JSON.stringify(sample)));
  });

  it('reads example texts, leaving out those that are not JSON', () => {
    expect(inferSchemaFromExampleTexts(['{"a":1}', 'nope', '{"a":2,"b":true}'])).toMatchObject({
      type: 'object',
      required: ['a'],
    });
    expect(inferSchemaFromExampleTexts(['plain'])).toEqual({ type: 'string', example: 'plain' });
    expect(inferSchemaFromExampleTexts(['', ' '])).toEqual({});
  });
});

describe('inferSchemaFromValues: properties', () => {
  const json = fc.jsonValue({ maxDepth: 4 });
  const object = fc.dictionary(
    fc.oneof(fc.constantFrom('id', 'name', 'tags', 'when', 'n'), fc.string({ maxLength: 6 })),
    json,
    { maxKeys: 6 },
  );

  it('every sample validates against the merged schema', () => {
    fc.assert(
      fc.property(fc.array(json, { minLength: 1, maxLength: 6 }), (samples) => {
        const schema = inferSchemaFromValues(samples);
        for (const sample of samples) {
          expect(schemaErrors(schema, sample)).toBeNull();
          expect(validateExample(schema, sample)).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('required is the intersection of the samples’ keys', () => {
    fc.assert(
      fc.property(fc.array(object, { minLength: 1, maxLength: 6 }), (samples) => {
        const schema = inferSchemaFromValues(samples);
        if (schema.properties === undefined) return; // a map: no fixed properties
        expect(new Set(schema.required ?? [])).toEqual(new Set(commonKeys(samples)));
        for (const sample of samples) expect(schemaErrors(schema, sample)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});

const dir = resolve(__dirname, '../../../shared/corpus/json');
const present = existsSync(dir);
const inCi = process.env.CI === 'true';

/** Sample sets of a corpus file: its top-level array's objects, or those of its arrays. */
function sampleSets(value: unknown): unknown[][] {
  const sets: unknown[][] = [];
  const consider = (list: unknown) => {
    if (Array.isArray(list) && list.length >= 2 && list.some(isPlainObject))
      sets.push(list.slice(0, 2000));
  };
  consider(value);
  if (isPlainObject(value)) for (const child of Object.values(value)) consider(child);
  return sets;
}

describe('inferSchemaFromValues: corpus split into several examples', () => {
  if (!present && !inCi) {
    it.skip(`corpus folder ${dir} is absent (set CI=true to make this a failure)`, () => {});
    return;
  }
  it('the corpus folder exists', () => {
    expect(present, `expected the JSON corpus at ${dir}`).toBe(true);
  });
  const files = present
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
    : [];

  it.each(files)('%s: every sample validates and required is what every sample has', (file) => {
    const value: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    // The whole file split into its parts also counts as one more set (several examples).
    const sets = sampleSets(value);
    for (const samples of sets) {
      const schema = inferSchemaFromValues(samples);
      for (const sample of samples) expect(validateExample(schema, sample)).toEqual([]);
      const objects = samples.filter(isPlainObject);
      if (objects.length === samples.length && schema.properties !== undefined) {
        expect(new Set(schema.required ?? [])).toEqual(new Set(commonKeys(objects)));
      }
    }
  });
});
