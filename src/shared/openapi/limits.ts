/**
 * Input caps of the core and a JSON parser that enforces them. Every text that comes from a
 * user (a pasted sample, a loaded document) passes through here before anything recursive
 * touches it, so that hostile input gives a typed {@link CoreError} instead of a hang or a
 * stack overflow — in the worker, on the main-thread fallback and on the server alike.
 */
import { CoreError } from './errors';
import { MAX_DOCUMENT_BYTES, utf8Length } from '../sizes';

export { MAX_DOCUMENT_BYTES, MAX_PROJECT_BYTES, utf8Length } from '../sizes';

/** Largest text the core accepts (20 MiB counted in UTF-16 code units, i.e. `text.length`). */
export const MAX_INPUT_CHARS = 20 * 1024 * 1024;

/**
 * Deepest nesting of arrays/objects the core processes. Chosen so that the structures built
 * from such input (a schema is about twice as deep as its sample) stay well inside what the
 * recursive `yaml` stringifier and structured cloning survive, even on a worker's smaller stack.
 */
export const MAX_NESTING_DEPTH = 128;

/** Deepest nesting `formatJson` accepts (JSON.stringify alone survives far deeper than YAML). */
export const MAX_FORMAT_DEPTH = 1000;

/** Throws INPUT_TOO_LARGE when the text exceeds {@link MAX_INPUT_CHARS} (or `max`). */
export function assertInputSize(text: string, max = MAX_INPUT_CHARS): void {
  if (text.length > max) {
    throw CoreError.tooLarge(
      'INPUT_TOO_LARGE',
      text.length,
      max,
      `Input is ${text.length} characters; the limit is ${max}.`,
    );
  }
}

/** Throws INPUT_TOO_LARGE when the text's UTF-8 size exceeds {@link MAX_DOCUMENT_BYTES}. */
export function assertDocumentSize(text: string, max = MAX_DOCUMENT_BYTES): void {
  // A UTF-16 code unit is at most 3 UTF-8 bytes: short texts need no count, long ones no encoding.
  if (text.length * 3 <= max) return;
  const bytes = text.length > max ? text.length : utf8Length(text);
  if (bytes > max) {
    throw CoreError.tooLarge(
      'INPUT_TOO_LARGE',
      bytes,
      max,
      `The document is at least ${bytes} bytes (UTF-8); the limit is ${max}.`,
    );
  }
}

/** Throws TOO_DEEP when the nesting depth reached exceeds the limit (for recursive walkers). */
export function tooDeep(max: number): CoreError {
  return new CoreError('TOO_DEEP', `Input is nested deeper than ${max} levels.`);
}

/**
 * Measures how deeply a parsed value nests arrays and objects, iteratively (no recursion), and
 * throws TOO_DEEP as soon as `max` is exceeded. A scalar has depth 0, `[]` depth 1.
 */
export function assertDepth(value: unknown, max = MAX_NESTING_DEPTH): void {
  const stack: unknown[] = [value];
  const depths: number[] = [0];
  while (stack.length > 0) {
    const current = stack.pop();
    const depth = depths.pop() as number;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > max) throw tooDeep(max);
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) {
      if (child !== null && typeof child === 'object') {
        stack.push(child);
        depths.push(depth + 1);
      }
    }
  }
}

/** Converts a 0-based offset into 1-based line and column (lines split on \n, \r\n or \r). */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

const isWs = (ch: number): boolean => ch === 32 || ch === 9 || ch === 10 || ch === 13;
const isDigit = (ch: number): boolean => ch >= 48 && ch <= 57;

/**
 * Finds where a JSON text first breaks the grammar (RFC 8259), iteratively. Used only after
 * `JSON.parse` has failed, to report a position the same way on every engine (V8's messages
 * differ between versions and do not always carry one). Returns undefined for valid JSON.
 */
