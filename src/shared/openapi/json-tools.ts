/** JSON helpers of the editors (spec §4/§5/§9): paste detection, JSON → YAML, formatting. */
import { stringify } from 'yaml';
import { CoreError } from './errors';
import { MAX_DOCUMENT_DEPTH } from './yaml-io';
import { inferSchema } from './infer-schema';
import { MAX_DOCUMENT_BYTES, MAX_FORMAT_DEPTH, parseJson, tooDeep } from './limits';
import type { Schema } from './model';

/**
 * Spec §5: pasted text counts as JSON only if, trimmed, it is non-empty, starts with { or [,
 * ends with } or ], and parses to a non-null object. Text over the document limit never counts.
 */
export function isJsonPaste(text: string): boolean {
  if (text.length > MAX_DOCUMENT_BYTES) return false;
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
 * What a paste is: `document` when it counts as JSON by {@link isJsonPaste} and is a
 * whole OpenAPI or Swagger document (an object with a top-level `openapi` or `swagger` key),
 * `json` for any other JSON object or array, `none` for text that is not JSON. One parse, run
 * in the worker: a pasted document may be 47 MB.
 */
export type JsonPasteKind = 'document' | 'json' | 'none';

export function jsonPasteKind(text: string): JsonPasteKind {
  if (text.length > MAX_DOCUMENT_BYTES) return 'none';
  const trimmed = text.trim();
  const first = trimmed[0];
  const last = trimmed[trimmed.length - 1];
  if ((first !== '{' && first !== '[') || (last !== '}' && last !== ']')) return 'none';
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return 'none';
  }
  if (value === null || typeof value !== 'object') return 'none';
  if (Array.isArray(value)) return 'json';
  const record = value as Record<string, unknown>;
  const version = (key: string) =>
    Object.hasOwn(record, key) &&
    (typeof record[key] === 'string' || typeof record[key] === 'number');
  return version('openapi') || version('swagger') ? 'document' : 'json';
}

/**
 * Converts JSON text to YAML (indent 2, no line wrapping). Throws CoreError JSON_INVALID
 * (with line/column), TOO_DEEP or INPUT_TOO_LARGE.
 */
export function jsonToYaml(text: string): string {
  // A whole OpenAPI document pasted as JSON may be as large and as deep as a document.
  let value = parseJson(text, MAX_DOCUMENT_DEPTH, MAX_DOCUMENT_BYTES);
  // JSON.parse rounds integers past 2^53; re-read such texts keeping those integers exact.
  if (LONG_DIGITS.test(text)) value = parseJsonKeepingBigIntegers(text);
  try {
    return stringify(value, { indent: 2, lineWidth: 0, aliasDuplicateObjects: false });
  } catch (error) {
    throw new CoreError('INTERNAL', error instanceof Error ? error.message : String(error));
  }
}

const isJsonSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

/** A run of digits long enough to be an integer JSON.parse cannot hold exactly. */
const LONG_DIGITS = /\d{16}/;
const INTEGER = /^-?\d+$/;

/**
 * Parses JSON that JSON.parse has already accepted (and whose depth is checked), iteratively,
 * turning integers outside the safe range into BigInt so that YAML keeps every digit.
 * Keys are defined as own properties, so "__proto__" stays data, as with JSON.parse.
 */
function parseJsonKeepingBigIntegers(text: string): unknown {
  interface Frame {
    container: unknown[] | Record<string, unknown>;
    key: string | undefined;
    expectKey: boolean;
  }
  const stack: Frame[] = [];
  let root: unknown;
  const put = (value: unknown): void => {
    const frame = stack[stack.length - 1];
    if (frame === undefined) root = value;
    else if (Array.isArray(frame.container)) frame.container.push(value);
    else {
      Object.defineProperty(frame.container, frame.key as string, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  };
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isJsonSpace(c) || c === 58) {
      i++;
    } else if (c === 44) {
      const frame = stack[stack.length - 1];
      if (frame !== undefined && !Array.isArray(frame.container)) frame.expectKey = true;
      i++;
    } else if (c === 123 || c === 91) {
      const container: unknown[] | Record<string, unknown> = c === 123 ? {} : [];
      put(container);
      stack.push({ container, key: undefined, expectKey: c === 123 });
      i++;
    } else if (c === 125 || c === 93) {
      stack.pop();
      i++;
    } else if (c === 34) {
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 92) j += 2;
        else if (d === 34) break;
        else j++;
      }
      const value = JSON.parse(text.slice(i, j + 1)) as string;
      const frame = stack[stack.length - 1];
      if (frame !== undefined && frame.expectKey) {
        frame.key = value;
        frame.expectKey = false;
      } else put(value);
      i = j + 1;
    } else {
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 44 || d === 93 || d === 125 || isJsonSpace(d)) break;
        j++;
      }
      const literal = text.slice(i, j);
      if (literal === 'true') put(true);
      else if (literal === 'false') put(false);
      else if (literal === 'null') put(null);
      else {
        const number = Number(literal);
        put(INTEGER.test(literal) && !Number.isSafeInteger(number) ? BigInt(literal) : number);
      }
      i = j;
    }
  }
  return root;
}

/**
 * Pretty-prints JSON with indent 2 (the body editor's Format button). Numbers and strings are
 * copied as typed, so formatting never changes a value (JSON.stringify would round
 * 12345678901234567890 and turn 1e400 into null). Throws CoreError JSON_INVALID (with
 * line/column) for text that is not JSON, TOO_DEEP past MAX_FORMAT_DEPTH, or INPUT_TOO_LARGE.
 */
export function formatJson(text: string): string {
  parseJson(text, Infinity); // grammar and size; depth is checked while printing
  const n = text.length;
  const indents = [''];
  const indent = (depth: number): string => (indents[depth] ??= '  '.repeat(depth));
  let out = '';
  let depth = 0;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isJsonSpace(c)) {
      i++;
    } else if (c === 123 || c === 91) {
      // { or [ — an empty container stays on one line, like JSON.stringify.
      const close = c === 123 ? 125 : 93;
      let j = i + 1;
      while (j < n && isJsonSpace(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) === close) {
        out += c === 123 ? '{}' : '[]';
        i = j + 1;
        continue;
      }
      depth++;
      if (depth > MAX_FORMAT_DEPTH) throw tooDeep(MAX_FORMAT_DEPTH);
      out += (c === 123 ? '{' : '[') + '\n' + indent(depth);
      i++;
    } else if (c === 125 || c === 93) {
      depth--;
      out += '\n' + indent(depth) + (c === 125 ? '}' : ']');
      i++;
    } else if (c === 44) {
      out += ',\n' + indent(depth);
      i++;
    } else if (c === 58) {
      out += ': ';
      i++;
    } else if (c === 34) {
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 92) j += 2;
        else if (d === 34) break;
        else j++;
      }
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      // A number, true, false or null: up to the next delimiter.
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 44 || d === 93 || d === 125 || d === 58 || isJsonSpace(d)) break;
        j++;
      }
      out += text.slice(i, j);
      i = j;
    }
  }
  return out;
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
