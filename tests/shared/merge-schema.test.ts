/** mergeIntoSchema (issue 14): re-inference keeps hand edits and reports contradictions. */
import { describe, expect, it } from 'vitest';
import {
  acceptSuggestion,
  inferSchemaFromValues,
  mergeIntoSchema,
  validateExample,
  type Schema,
} from '../../src/shared/openapi';

const edited: Schema = {
  type: 'object',
  description: 'A user',
  required: ['id', 'role'],
  properties: {
    id: { type: 'integer', minimum: 1, description: 'The id' },
    role: { type: 'string', enum: ['admin', 'user'] },
    email: { type: 'string', format: 'email', description: 'Work address' },
    code: { type: 'string', pattern: '^[A-Z]{3}$', maxLength: 3 },
    score: { type: 'number', maximum: 100 },
  },
};

function remerge(samples: unknown[]) {
  return mergeIntoSchema(edited, inferSchemaFromValues(samples), samples);
}

describe('mergeIntoSchema', () => {
  it('keeps every hand edit when the new samples still fit', () => {
    const samples = [
      { id: 3, role: 'admin', email: 'a@b.test', code: 'ABC', score: 12 },
      { id: 4, role: 'user', code: 'XYZ', score: 7.5, active: true },
    ];
    const { schema, conflicts } = remerge(samples);
    expect(conflicts).toEqual([]);
    expect(schema.description).toBe('A user');
    expect(schema.properties?.id).toMatchObject({ minimum: 1, description: 'The id' });
    expect(schema.properties?.role?.enum).toEqual(['admin', 'user']);
    expect(schema.properties?.email).toMatchObject({
      format: 'email',
      description: 'Work address',
    });
    expect(schema.properties?.code).toMatchObject({ pattern: '^[A-Z]{3}$', maxLength: 3 });
    expect(schema.properties?.score).toMatchObject({ type: 'number', maximum: 100 });
    // New information is added: a property the edit did not know.
    expect(schema.properties?.active).toMatchObject({ type: 'boolean' });
    expect(schema.required).toEqual(['id', 'role']);
    for (const sample of samples) expect(validateExample(schema, sample)).toEqual([]);
  });

  it('reports contradictions instead of overwriting', () => {
    const { schema, conflicts } = remerge([
      { id: 0, role: 'guest', email: 'nope', code: 'abcd', score: 101 },
      { id: 'x7', email: null },
    ]);
    const found = conflicts.map((c) => `${c.pointer} ${c.rule}`).sort();
    expect(found).toEqual(
      [
        '/properties/code maxLength',
        '/properties/code pattern',
        '/properties/email format',
        '/properties/email nullable',
        '/properties/id minimum',
        '/properties/id type',
        '/properties/role enum',
        '/properties/role required',
        '/properties/score maximum',
      ].sort(),
    );
    // Nothing was overwritten.
    expect(schema.properties?.role?.enum).toEqual(['admin', 'user']);
    expect(schema.properties?.id).toMatchObject({ type: 'integer', minimum: 1 });
    expect(schema.required).toEqual(['id', 'role']);
  });

  it('applies the samples’ side of a conflict when the user chooses it', () => {
    const samples = [{ id: 0, role: 'guest' }, { id: 2 }];
    const { schema, conflicts } = remerge(samples);
    let next = schema;
    for (const conflict of conflicts) next = acceptSuggestion(next, conflict);
    expect(next.required).toEqual(['id']);
    expect(next.properties?.role?.enum).toBeUndefined();
    expect(next.properties?.id?.minimum).toBeUndefined();
    expect(next.properties?.id?.description).toBe('The id');
    for (const sample of samples) expect(validateExample(next, sample)).toEqual([]);
  });

  it('takes the structure of the samples where the edit has only annotations', () => {
    const { schema, conflicts } = mergeIntoSchema(
      { description: 'Anything' },
      inferSchemaFromValues([{ a: 1 }]),
    );
    expect(conflicts).toEqual([]);
    expect(schema).toMatchObject({ type: 'object', description: 'Anything', required: ['a'] });
  });

  it('merges array items and widens nothing silently', () => {
    const base: Schema = {
      type: 'array',
      items: { type: 'object', properties: { a: { type: 'integer', description: 'A' } } },
    };
    const { schema, conflicts } = mergeIntoSchema(
      base,
      inferSchemaFromValues([[{ a: 1, b: 's' }]]),
    );
    expect(conflicts).toEqual([]);
    expect(schema.items?.properties?.a?.description).toBe('A');
    expect(schema.items?.properties?.b).toMatchObject({ type: 'string' });
    const typed = mergeIntoSchema(base, inferSchemaFromValues([{ a: 1 }]));
    expect(typed.conflicts.map((c) => c.rule)).toEqual(['type']);
    expect(typed.schema).toEqual(base);
  });
});
