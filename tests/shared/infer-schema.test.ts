import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CoreError,
  detectFormat,
  inferSchema,
  MAX_NESTING_DEPTH,
  type Schema,
} from '../../src/shared/openapi';
import { schemaErrors } from './infer-schema.ajv';

/** Infers from a value; every value but a blank text has a schema. */
const infer = (value: unknown) => inferSchema(JSON.stringify(value)) as Schema;

describe('inferSchema: spec §5/§9 basics', () => {
  it.each(['', '   ', '\n\t '])('blank text %j gives no schema', (text) => {
    expect(inferSchema(text)).toBeUndefined();
  });

  it.each(['not json', '{"a":', "{'a': 1}", '[1,]'])(
    'invalid JSON %j is a string-typed root carrying the text',
    (text) => {
      expect(inferSchema(text)).toEqual({ type: 'string', example: text });
    },
  );

  it('infers primitives with their sample as example', () => {
    expect(infer('abc')).toEqual({ type: 'string', example: 'abc' });
    expect(infer(42)).toEqual({ type: 'integer', example: 42 });
    expect(infer(0)).toEqual({ type: 'integer', example: 0 });
    expect(infer(-1.5)).toEqual({ type: 'number', example: -1.5 });
    expect(infer(false)).toEqual({ type: 'boolean', example: false });
    expect(infer('')).toEqual({ type: 'string', example: 'string' });
  });

  it('falls back to 1 for numbers JSON cannot keep finite', () => {
    expect(inferSchema('1e400')).toEqual({ type: 'number', example: 1 });
  });

  it('builds objects with properties and required', () => {
    expect(infer({ id: 7, name: 'Ann', ok: true })).toEqual({
      type: 'object',
      properties: {
        id: { type: 'integer', example: 7 },
        name: { type: 'string', example: 'Ann' },
        ok: { type: 'boolean', example: true },
      },
      required: ['id', 'name', 'ok'],
    });
  });

  it('gives an empty object just its type', () => {
    expect(infer({})).toEqual({ type: 'object' });
  });

  it('carries the elements of an array of primitives as its example', () => {
    expect(infer([1, 2, 3])).toEqual({
      type: 'array',
      items: { type: 'integer', example: 1 },
      example: [1, 2, 3],
    });
    expect(infer({ tags: ['a', 'b'] }).properties?.tags).toEqual({
      type: 'array',
      items: { type: 'string', example: 'a' },
      example: ['a', 'b'],
    });
  });

  it('gives an empty array items {} and no example', () => {
    expect(infer([])).toEqual({ type: 'array', items: {} });
  });
});

