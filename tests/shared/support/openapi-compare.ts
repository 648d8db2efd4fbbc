/**
 * Independent reading of OpenAPI documents for the corpus test: lists operations, resolves
 * structural `$ref`s, and compares schemas semantically across two documents (`$ref`s
 * dereferenced in their own document, cycles handled coinductively).
 */
import { parse as parseYaml } from 'yaml';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options', 'head'] as const;

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function loadDocument(text: string): JsonObject {
  const trimmed = text.trimStart();
  const value: unknown = trimmed.startsWith('{') ? JSON.parse(text) : parseYaml(text);
  if (!isObject(value)) throw new Error('not an object document');
  return value;
}

export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointer(...tokens: (string | number)[]): string {
  return tokens.map((token) => '/' + escapeToken(String(token))).join('');
}

function get(doc: JsonObject, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let current: Json | undefined = doc;
  for (const raw of decodeURIComponent(ref.slice(2)).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) current = current[Number(token)];
    else if (isObject(current) && Object.hasOwn(current, token)) current = current[token];
    else return undefined;
  }
  return current;
}

/** Follows `$ref`s of a structural object; returns the object and its pointer. */
export function resolve(
  doc: JsonObject,
  value: Json | undefined,
  at: string,
): { value: JsonObject; pointer: string } | undefined {
  let current = value;
  let where = at;
  for (let hops = 0; hops < 20 && isObject(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    current = get(doc, ref);
    where = decodeURIComponent(ref.slice(1));
  }
  return isObject(current) ? { value: current, pointer: where } : undefined;
}

export interface SourceParameter {
  name: string;
  in: string;
  required: boolean;
  schema: Json | undefined;
  /** Pointer of the parameter's schema in the source. */
  schemaPointer: string;
  /** Pointer of the parameter object as listed (and of its resolved definition). */
  pointers: string[];
}

export interface Operation {
  path: string;
  method: string;
  pointer: string;
  parameters: Map<string, SourceParameter>;
  /** The JSON request schema (undefined: none). */
  request: BodySchema;
  /** Response code → JSON schema (undefined: no JSON schema). */
  responses: Map<string, BodySchema>;
}

export interface BodySchema {
  schema: Json | undefined;
  /** Pointer of the JSON schema in the source. */
  schemaPointer: string;
  /** Pointers of the body/response as listed and as resolved. */
  pointers: string[];
}

function jsonSchemaOf(content: Json | undefined, at: string, pointers: string[]): BodySchema {
  if (isObject(content)) {
    for (const key of Object.keys(content)) {
      if (key.split(';')[0]?.trim().toLowerCase() !== 'application/json') continue;
      const media = content[key];
      const schemaPointer = `${at}/content/${escapeToken(key)}/schema`;
      return { schema: isObject(media) ? media.schema : undefined, schemaPointer, pointers };
    }
  }
  return { schema: undefined, schemaPointer: at, pointers };
}

/** Every operation of the document with merged parameters and JSON schemas. */
export function listOperations(doc: JsonObject): Operation[] {
  const operations: Operation[] = [];
  const paths = doc.paths;
  if (!isObject(paths)) return operations;
  for (const path of Object.keys(paths)) {
    const item = paths[path];
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const at = pointer('paths', path, method);
      const parameters = new Map<string, SourceParameter>();
      const lists: [Json | undefined, string][] = [
        [item.parameters, pointer('paths', path, 'parameters')],
        [op.parameters, at + '/parameters'],
      ];
      for (const [list, listAt] of lists) {
        if (!Array.isArray(list)) continue;
        list.forEach((raw, index) => {
          const resolved = resolve(doc, raw, `${listAt}/${index}`);
          if (!resolved) return;
          const p = resolved.value;
          const key = `${String(p.in)} ${String(p.name)}`;
          parameters.set(key, {
            name: String(p.name),
            in: String(p.in),
            required: p.required === true,
            schema: p.schema,
            schemaPointer: resolved.pointer + '/schema',
            pointers: [`${listAt}/${index}`, resolved.pointer],
          });
        });
      }
      const requestAt = at + '/requestBody';
      const request = resolve(doc, op.requestBody, requestAt);
      const responses = new Map<string, BodySchema>();
      if (isObject(op.responses)) {
        for (const code of Object.keys(op.responses)) {
          const responseAt = `${at}/responses/${escapeToken(code)}`;
          const response = resolve(doc, op.responses[code], responseAt);
          responses.set(
            code,
            jsonSchemaOf(
              response?.value.content,
              response?.pointer ?? responseAt,
              response ? [responseAt, response.pointer] : [responseAt],
            ),
          );
        }
      }
      operations.push({
        path,
        method,
        pointer: at,
        parameters,
        request: jsonSchemaOf(
          request?.value.content,
          request?.pointer ?? requestAt,
          request ? [requestAt, request.pointer] : [requestAt],
        ),
        responses,
      });
    }
  }
  return operations;
}

export interface CompareContext {
  /** Pairs of references under comparison or already compared (coinduction). */
  memo: Set<string>;
  /** Source locations whose differences a warning names. */
  allowed: (pointer: string) => boolean;
}

function deref(
  value: Json | undefined,
  doc: JsonObject,
  at: string,
): [Json | undefined, string, string] {
  let current = value;
  let where = at;
  let ref = '';
  for (let hops = 0; hops < 20 && isObject(current) && typeof current.$ref === 'string'; hops++) {
    const target = get(doc, current.$ref);
    if (target === undefined) break;
    ref = current.$ref;
    where = decodeURIComponent(ref.slice(1));
    current = target;
  }
  return [current, where, ref];
}

/**
 * Semantic equality of a source schema and a regenerated one, each read in its own document:
 * `$ref`s are followed (their sibling keys ignored, as OpenAPI 3.0 says), a pair of references
 * already under comparison counts as equal (coinduction, so cycles terminate), and a source
 * location that a warning names (or a key under it) may differ.
 */
export function sameSchema(
  a: Json | undefined,
  docA: JsonObject,
  pointerA: string,
  b: Json | undefined,
  docB: JsonObject,
  ctx: CompareContext,
): boolean {
  if (ctx.allowed(pointerA)) return true;
  const [left, at, refLeft] = deref(a, docA, pointerA);
  const [right, , refRight] = deref(b, docB, '');
  if (at !== pointerA && ctx.allowed(at)) return true;
  if (refLeft !== '' || refRight !== '') {
    const key = `${refLeft}\u0000${refRight}\u0000${refLeft === '' ? at : ''}`;
    if (ctx.memo.has(key)) return true;
    ctx.memo.add(key);
  }
  if (left === right) return true;
  if (left === undefined || right === undefined || left === null || right === null) return false;
  if (typeof left !== 'object' || typeof right !== 'object') return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  if (Array.isArray(left) && Array.isArray(right)) {
    if (left.length !== right.length) return false;
    return left.every((item, i) => sameSchema(item, docA, `${at}/${i}`, right[i], docB, ctx));
  }
  const l = left as JsonObject;
  const r = right as JsonObject;
  for (const key of new Set([...Object.keys(l), ...Object.keys(r)])) {
    const child = `${at}/${escapeToken(key)}`;
    if (ctx.allowed(child)) continue;
    if (!Object.hasOwn(l, key) || !Object.hasOwn(r, key)) return false;
    if (!sameSchema(l[key], docA, child, r[key], docB, ctx)) return false;
  }
  return true;
}
