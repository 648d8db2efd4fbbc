/**
 * Issue 19.4: the output editor's diagnostics and completion follow the document's version:
 * the `openapi` line is read from the text and monaco-yaml gets that version's official schema.
 */
import { describe, expect, it } from 'vitest';
import { dialectOfLine, openApiSchemaFor } from '../../../src/app/editor/openapi-schema';

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
});
