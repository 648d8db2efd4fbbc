/**
 * Safe reading of untrusted YAML/JSON documents: a size cap, `yaml`'s alias limit kept, a
 * depth guard, and typed errors with line/column instead of crashes or hangs.
 */
import { parse as parseYaml, YAMLError } from 'yaml';
import { CoreError } from './errors';
import { assertDepth, assertInputSize } from './limits';

/**
 * Largest document text accepted (UTF-16 code units). Stripe's 4.2 MB spec fits twice; a
 * 20 MB paste is refused before `yaml` spends seconds on it.
 */
export const MAX_DOCUMENT_CHARS = 10 * 1024 * 1024;

/**
 * Deepest nesting accepted. Real OpenAPI documents stay below 40; a generated document that
 * embeds a schema inferred from a sample at the core's sample depth limit reaches about 270.
 * `yaml`'s recursive composer overflows the stack near 700 levels, so the guard sits below.
 */
export const MAX_DOCUMENT_DEPTH = 300;

/**
 * `yaml`'s default alias budget, stated explicitly so nobody "fixes" it to -1: an alias bomb
 * (billion laughs) then fails fast with YAML_ALIAS_LIMIT.
 */
const MAX_ALIAS_COUNT = 100;

/** Reads YAML or JSON text into plain data; throws a {@link CoreError} on any failure. */
export function readDocument(text: string): unknown {
  if (typeof text !== 'string') throw new CoreError('INVALID_INPUT', 'The document is not text.');
  assertInputSize(text, MAX_DOCUMENT_CHARS);
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  const json = tryJson(source);
  if (json.ok) {
    value = json.value;
  } else {
    value = readYaml(source);
  }
  assertDepth(value, MAX_DOCUMENT_DEPTH);
  return value;
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const first = firstNonSpace(text);
  if (first !== '{' && first !== '[') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep();
    // Not strict JSON (comments, trailing commas, flow YAML): let the YAML reader decide.
    return { ok: false };
  }
}

function firstNonSpace(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t') return c ?? '';
  }
  return '';
}

function readYaml(text: string): unknown {
  try {
    return parseYaml(text, {
      maxAliasCount: MAX_ALIAS_COUNT,
      prettyErrors: true,
      logLevel: 'error',
      uniqueKeys: true,
    }) as unknown;
  } catch (error) {
    throw yamlFailure(error);
  }
}

function yamlFailure(error: unknown): CoreError {
  if (error instanceof RangeError || isStackOverflow(error)) return tooDeep();
  if (error instanceof ReferenceError && /alias/i.test(error.message)) {
    return new CoreError(
      'YAML_ALIAS_LIMIT',
      'The document uses too many YAML aliases (possible alias bomb).',
    );
  }
  if (error instanceof YAMLError) {
    if (error.code === 'RESOURCE_EXHAUSTION') {
      return new CoreError('YAML_ALIAS_LIMIT', firstLine(error.message));
    }
    const pos = error.linePos?.[0];
    return new CoreError('YAML_SYNTAX', firstLine(error.message), pos?.line, pos?.col);
  }
  if (error instanceof Error) return new CoreError('YAML_SYNTAX', firstLine(error.message));
  return new CoreError('YAML_SYNTAX', String(error));
}

function isStackOverflow(error: unknown): boolean {
  return error instanceof Error && /call stack/i.test(error.message);
}

function firstLine(message: string): string {
  const end = message.indexOf('\n');
  return (end < 0 ? message : message.slice(0, end)).replace(/:$/, '');
}

function tooDeep(): CoreError {
  return new CoreError(
    'TOO_DEEP',
    `The document is nested deeper than ${MAX_DOCUMENT_DEPTH} levels.`,
  );
}
