/** The body editor's schema operations (issue 14): re-inference into edits, the properties table. */
import { describe, expect, it } from 'vitest';
import {
  editPropertyRow,
  propertyRows,
  reinferBodySchema,
  validateExample,
  type BodyModel,
} from '../../src/shared/openapi';

const body = (schema?: BodyModel['schema']): BodyModel => ({
  name: 'User',
  customerJson: '{"id": 1, "role": "admin"}',
  examples: [{ name: 'second', json: '{"id": 2, "role": "guest", "nick": null}' }],
  ...(schema === undefined ? {} : { schema }),
});

describe('reinferBodySchema', () => {
  it('infers from every example when the body has no schema', () => {
    const { schema, conflicts } = reinferBodySchema(body());
    expect(conflicts).toEqual([]);
    expect(schema.required).toEqual(['id', 'role']);
    expect(schema.properties?.nick).toMatchObject({ nullable: true });
  });

  it('keeps the edited schema and reports what the examples contradict', () => {
    const edited = editPropertyRow(reinferBodySchema(body()).schema, 'role', {
      enumText: 'admin, user',
      description: 'What the user may do',
    });
    const { schema, conflicts } = reinferBodySchema(body(edited));
    expect(schema.properties?.role).toMatchObject({
      enum: ['admin', 'user'],
      description: 'What the user may do',
    });
    expect(conflicts.map((c) => `${c.pointer} ${c.rule}`)).toEqual(['/properties/role enum']);
  });
});

describe('properties table', () => {
  const schema = reinferBodySchema(body()).schema;

  it('lists the top-level properties', () => {
    expect(
      propertyRows(schema).map((row) => [row.name, row.type, row.required, row.nullable]),
    ).toEqual([
      ['id', 'integer', true, false],
      ['role', 'string', true, false],
      ['nick', '', false, true],
    ]);
    expect(propertyRows({ type: 'string' })).toEqual([]);
  });

  it('edits required, nullable, type, format, description, enum, minimum, maximum, pattern', () => {
    let next = editPropertyRow(schema, 'id', { minimum: '1', maximum: '10', description: 'Id' });
    next = editPropertyRow(next, 'role', { required: false, pattern: '^[a-z]+$', format: 'slug' });
    next = editPropertyRow(next, 'nick', { type: 'string', nullable: false, enumText: 'a, b' });
    next = editPropertyRow(next, 'id', { enumText: '1, 2, 3' });
    expect(next.required).toEqual(['id']);
    expect(next.properties?.id).toMatchObject({
      minimum: 1,
      maximum: 10,
      description: 'Id',
      enum: [1, 2, 3],
    });
    expect(next.properties?.role).toMatchObject({ pattern: '^[a-z]+$', format: 'slug' });
    expect(next.properties?.nick).toEqual({ type: 'string', enum: ['a', 'b'] });
    expect(validateExample(next, { id: 2, nick: 'a' })).toEqual([]);
    expect(validateExample(next, { id: 11 }).map((p) => p.rule)).toEqual(['enum', 'maximum']);
    // Blank cells remove their keyword; the original is untouched.
    expect(
      editPropertyRow(next, 'id', { minimum: '', enumText: '' }).properties?.id?.minimum,
    ).toBeUndefined();
    expect(schema.properties?.id?.minimum).toBeUndefined();
    expect(editPropertyRow(next, 'missing', { required: true })).toBe(next);
  });
});
