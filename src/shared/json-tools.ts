/** JSON helpers of the editors (spec §4/§5/§9): paste detection, JSON → YAML, formatting. */
import { stringify } from 'yaml';
import { CoreError } from './errors';
import { inferSchema } from './infer-schema';
import { MAX_FORMAT_DEPTH, MAX_INPUT_CHARS, parseJson } from './limits';
import type { Schema } from './model';

/**
 * Spec §5: pasted text counts as JSON only if, trimmed, it is non-empty, starts with { or [,
 * ends with } or ], and parses to a non-null object. Text over the input cap never counts.
 */
export function isJsonPaste(text: string): boolean {
  if (text.length > MAX_INPUT_CHARS) return false;
  const trimmed = text.trim();
  if (trimmed.length === 0) return false;
  const first = trimmed[0];
  const last = trimmed[trimmed.length - 1];
  if ((first !== '{' && first !== '[') || (last !== '}' && last !== ']')) return false;
  try {
    const value: unknown = JSON.parse(trimmed);
    return value !== null && typeof value === 'object';
  } catch {
    return false;
  }
}

/**
 * Converts JSON text to YAML (indent 2, no line wrapping). Throws CoreError JSON_INVALID
 * (with line/column), TOO_DEEP or INPUT_TOO_LARGE.
 */
export function jsonToYaml(text: string): string {
  const value = parseJson(text);
  try {
    return stringify(value, { indent: 2, lineWidth: 0, aliasDuplicateObjects: false });
  } catch (error) {
    throw new CoreError('INTERNAL', error instanceof Error ? error.message : String(error));
  }
}

/**
 * Pretty-prints JSON with indent 2 (the body editor's Format button). Throws CoreError
 * JSON_INVALID (with line/column) for text that is not JSON, TOO_DEEP, or INPUT_TOO_LARGE.
 */
export function formatJson(text: string): string {
  const value = parseJson(text, MAX_FORMAT_DEPTH);
  return JSON.stringify(value, null, 2);
}

/** YAML text of a schema (indent 2, no line wrapping, no anchors). */
export function schemaToYaml(schema: Schema): string {
  return stringify(schema, { indent: 2, lineWidth: 0, aliasDuplicateObjects: false });
}

/** YAML of the schema inferred from a JSON sample, '' when there is none (the Schema tab). */
export function schemaYaml(json: string): string {
  const schema = inferSchema(json);
  return schema === undefined ? '' : schemaToYaml(schema);
}
