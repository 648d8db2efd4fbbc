/** The body editor's properties table: schema ⇄ rows, pure. */
import type { Schema } from '../model';

/** One row of the properties table. */
export interface PropertyRow {
  name: string;
  required: boolean;
  nullable: boolean;
  type: string;
  format: string;
  description: string;
  /** Enum values as typed: comma-separated. */
  enumText: string;
  minimum: string;
  maximum: string;
  pattern: string;
}

/** The top-level properties of an object schema as table rows (empty for other schemas). */
export function propertyRows(schema: Schema | undefined): PropertyRow[] {
  if (schema?.properties === undefined) return [];
  const required = new Set(schema.required ?? []);
  return Object.keys(schema.properties).map((name) => {
    const property = (schema.properties as Record<string, Schema>)[name] as Schema;
    const number = (value: unknown) => (typeof value === 'number' ? String(value) : '');
    return {
      name,
      required: required.has(name),
      nullable: property.nullable === true,
      type: property.type ?? (property.oneOf ? 'oneOf' : property.$ref ? '$ref' : ''),
      format: typeof property.format === 'string' ? property.format : '',
      description: typeof property.description === 'string' ? property.description : '',
      enumText: Array.isArray(property.enum)
        ? property.enum
            .map((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
            .join(', ')
        : '',
      minimum: number(property.minimum),
      maximum: number(property.maximum),
      pattern: typeof property.pattern === 'string' ? property.pattern : '',
    };
  });
}

const TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean']);

function parseEnum(text: string, type: string | undefined): unknown[] | undefined {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return undefined;
  if (type === 'integer' || type === 'number' || type === 'boolean') {
    return parts.map((part) => {
      try {
        return JSON.parse(part) as unknown;
      } catch {
        return part;
      }
    });
  }
  return parts;
}

/**
 * A copy of `schema` with one property's row edited (`change` holds the changed cells). Blank
 * cells remove their keyword; a number cell that is not a number is ignored.
 */
export function editPropertyRow(
  schema: Schema,
  name: string,
  change: Partial<PropertyRow>,
): Schema {
  const next = structuredClone(schema);
  const properties = next.properties;
  if (properties === undefined || !Object.prototype.hasOwnProperty.call(properties, name)) {
    return schema;
  }
  const property = properties[name] as Schema;
  if (change.required !== undefined) {
    const required = (next.required ?? []).filter((key) => key !== name);
    if (change.required) required.push(name);
    if (required.length > 0) next.required = required;
    else delete next.required;
  }
  if (change.nullable !== undefined) {
    if (change.nullable) property.nullable = true;
    else delete property.nullable;
  }
  if (change.type !== undefined && TYPES.has(change.type)) {
    property.type = change.type as Schema['type'];
    delete property.oneOf;
    delete property.$ref;
    if (change.type !== 'object') delete property.properties;
    if (change.type !== 'array') delete property.items;
    if (change.type !== 'string') delete property.format;
  }
  const text = (key: 'format' | 'description' | 'pattern', value: string | undefined) => {
    if (value === undefined) return;
    if (value.trim() === '') delete property[key];
    else property[key] = value;
  };
  text('format', change.format);
  text('description', change.description);
  text('pattern', change.pattern);
  for (const key of ['minimum', 'maximum'] as const) {
    const value = change[key];
    if (value === undefined) continue;
    if (value.trim() === '') delete property[key];
    else if (Number.isFinite(Number(value))) property[key] = Number(value);
  }
  if (change.enumText !== undefined) {
    const values = parseEnum(change.enumText, property.type);
    if (values === undefined) delete property.enum;
    else property.enum = values;
  }
  return next;
}