export function locateJsonError(text: string): { offset: number; message: string } | undefined {
  let i = 0;
  const n = text.length;
  // Containers still open: 0x5b '[' or 0x7b '{'.
  const stack: number[] = [];
  const skipWs = () => {
    while (i < n && isWs(text.charCodeAt(i))) i++;
  };
  const fail = (message: string) => ({ offset: i, message });
  const describe = () =>
    i >= n ? 'Unexpected end of JSON input' : `Unexpected character ${JSON.stringify(text[i])}`;

  const readString = (): string | undefined => {
    // text[i] is '"'
    i++;
    while (i < n) {
      const ch = text.charCodeAt(i);
      if (ch === 34) {
        i++;
        return undefined;
      }
      if (ch < 32) return 'Control character in string';
      if (ch === 92) {
        const esc = text[i + 1];
        if (esc === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            i++;
            return 'Invalid unicode escape';
          }
          i += 6;
        } else if (esc !== undefined && '"\\/bfnrt'.includes(esc)) {
          i += 2;
        } else {
          i++;
          return esc === undefined ? 'Unterminated string' : 'Invalid escape';
        }
      } else i++;
    }
    return 'Unterminated string';
  };

  const readNumber = (): string | undefined => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (isDigit(text.charCodeAt(i))) while (isDigit(text.charCodeAt(i))) i++;
    else return 'Invalid number';
    if (text[i] === '.') {
      i++;
      if (!isDigit(text.charCodeAt(i))) return 'Invalid number';
      while (isDigit(text.charCodeAt(i))) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!isDigit(text.charCodeAt(i))) return 'Invalid number';
      while (isDigit(text.charCodeAt(i))) i++;
    }
    return undefined;
  };

  // States: expecting a value; after a value (expect , or close or end).
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  let expectValue = true;
  for (;;) {
    skipWs();
    if (expectValue) {
      const ch = text[i];
      if (ch === '{') {
        stack.push(0x7b);
        i++;
        skipWs();
        if (text[i] === '}') {
          stack.pop();
          i++;
          expectValue = false;
          continue;
        }
        if (text[i] !== '"') return fail(describe() + '; expected a property name');
        const err = readString();
        if (err) return fail(err);
        skipWs();
        if (text[i] !== ':') return fail(describe() + "; expected ':'");
        i++;
        continue;
      }
      if (ch === '[') {
        stack.push(0x5b);
        i++;
        skipWs();
        if (text[i] === ']') {
          stack.pop();
          i++;
          expectValue = false;
        }
        continue;
      }
      if (ch === '"') {
        const err = readString();
        if (err) return fail(err);
      } else if (ch === '-' || isDigit(text.charCodeAt(i))) {
        const err = readNumber();
        if (err) return fail(err);
      } else if (text.startsWith('true', i)) i += 4;
      else if (text.startsWith('false', i)) i += 5;
      else if (text.startsWith('null', i)) i += 4;
      else return fail(describe());
      expectValue = false;
      continue;
    }
    // After a value.
    const top = stack[stack.length - 1];
    if (top === undefined) {
      return i >= n ? undefined : fail(describe() + ' after the JSON value');
    }
    const ch = text[i];
    if (ch === ',') {
      i++;
      skipWs();
      if (top === 0x7b) {
        if (text[i] !== '"') return fail(describe() + '; expected a property name');
        const err = readString();
        if (err) return fail(err);
        skipWs();
        if (text[i] !== ':') return fail(describe() + "; expected ':'");
        i++;
      }
      expectValue = true;
      continue;
    }
    if ((top === 0x5b && ch === ']') || (top === 0x7b && ch === '}')) {
      stack.pop();
      i++;
      continue;
    }
    return fail(describe() + (top === 0x5b ? "; expected ',' or ']'" : "; expected ',' or '}'"));
  }
}

/**
 * Parses JSON text with the core's caps: INPUT_TOO_LARGE over the size limit, JSON_INVALID
 * (with 1-based line and column) for bad syntax, TOO_DEEP past `maxDepth` (pass Infinity to
 * skip the depth walk when the caller checks depth itself). A leading BOM is ignored.
 */
export function parseJson(
  text: string,
  maxDepth = MAX_NESTING_DEPTH,
  maxChars = MAX_INPUT_CHARS,
): unknown {
  assertInputSize(text, maxChars);
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    throw jsonInvalid(text, error);
  }
  if (maxDepth !== Infinity) assertDepth(value, maxDepth);
  return value;
}

/** Builds the JSON_INVALID error for a text that JSON.parse rejected. */
export function jsonInvalid(text: string, cause?: unknown): CoreError {
  const located = locateJsonError(text);
  if (located === undefined) {
    // The grammar check passed, so the engine failed for another reason (e.g. its own limits).
    const message = cause instanceof Error ? cause.message : 'Invalid JSON';
    return new CoreError('JSON_INVALID', message);
  }
  const { line, column } = lineColumnAt(text, located.offset);
  return new CoreError(
    'JSON_INVALID',
    `Invalid JSON at line ${line}, column ${column}: ${located.message}`,
    line,
    column,
  );
}
