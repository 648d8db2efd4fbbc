/**
 * Where each operation sits in the text of a document (issue 11, "the form and the YAML stay
 * linked"): "Show in YAML" reveals an endpoint's lines, and the output editor's cursor finds the
 * endpoint it is in. YAML and JSON alike (JSON is read as YAML flow collections).
 */
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
  | { ok: false; error: 'syntax' | 'notObject'; detail: string };

/** Checks a YAML fragment that should be one schema (a mapping). */
export function checkSchemaYaml(text: string): SchemaCheck {
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
  return { ok: true, schema: value as Record<string, unknown> };
}