describe('inferSchema: improvements of issue 2', () => {
  it('merges ALL elements of an array of objects', () => {
    const schema = infer([
      { id: 1, name: 'a', note: null },
      { id: 2, extra: 'x', note: 'n' },
      { id: 3, name: 'c' },
    ]);
    expect(schema).toEqual({
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer', example: 1 },
          name: { type: 'string', example: 'a' },
          note: { type: 'string', nullable: true, example: 'n' },
          extra: { type: 'string', example: 'x' },
        },
        required: ['id'],
      },
    });
  });

  it('treats a key that is null somewhere as not required', () => {
    const schema = infer([{ a: 1 }, { a: null }]);
    expect(schema?.items).toEqual({
      type: 'object',
      properties: { a: { type: 'integer', nullable: true, example: 1 } },
    });
  });

  it('makes an int/float mix a number', () => {
    expect(infer([1, 2.5, 3]).items).toEqual({ type: 'number', example: 1 });
    expect(infer([{ v: 1 }, { v: 0.5 }]).items?.properties?.v).toEqual({
      type: 'number',
      example: 1,
    });
  });

  it('gives null nullable: true and never type null', () => {
    expect(infer(null)).toEqual({ nullable: true });
    expect(infer({ a: null })).toEqual({
      type: 'object',
      properties: { a: { nullable: true } },
    });
    expect(JSON.stringify(infer({ a: null, b: [null, 1] }))).not.toContain('"null"');
  });

  it('gives mixed-type arrays oneOf, with null on exactly one branch', () => {
    expect(infer([123, 'abc', null]).items).toEqual({
      oneOf: [
        { type: 'string', nullable: true, example: 'abc' },
        { type: 'integer', example: 123 },
      ],
    });
    expect(infer([123, [1, 2, 3], { a: true }]).items).toEqual({
      oneOf: [
        { type: 'object', properties: { a: { type: 'boolean', example: true } }, required: ['a'] },
        { type: 'array', items: { type: 'integer', example: 1 }, example: [1, 2, 3] },
        { type: 'integer', example: 123 },
      ],
    });
  });

  it.each([
    ['2024-02-29T10:20:30Z', 'date-time'],
    ['2024-02-29T10:20:30.123+03:00', 'date-time'],
    ['2024-02-29', 'date'],
    ['ann@example.com', 'email'],
    ['1234@ab.cd', 'email'],
    ['8a@example.org', 'email'],
    ['123e4567-e89b-12d3-a456-426614174000', 'uuid'],
    ['https://example.com/a/b?c=d#e', 'uri'],
    ['http://localhost:8080/', 'uri'],
  ])('detects the format of %j as %s', (text, format) => {
    expect(detectFormat(text)).toBe(format);
    expect(infer(text)).toEqual({ type: 'string', format, example: text });
  });

  it.each([
    '2023-02-29',
    '2024-13-01',
    '2024-01-01T25:00:00Z',
    '2024-01-01T10:00:00', // no time zone
    '2024-01-01 10:00:00Z',
    'ann@',
    'ann@example..com',
    '123e4567-e89b-12d3-a456-42661417400',
    'https://api.github.com/users/{user}',
    'ftp://example.com',
    'hello',
    '12345',
  ])('detects no format in %j', (text) => {
    expect(detectFormat(text)).toBeUndefined();
    expect(infer(text)?.format).toBeUndefined();
  });

  it('keeps a format only when every string at a position has it', () => {
    expect(infer(['2024-01-01', '2024-01-02']).items?.format).toBe('date');
    expect(infer(['2024-01-01', 'soon']).items?.format).toBeUndefined();
    expect(infer(['2024-01-01', '2024-01-01T00:00:00Z']).items?.format).toBeUndefined();
  });

  it('turns id-keyed objects into maps with additionalProperties', () => {
    const sample = {
      '752514': { id: 752514, code: 'a', extra: true },
      '588803': { id: 588803, code: 'b' },
    };
    expect(infer(sample)).toEqual({
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: {
          // Integer-like keys enumerate in ascending order, so 588803 is seen first.
          id: { type: 'integer', example: 588803 },
          code: { type: 'string', example: 'b' },
          extra: { type: 'boolean', example: true },
        },
        required: ['id', 'code'],
      },
    });
    expect(infer({ '2024-01-01': 1, '2024-01-02': 2 })).toEqual({
      type: 'object',
      additionalProperties: { type: 'integer', example: 1 },
    });
  });

  it('turns code-keyed objects with one value kind into maps', () => {
    expect(infer({ AUD: 1.5, CAD: 1.4, CHF: 1.6, CZK: 36, DKK: 7.4 })).toEqual({
      type: 'object',
      additionalProperties: { type: 'number', example: 1.5 },
    });
    // Too few codes, or mixed kinds: an ordinary object.
    expect(infer({ USD: 1, EUR: 2 }).properties).toBeDefined();
  });

  it('turns objects with hundreds of same-kind values into maps, but not mixed ones', () => {
    const emojis = Object.fromEntries(
      Array.from({ length: 150 }, (_, i) => [`name${i}`, `https://x.example/${i}.png`]),
    );
    expect(infer(emojis)).toEqual({
      type: 'object',
      additionalProperties: { type: 'string', format: 'uri', example: 'https://x.example/0.png' },
    });
    const mixed = { ...emojis, dontMakeAMap: true };
    expect(Object.keys(infer(mixed)?.properties ?? {})).toHaveLength(151);
  });

  it('keeps "__proto__" as a plain property without polluting prototypes', () => {
    const schema = inferSchema('{"__proto__": {"polluted": 1}, "a": {"__proto__": 2}}');
    expect(Object.keys(schema?.properties ?? {})).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(schema?.properties)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(schema?.properties?.a?.properties?.['__proto__']).toEqual({
      type: 'integer',
      example: 2,
    });
  });

  it('ignores a leading byte order mark', () => {
    expect(inferSchema('\uFEFF{"a":1}')?.type).toBe('object');
  });
});

