/**
 * Issue 19.4: the output editor's diagnostics and completion follow the document's version:
 * the `openapi` line is read from the text and monaco-yaml gets that version's official schema.
 */
import { describe, expect, it } from 'vitest';
import {
  dialectOfLine,
  modelDialect,
  openApiSchemaFor,
  schemasFor,
  schemaVersionOfLine,
} from '../../../src/app/editor/openapi-schema';

/** The two calls of a Monaco text model that modelDialect makes. */
function model(text: string) {
  const lines = text.split('\n');
  return { getLineCount: () => lines.length, getLineContent: (n: number) => lines[n - 1] ?? '' };
}

describe('the output editor schema per version (issue 19.4)', () => {
  it('reads the dialect from a top-level openapi line in YAML or JSON', () => {
    expect(dialectOfLine('openapi: 3.0.3')).toBe('3.0');
    expect(dialectOfLine("openapi: '3.1.1'")).toBe('3.1');
    expect(dialectOfLine('openapi: "3.2.0" # current')).toBe('3.2');
    expect(dialectOfLine('openapi: 3.1')).toBe('3.1');
    expect(dialectOfLine('  "openapi": "3.1.0",')).toBe('3.1');
    expect(dialectOfLine('{"openapi":"3.2.0","info":{}}')).toBe('3.2');
  });

  it('ignores nested keys, other versions and other lines', () => {
    expect(dialectOfLine('  openapi: 3.1.0')).toBeUndefined();
    expect(dialectOfLine('openapi: 4.0.0')).toBeUndefined();
    expect(dialectOfLine("swagger: '2.0'")).toBeUndefined();
    expect(dialectOfLine('openapiVersion: 3.1.0')).toBeUndefined();
    expect(dialectOfLine('description: openapi: 3.1.0')).toBeUndefined();
  });

  it('gives each dialect its own official schema', () => {
    const v30 = openApiSchemaFor('3.0');
    const v31 = openApiSchemaFor('3.1');
    const v32 = openApiSchemaFor('3.2');
    expect(v30.uri).toMatch(/oas\/3\.0\/schema/);
    expect(v31.uri).toMatch(/oas\/3\.1\/schema/);
    expect(v32.uri).toMatch(/oas\/3\.2\/schema/);
    // 3.0 has no webhooks; 3.1 and 3.2 do; 3.2 has $self.
    const props = (schema: object) => Object.keys((schema as { properties: object }).properties);
    expect(props(v30.schema)).not.toContain('webhooks');
    expect(props(v31.schema)).toContain('webhooks');
    expect(props(v32.schema)).toContain('$self');
  });

  it('checks a Swagger 2.0 text with the Swagger 2.0 schema, not OpenAPI 3.0 (issue 19.4)', () => {
    expect(schemaVersionOfLine("swagger: '2.0'")).toBe('2.0');
    expect(schemaVersionOfLine('swagger: "2.0"')).toBe('2.0');
    expect(schemaVersionOfLine('{"swagger":"2.0","info":{}}')).toBe('2.0');
    expect(schemaVersionOfLine('  "swagger": "2.0",')).toBe('2.0');
    expect(schemaVersionOfLine('swagger: 2.1')).toBeUndefined();
    expect(schemaVersionOfLine('swagger: 20')).toBeUndefined();
    expect(schemaVersionOfLine('  swagger: "2.0"')).toBeUndefined();
    expect(schemaVersionOfLine('openapi: 3.1.0')).toBe('3.1');
    const petstore = ["swagger: '2.0'", 'info:', '  title: Pets', '  version: 1.0.0', 'paths: {}'];
    expect(modelDialect(model(petstore.join('\n')))).toBe('2.0');
    expect(modelDialect(model(['# comment', ...petstore].join('\n')))).toBe('2.0');
    expect(modelDialect(model('{\n  "swagger": "2.0",\n  "paths": {}\n}'))).toBe('2.0');
    expect(modelDialect(model('info:\n  title: t\n'))).toBeUndefined();
    const swagger = openApiSchemaFor('2.0');
    expect(swagger.uri).toBe('http://swagger.io/v2/schema.json');
    const props = Object.keys((swagger.schema as { properties: object }).properties);
    expect(props).toContain('swagger');
    expect(props).toContain('definitions');
    expect(props).not.toContain('openapi');
  });

  it('gives monaco-yaml every schema the Swagger 2.0 schema refers to (it never fetches)', () => {
    const refs = (value: unknown, out: Set<string>): Set<string> => {
      if (Array.isArray(value)) for (const item of value) refs(item, out);
      else if (value !== null && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) {
          if (key === '$ref' && typeof item === 'string' && !item.startsWith('#')) {
            out.add(item.split('#')[0]!);
          } else refs(item, out);
        }
      }
      return out;
    };
    for (const version of ['2.0', '3.0', '3.1', '3.2'] as const) {
      const schemas = schemasFor(version);
      expect(schemas[0]!.fileMatch).toEqual(['**/specform-openapi.yaml']);
      const known = new Set(schemas.map((s) => s.uri));
      for (const uri of refs(schemas[0]!.schema, new Set())) expect(known).toContain(uri);
    }
    expect(schemasFor('2.0').map((s) => s.uri)).toEqual([
      'http://swagger.io/v2/schema.json',
      'http://json-schema.org/draft-04/schema',
    ]);
  });
});
