/**
 * How new scalars and keys are written into a YAML or JSON text: so that YAML 1.1 and YAML 1.2
 * readers (and JSON readers) read back exactly the value we meant.
 *
 * A plain (unquoted) YAML scalar is written only when no reader can take it for anything but
 * that string: never a bool/null word of either version (`yes`, `off`, `~`, any case), never
 * anything number-, date- or time-like (`012`, `0o12`, `1_000`, `1:20`, `.5`, `+1`, `1e3`,
 * `.inf`, `0x1F`, `2001-12-14`), never text starting with an indicator or holding `: `/` #`,
 * never leading/trailing blanks, tabs, line breaks or non-printable characters.
 */

/** Where a scalar is written: block YAML, flow YAML (inside `[]`/`{}`) or JSON. */
export type ScalarContext = 'block' | 'flow' | 'json';

/** yaml's scalar styles, as `Scalar.type` names them. */
export type ScalarStyle =
  'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED';

const YAML11_WORDS = /^(?:y|n|yes|no|on|off|true|false|null|~|=|<<)$/i;
// Anything a YAML 1.1 or 1.2 reader might resolve to a number (int/float in any base,
// sexagesimal, underscores, .inf/.nan) or a timestamp.
const NUMBER_LIKE = /^[-+]?(?:\.?[0-9]|\.(?:inf|nan)$)/i;
const NAN_INF = /^[-+]?\.(?:inf|nan)$/i;
// yaml's YAML 1.1 float pattern makes every part optional: `.`, `..`, `e0`, `+.e1` are floats.
const NUMBER_PARTS = /^[-+]?[0-9._:]*(?:[eE][-+]?[0-9][0-9_]*)?$/;
const DATE_LIKE = /^\d{4}-\d\d?-\d\d?(?:$|[Tt\s])/;
const INDICATOR_START = /^[-?:,[\]{}#&*!|>'"%@`]/;
// Characters YAML does not allow unescaped (c-printable), plus the line separators YAML 1.1
// treats as line breaks and the byte order mark.
const NON_PRINTABLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const FLOW_INDICATORS = /[,[\]{}]/;

/** Whether `value` can be written as a plain YAML scalar and read back as this string by any reader. */
/**
 * Whether a reader could take the plain text for something other than a string: a YAML 1.1
 * word (yes, off, ~…), something number-, date- or time-like. Indicators, spaces and line
 * breaks are a different matter (they make plain text invalid, not ambiguous).
 */
export function mayReadAsNonString(value: string): boolean {
  return (
    YAML11_WORDS.test(value) ||
    NUMBER_LIKE.test(value) ||
    NAN_INF.test(value) ||
    DATE_LIKE.test(value) ||
    NUMBER_PARTS.test(value)
  );
}

export function isPlainSafe(value: string, context: ScalarContext): boolean {
  if (context === 'json') return false;
  if (value === '') return false;
  if (/^[\s]|[\s]$/.test(value)) return false;
  if (/[\n\r\t]/.test(value)) return false;
  if (NON_PRINTABLE.test(value)) return false;
  if (YAML11_WORDS.test(value)) return false;
  if (NUMBER_LIKE.test(value) || NAN_INF.test(value) || DATE_LIKE.test(value)) return false;
  if (NUMBER_PARTS.test(value)) return false;
  if (INDICATOR_START.test(value)) return false;
  if (value.includes(': ') || value.includes(' #') || value.endsWith(':')) return false;
  if (context === 'flow' && (FLOW_INDICATORS.test(value) || value.includes(':'))) return false;
  return true;
}

/** A double-quoted scalar valid in JSON, YAML 1.1 and YAML 1.2. */
export function doubleQuoted(value: string): string {
  return JSON.stringify(value).replace(
    /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g,
    (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
  );
}

function singleQuotable(value: string): boolean {
  return !/[\n\r]/.test(value) && !NON_PRINTABLE.test(value) && !/\t/.test(value);
}

function singleQuoted(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Text of a number: JSON syntax, and a float with an exponent keeps a `.` for YAML 1.1. */
export function numberText(value: number, context: ScalarContext): string {
  if (!Number.isFinite(value)) {
    if (context === 'json') return 'null';
    return Number.isNaN(value) ? '.nan' : value > 0 ? '.inf' : '-.inf';
  }
  const text = String(value);
  if (context !== 'json' && /e/i.test(text) && !text.includes('.')) {
    return text.replace(/e/i, '.0e');
  }
  return text;
}

/** Whether a string can be written as a block literal (`|`) whose lines we indent ourselves. */
function blockable(value: string): boolean {
  if (!value.includes('\n')) return false;
  if (value.includes('\r') || NON_PRINTABLE.test(value)) return false;
  const body = value.replace(/\n+$/, '');
  if (body === '') return false;
  const lines = body.split('\n');
  // The first non-empty line fixes the indentation: it may not start with a blank; a line of
  // only blanks before it would be misread.
  for (const line of lines) {
    if (line === '') continue;
    if (/^[ \t]/.test(line)) return false;
    break;
  }
  return !lines.some((line) => line !== '' && /^[ \t]+$/.test(line));
}

function chomp(value: string): string {
  const trailing = /\n*$/.exec(value)?.[0].length ?? 0;
  return trailing === 0 ? '-' : trailing === 1 ? '' : '+';
}

/** A block literal: header, then each line at `indent` (lines joined with `\n`). */
function blockLiteral(value: string, indent: string): string {
  const body = value.replace(/\n+$/, '');
  const trailing = value.length - body.length;
  const lines = body.split('\n').map((line) => (line === '' ? '' : indent + line));
  let text = `|${chomp(value)}\n${lines.join('\n')}`;
  for (let i = 1; i < trailing; i++) text += '\n';
  return text;
}

/** A folded scalar with one line of text: only when folding cannot change it. */
function foldable(value: string): boolean {
  const body = value.replace(/\n+$/, '');
  return (
    body !== '' &&
    !body.includes('\n') &&
    !/^[ \t]/.test(body) &&
    !value.includes('\r') &&
    !NON_PRINTABLE.test(value) &&
    value.length - body.length <= 1
  );
}

/**
 * Text of a scalar. `style` is the style of the scalar it replaces (kept when the new value
 * allows it); `indent` is the indentation of a block scalar's lines. Multi-line strings become
 * block literals in block context and double-quoted strings elsewhere.
 */
export function scalarText(
  value: unknown,
  context: ScalarContext,
  indent: string,
  style?: ScalarStyle,
  preferDouble = false,
): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return numberText(value, context);
  if (typeof value === 'bigint') return value.toString();
  const text = String(value);
  if (context === 'json') return doubleQuoted(text);
  if (context === 'block') {
    if (style === 'BLOCK_FOLDED' && foldable(text)) {
      return `>${chomp(text)}\n${indent}${text.replace(/\n+$/, '')}`;
    }
    if ((style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED') && blockable(text)) {
      return blockLiteral(text, indent);
    }
  }
  if (style === 'QUOTE_DOUBLE') return doubleQuoted(text);
  if (style === 'QUOTE_SINGLE' && singleQuotable(text)) return singleQuoted(text);
  if (isPlainSafe(text, context)) return text;
  if (context === 'block' && blockable(text)) return blockLiteral(text, indent);
  if (!preferDouble && singleQuotable(text)) return singleQuoted(text);
  return doubleQuoted(text);
}

/**
 * The style of a replaced scalar to write its new value in. A quoted string that could not be
 * written plain was quoted because it had to be: that says nothing of whether the author writes
 * plain, so a new value that can be plain is written plain. Kept, its quotes would stay on a
 * value set back to what it was (`Add a pet` → `- Add` → `'Add a pet'`). Which quotes it had
 * was the author's choice: a new value that needs quotes too keeps them (`"#/components/…"`).
 */
export function keptStyle(
  style: string | undefined,
  old: unknown,
  next: unknown,
  context: ScalarContext,
): ScalarStyle | undefined {
  const quoted = style === 'QUOTE_SINGLE' || style === 'QUOTE_DOUBLE';
  if (
    quoted &&
    typeof old === 'string' &&
    !isPlainSafe(old, context) &&
    typeof next === 'string' &&
    isPlainSafe(next, context)
  ) {
    return undefined;
  }
  return style as ScalarStyle | undefined;
}

/** Text of a mapping key: always on one line, quoted by the same rule as scalars. */
export function keyText(
  key: string,
  context: ScalarContext,
  style?: ScalarStyle,
  preferDouble = false,
): string {
  if (context === 'json') return doubleQuoted(key);
  if (style === 'QUOTE_DOUBLE') return doubleQuoted(key);
  if (style === 'QUOTE_SINGLE' && singleQuotable(key)) return singleQuoted(key);
  if (isPlainSafe(key, context) && !key.includes('?')) return key;
  if (!preferDouble && singleQuotable(key)) return singleQuoted(key);
  return doubleQuoted(key);
}