describe('inferSchema: limits', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it(`accepts nesting up to ${MAX_NESTING_DEPTH} levels`, () => {
    expect(inferSchema(nested(MAX_NESTING_DEPTH))?.type).toBe('array');
  });

  it.each([MAX_NESTING_DEPTH + 1, 5_000, 10_000])('rejects %i levels with TOO_DEEP', (depth) => {
    expect(() => inferSchema(nested(depth))).toThrowError(
      expect.objectContaining({ code: 'TOO_DEEP' }) as Error,
    );
    try {
      inferSchema(nested(depth));
    } catch (error) {
      expect(error).toBeInstanceOf(CoreError);
    }
  });

  it('rejects text over the input cap with INPUT_TOO_LARGE', () => {
    const big = ' '.repeat(20 * 1024 * 1024 + 1);
    expect(() => inferSchema(big)).toThrowError(
      expect.objectContaining({ code: 'INPUT_TOO_LARGE' }) as Error,
    );
  });
});

describe('inferSchema: every sample validates against its own schema', () => {
  const samples: unknown[] = [
    [{ a: 1 }, { a: 'x' }, { a: null }, {}],
    { x: [123, 'abc', null], y: [123, null], z: [123, [1, 2, 3], { a: true }] },
    [[1, 'a'], [], [null], [[{ b: 2 }]]],
    { '1': { a: 1 }, '2': 'two', '3': null },
    [null, null],
    [{ t: '2024-01-01T00:00:00Z' }, { t: null }, { t: '2024-06-01T12:00:00+02:00' }],
  ];
  it.each(samples.map((s) => [JSON.stringify(s), s]))('%s', (_label, sample) => {
    const schema = infer(sample);
    expect(schema).toBeDefined();
    expect(schemaErrors(schema!, sample)).toBeNull();
  });

  it('holds for random JSON (fast-check)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const text = JSON.stringify(value);
        const schema = inferSchema(text);
        expect(schema).toBeDefined();
        expect(schemaErrors(schema!, JSON.parse(text))).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('holds for random maps (id, date, code and many keys) nested in records', () => {
    const leaf = fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string({ maxLength: 4 }),
      fc.constant(null),
      fc.record(
        { a: fc.integer(), b: fc.option(fc.string({ maxLength: 2 })) },
        { requiredKeys: ['a'] },
      ),
    );
    const mapKey = fc.oneof(
      fc.nat().map(String),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom('USD', 'EUR', 'GBP', 'JPY', 'CHF', 'AUD', 'CAD'),
      fc.uuid(),
    );
    const map = fc.dictionary(mapKey, leaf, { minKeys: 1, maxKeys: 12 });
    const wide = fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.integer(), {
      minKeys: 90,
      maxKeys: 140,
    });
    fc.assert(
      fc.property(fc.array(fc.record({ m: map, w: wide }), { maxLength: 4 }), (records) => {
        const text = JSON.stringify(records);
        const schema = inferSchema(text);
        expect(schemaErrors(schema!, JSON.parse(text))).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it('holds for random arrays of records with optional, null and mixed fields', () => {
    const record = fc.dictionary(
      fc.constantFrom('id', 'name', 'when', 'mail', 'tags', 'child', '__proto__', ''),
      fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constant(null),
        fc.constantFrom('2024-01-01', '2024-01-01T00:00:00Z', 'a@b.co', 'https://e.x/', 'x'),
        fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 3 }), fc.boolean(), { maxKeys: 3 }),
      ),
    );
    fc.assert(
      fc.property(fc.array(record, { maxLength: 8 }), (records) => {
        const text = JSON.stringify(records);
        const value: unknown = JSON.parse(text);
        const schema = inferSchema(text);
        expect(schemaErrors(schema!, value)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});
