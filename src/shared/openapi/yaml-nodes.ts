/**
 * Block-style YAML read straight into `yaml`'s node classes, with the same ranges, scalar
 * values, styles and line starts as `yaml`'s Parser + Composer, and the plain data alongside —
 * without the library's token stream and concrete syntax tree, which cost most of the time and
 * garbage of reading a large document (GitHub's 10 MB description: 4.4 s through the library).
 *
 * Only a subset is read: block maps and sequences, single-line plain and quoted scalars, literal
 * and folded block scalars, empty `{}` / `[]`. Anything else — comments, anchors, aliases, tags,
 * flow collections with content, multi-line plain or quoted scalars, explicit keys, directives,
 * several documents, tabs or CR where they could matter, a repeated key, deep nesting — makes
 * {@link readBlockYaml} answer undefined, and the caller reads the text with the library, which
 * then gives the library's exact results and errors. tests/shared/yaml-nodes.test.ts compares
 * both readers node by node over every corpus YAML document.
 */
import { Document, isScalar, LineCounter, Pair, Scalar, YAMLMap, YAMLSeq, type Node } from 'yaml';

export interface BlockYaml {
  root: Node;
  lines: LineCounter;
  value: unknown;
}

/** Thrown inside the reader when the text leaves the subset; never escapes this module. */
const UNSUPPORTED: unique symbol = Symbol('unsupported');

/**
 * Deepest nesting read here; deeper documents (rare, generated) go to the library, whose
 * composer and the caller's depth guard decide with their own typed errors.
 */
const MAX_FAST_DEPTH = 128;

/** The schema the composer uses for a YAML 1.2 document (the core schema), and its options. */
const SCHEMA_DOC = new Document();
const SCHEMA = SCHEMA_DOC.schema;
interface ScalarTagLike {
  default?: boolean | 'key';
  test?: RegExp;
  format?: string;
  resolve: (value: string, onError: (message: string) => void, options: object) => unknown;
}
/** The core schema's scalar tags that recognise plain scalars by a pattern, in schema order. */
const TESTED_TAGS = (SCHEMA.tags as unknown as ScalarTagLike[]).filter(
  (tag) => tag.default === true && tag.test !== undefined,
);
const RESOLVE_OPTIONS = SCHEMA_DOC.options;
const fail = (): never => {
  throw UNSUPPORTED;
};

const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  '\t': '\t',
};

const SPACE = 0x20;
const NL = 0x0a;

/** Reads `text` (no BOM) when it is in the subset; undefined when the library must read it. */
export function readBlockYaml(text: string): BlockYaml | undefined {
  if (text.includes('\r')) return undefined;
  try {
    return new BlockReader(text).read();
  } catch (error) {
    if (error === UNSUPPORTED) return undefined;
    throw error;
  }
}

interface Read {
  node: Node;
  value: unknown;
}

class BlockReader {
  private readonly text: string;
  private readonly end: number;
  /** Start of the current content line (after `next`), or the text's end. */
  private line = 0;
  /** Indentation of the current content line; -1 at the end of the text. */
  private indent = -1;
  /** Whether empty lines come before the current content line (the composer's spaceBefore). */
  private blank = false;

  constructor(text: string) {
    this.text = text;
    this.end = text.length;
  }

  read(): BlockYaml {
    this.skipBlank(0);
    // Empty, indented, or after empty lines: left to the library.
    if (this.indent !== 0 || this.blank) fail();
    const root = this.collection(this.line, 0, 1);
    if (this.indent !== -1) fail(); // content after the root collection
    const lines = new LineCounter();
    lines.addNewLine(0);
    const text = this.text;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines.addNewLine(i + 1);
    return { root: root.node, lines, value: root.value };
  }

  /**
   * Moves to the next line at or after `from` (a line start) that has content, setting `line`
   * and `indent`. Comment lines, document markers, directives and tabs in the indentation leave
   * the subset.
   */
  private skipBlank(from: number): void {
    const text = this.text;
    let p = from;
    this.blank = false;
    while (p < this.end) {
      let i = p;
      while (text.charCodeAt(i) === SPACE) i++;
      const c = text.charCodeAt(i);
      if (c === NL) {
        p = i + 1;
        this.blank = true;
        continue;
      }
      if (i === this.end) break;
      if (c === 0x09 || c === 0x23) fail(); // tab, '#'
      if (i === p && (c === 0x25 || this.isMarker(p))) fail(); // '%', '---', '...'
      this.line = p;
      this.indent = i - p;
      return;
    }
    this.line = this.end;
    this.indent = -1;
  }

  private isMarker(p: number): boolean {
    const three = this.text.slice(p, p + 3);
    if (three !== '---' && three !== '...') return false;
    const after = this.text.charCodeAt(p + 3);
    return Number.isNaN(after) || after === SPACE || after === NL || after === 0x09;
  }

  /** The line end (index of its '\n', or the text's end) from `p`. */
  private lineEnd(p: number): number {
    const nl = this.text.indexOf('\n', p);
    return nl < 0 ? this.end : nl;
  }

  /** A block map or sequence whose first entry starts at `p`, in column `col`. */
  private collection(p: number, col: number, depth: number): Read {
    if (depth > MAX_FAST_DEPTH) fail();
    if (this.isSeqIndicator(p)) return this.seq(p, col, depth);
    if (this.keyColon(p) >= 0) return this.map(p, col, depth);
    return fail();
  }

  private isSeqIndicator(p: number): boolean {
    if (this.text.charCodeAt(p) !== 0x2d) return false;
    const next = this.text.charCodeAt(p + 1);
    return next === SPACE || next === NL || Number.isNaN(next);
  }

  /**
   * The index of the `:` ending an implicit key that starts at `p`, or -1 when the line holds
   * no key (a scalar). Keys in the subset are single-line plain or quoted scalars.
   */
  private keyColon(p: number): number {
    const text = this.text;
    const c = text.charCodeAt(p);
    if (c === 0x22 || c === 0x27) {
      const close = this.quoteEnd(p);
      if (close < 0) return -1;
      return text.charCodeAt(close) === 0x3a && this.isEmptyAt(close + 1) ? close : -1;
    }
    // Within the line only: indexOf(':') would read on to the next colon of the text, for
    // every line (quadratic on a long sequence of items without one).
    const end = this.lineEnd(p);
    for (let i = p; i < end; i++) {
      if (text.charCodeAt(i) === 0x3a && this.isEmptyAt(i + 1)) return i;
    }
    return -1;
  }

  private isEmptyAt(i: number): boolean {
    const c = this.text.charCodeAt(i);
    return c === SPACE || c === NL || Number.isNaN(c) || c === 0x09;
  }

  /** Index just after the closing quote of a quoted scalar opening at `p` on its line, or -1. */
  private quoteEnd(p: number): number {
    const text = this.text;
    const quote = text.charCodeAt(p);
    const end = this.lineEnd(p);
    for (let i = p + 1; i < end; i++) {
      const c = text.charCodeAt(i);
      if (quote === 0x22 && c === 0x5c) {
        i++;
      } else if (c === quote) {
        if (quote === 0x27 && text.charCodeAt(i + 1) === 0x27) i++;
        else return i + 1;
      }
    }
    return -1;
  }

  private map(p: number, col: number, depth: number): Read {
    const text = this.text;
    const map = new YAMLMap(SCHEMA);
    const value: Record<string, unknown> = {};
    const start = p;
    let offset = p;
    for (;;) {
      const colon = this.keyColon(p);
      if (colon < 0) fail();
      // Empty lines before an entry mark its key, or the map before its first entry.
      const spaced = this.blank && p === this.line + this.indent;
      const key = this.key(p, colon);
      if (spaced) (p === start ? map : key).spaceBefore = true;
      const stringKey = key.value === null ? '' : String(key.value as string | number | boolean);
      if (Object.hasOwn(value, stringKey)) fail(); // a repeated key: the library reports it
      let item: Read;
      const q = colon + 1;
      const c = text.charCodeAt(q);
      if (c === NL || q === this.end) {
        this.skipBlank(q + 1 > this.end ? this.end : q + 1);
        const at = this.line + this.indent;
        if (this.indent > col || (this.indent === col && this.isSeqIndicator(at))) {
          item = this.collection(at, this.indent, depth + 1);
        } else {
          item = { node: this.plain('', q, q, q), value: null };
        }
      } else if (c === SPACE) {
        let r = q + 1;
        while (text.charCodeAt(r) === SPACE) r++;
        if (text.charCodeAt(r) === NL || r === this.end) fail(); // spaces after the colon
        item = this.inline(r, col, depth + 1);
      } else {
        return fail();
      }
      map.items.push(new Pair(key, item.node));
      if (stringKey in value) {
        Object.defineProperty(value, stringKey, {
          value: item.value,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      } else {
        value[stringKey] = item.value;
      }
      offset = (item.node.range as [number, number, number])[2];
      if (this.indent < col) break;
      if (this.indent > col) fail();
      p = this.line + col;
      if (this.isSeqIndicator(p)) fail();
    }
    map.range = [start, offset, offset];
    return { node: map, value };
  }

  private seq(p: number, col: number, depth: number): Read {
    const text = this.text;
    const seq = new YAMLSeq(SCHEMA);
    const value: unknown[] = [];
    const start = p;
    let offset = p;
    for (;;) {
      const spaced = this.blank && p === this.line + this.indent;
      const q = p + 1;
      if (text.charCodeAt(q) !== SPACE) fail(); // an item on the next lines, or empty
      let r = q + 1;
      while (text.charCodeAt(r) === SPACE) r++;
      if (text.charCodeAt(r) === NL || r === this.end) fail();
      const item =
        this.isSeqIndicator(r) || this.keyColon(r) >= 0
          ? this.collection(r, r - this.lineStart(r), depth + 1)
          : this.inline(r, col, depth + 1);
      if (spaced) (p === start ? seq : item.node).spaceBefore = true;
      seq.items.push(item.node);
      value.push(item.value);
      offset = (item.node.range as [number, number, number])[2];
      if (this.indent < col) break;
      if (this.indent > col) fail();
      p = this.line + col;
      if (!this.isSeqIndicator(p)) break;
    }
    seq.range = [start, offset, offset];
    return { node: seq, value };
  }

  private lineStart(p: number): number {
    return this.text.lastIndexOf('\n', p - 1) + 1;
  }

  /** An implicit key from `p` to its `:` at `colon`. */
  private key(p: number, colon: number): Scalar {
    const text = this.text;
    const c = text.charCodeAt(p);
    if (colon - p > 1000) fail(); // the composer refuses keys over 1024 characters
    if (c === 0x22 || c === 0x27) {
      const raw = text.slice(p, colon);
      const node = new Scalar(c === 0x22 ? this.doubleQuoted(raw) : singleQuoted(raw));
      node.range = [p, colon, colon];
      node.source = node.value as string;
      node.type = c === 0x22 ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE;
      return node;
    }
    if (!this.plainStart(p)) fail();
    const raw = text.slice(p, colon);
    const last = raw.charCodeAt(raw.length - 1);
    if (last === SPACE || raw.includes(' #') || raw.includes('\t')) fail();
    return this.plain(raw, p, colon, colon);
  }

  /** Whether a plain scalar of the subset may start at `p` (no indicator character). */
  private plainStart(p: number): boolean {
    const c = this.text[p] as string;
    return !'-?:,[]{}#&*!|>\'"%@`'.includes(c);
  }

  /**
   * A value written on its line from `r`, in a collection at column `col`: a scalar (plain,
   * quoted, block) or an empty flow collection. Leaves the reader on the next content line.
   */
  private inline(r: number, col: number, depth: number): Read {
    if (depth > MAX_FAST_DEPTH) fail();
    const text = this.text;
    const c = text.charCodeAt(r);
    let node: Node;
    let value: unknown;
    if (c === 0x7c || c === 0x3e) return this.blockScalar(r, col);
    const eol = this.lineEnd(r);
    if (c === 0x22 || c === 0x27) {
      const close = this.quoteEnd(r);
      if (close !== eol) fail(); // not closed on this line, or something after it
      const raw = text.slice(r, close);
      const scalar = new Scalar(c === 0x22 ? this.doubleQuoted(raw) : singleQuoted(raw));
      scalar.source = scalar.value as string;
      scalar.type = c === 0x22 ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE;
      scalar.range = [r, close, Math.min(eol + 1, this.end)];
      node = scalar;
      value = scalar.value;
    } else if (c === 0x7b || c === 0x5b) {
      const close = c === 0x7b ? 0x7d : 0x5d;
      if (text.charCodeAt(r + 1) !== close || r + 2 !== eol) fail();
      const collection = c === 0x7b ? new YAMLMap(SCHEMA) : new YAMLSeq(SCHEMA);
      collection.flow = true;
      collection.range = [r, r + 2, Math.min(eol + 1, this.end)];
      node = collection;
      value = c === 0x7b ? {} : [];
    } else {
      if (!this.plainStart(r) && !(c === 0x2d && !this.isEmptyAt(r + 1))) fail();
      let last = eol;
      while (text.charCodeAt(last - 1) === SPACE) last--;
      const raw = text.slice(r, last);
      if (raw.includes(' #') || raw.includes('\t') || this.keyColon(r) >= 0) fail();
      const scalar = this.plain(raw, r, last, Math.min(eol + 1, this.end));
      node = scalar;
      value = scalar.value;
    }
    this.skipBlank(Math.min(eol + 1, this.end));
    if (this.indent > col) fail(); // a multi-line scalar (or an error): the library's
    return { node, value };
  }

  /** A plain scalar, typed by the core schema's patterns as the composer types it. */
  private plain(raw: string, start: number, valueEnd: number, end: number): Scalar {
    let node: Scalar | undefined;
    const tag = mayBeTyped(raw) ? TESTED_TAGS.find((t) => (t.test as RegExp).test(raw)) : undefined;
    if (tag !== undefined) {
      const res = tag.resolve(raw, fail, RESOLVE_OPTIONS);
      node = isScalar(res) ? res : new Scalar(res);
      if (tag.format) node.format = tag.format;
    }
    node ??= new Scalar(raw);
    node.range = [start, valueEnd, end];
    node.source = raw;
    node.type = Scalar.PLAIN;
    return node;
  }

  /** A single-line double-quoted scalar's value (`raw` with its quotes). */
  private doubleQuoted(raw: string): string {
    const inner = raw.slice(1, -1);
    if (!inner.includes('\\')) return inner;
    let out = '';
    for (let i = 0; i < inner.length; i++) {
      const ch = inner[i] as string;
      if (ch !== '\\') {
        out += ch;
        continue;
      }
      const next = inner[++i] ?? '';
      const code = ESCAPES[next];
      if (code !== undefined) {
        out += code;
      } else if (next === 'x' || next === 'u' || next === 'U') {
        const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
        const hex = inner.substr(i + 1, length);
        if (hex.length !== length || !/^[0-9a-fA-F]+$/.test(hex)) fail();
        const point = parseInt(hex, 16);
        if (point > 0x10ffff) fail();
        out += String.fromCodePoint(point);
        i += length;
      } else {
        fail(); // an invalid escape: the library reports it
      }
    }
    return out;
  }

  /**
   * A literal or folded block scalar whose header is at `r`, in a collection at column `col`:
   * where it ends follows `yaml`'s lexer, its value `yaml`'s resolveBlockScalar.
   */
  private blockScalar(r: number, col: number): Read {
    const text = this.text;
    const eol = this.lineEnd(r);
    const header = text.slice(r, eol);
    if (!/^[|>](?:[-+]?[1-9]?|[1-9][-+])$/.test(header) || eol === this.end) fail();
    const folded = header[0] === '>';
    let chomp = '';
    let explicit = 0;
    for (const ch of header.slice(1)) {
      if (ch === '-' || ch === '+') chomp = ch;
      else explicit = Number(ch);
    }
    const pos = eol + 1;
    // The lexer: the first content line's indentation...
    let nl = pos - 1;
    let indent = 0;
    let i = pos;
    for (; i < this.end; i++) {
      const ch = text.charCodeAt(i);
      if (ch === SPACE) indent++;
      else if (ch === NL) {
        nl = i;
        indent = 0;
      } else break;
    }
    if (i >= this.end) fail(); // an empty block scalar
    let indentNext = col + 1;
    if (indent < indentNext) fail();
    indentNext = explicit === 0 ? indent : explicit + indentNext;
    if (indent < indentNext) fail();
    // ...then every line that is empty or indented at least as much.
    for (;;) {
      const from = nl + 1;
      let k = 0;
      while (text.charCodeAt(from + k) === SPACE) k++;
      const ch = text.charCodeAt(from + k);
      if (!(ch === NL || k >= indentNext) || from >= this.end) break;
      nl = text.indexOf('\n', from + k);
      if (nl < 0) {
        nl = this.end;
        break;
      }
    }
    let k = nl + 1;
    while (text.charCodeAt(k) === SPACE) k++;
    if (text.charCodeAt(k) === 0x09) fail();
    if (chomp !== '+') {
      for (;;) {
        let j = nl - 1;
        const lastChar = j;
        while (text.charCodeAt(j) === SPACE) j--;
        if (text.charCodeAt(j) === NL && j >= pos && j + 1 + indent > lastChar) nl = j;
        else break;
      }
    }
    const sourceEnd = Math.min(nl + 1, this.end);
    const source = text.slice(pos, sourceEnd);
    const value = blockValue(source, folded, chomp, col, explicit);
    const scalar = new Scalar(value);
    scalar.source = value;
    scalar.type = folded ? Scalar.BLOCK_FOLDED : Scalar.BLOCK_LITERAL;
    const end = r + header.length + 1 + source.length;
    scalar.range = [r, end, end];
    this.skipBlank(Math.min(end, this.end));
    if (this.indent > col) fail();
    return { node: scalar, value };
  }
}

/**
 * Whether a plain scalar may be other than a string in the core schema: null, booleans and
 * numbers all start with a digit, a sign, a dot, `~` or the first letter of null/true/false
 * (or are empty). Most plain scalars of a document are words and skip the schema's patterns.
 */
export function mayBeTyped(raw: string): boolean {
  if (raw === '') return true;
  const c = raw.charCodeAt(0);
  return (c >= 0x30 && c <= 0x39) || '+-.~nNtTfF'.includes(raw[0] as string);
}

function singleQuoted(raw: string): string {
  return raw.slice(1, -1).replace(/''/g, "'");
}

/**
 * `yaml`'s resolveBlockScalar for a block with content (checked by the caller), `scalarIndent`
 * being the column of the collection holding it. Any case the library would report leaves the
 * subset.
 */
function blockValue(
  source: string,
  folded: boolean,
  chomp: string,
  scalarIndent: number,
  explicit: number,
): string {
  const split = source.split(/\n( *)/);
  const first = split[0] as string;
  const lead = /^( *)/.exec(first)?.[1] ?? '';
  const lines: [string, string][] = [[lead, first.slice(lead.length)]];
  for (let i = 1; i < split.length; i += 2) {
    lines.push([split[i] as string, split[i + 1] as string]);
  }
  let chompStart = lines.length;
  for (let i = lines.length - 1; i >= 0; --i) {
    if ((lines[i] as [string, string])[1] === '') chompStart = i;
    else break;
  }
  if (chompStart === 0) fail();
  let trimIndent = scalarIndent + explicit;
  let contentStart = 0;
  for (let i = 0; i < chompStart; ++i) {
    const [indent, content] = lines[i] as [string, string];
    if (content === '') {
      if (explicit === 0 && indent.length > trimIndent) trimIndent = indent.length;
      continue;
    }
    if (indent.length < trimIndent) fail();
    if (explicit === 0) trimIndent = indent.length;
    if (trimIndent === 0) fail();
    contentStart = i;
    break;
  }
  for (let i = lines.length - 1; i >= chompStart; --i) {
    if ((lines[i] as [string, string])[0].length > trimIndent) chompStart = i + 1;
  }
  let value = '';
  let sep = '';
  let prevMoreIndented = false;
  for (let i = 0; i < contentStart; ++i) {
    value += (lines[i] as [string, string])[0].slice(trimIndent) + '\n';
  }
  for (let i = contentStart; i < chompStart; ++i) {
    const [indent, content] = lines[i] as [string, string];
    if (content.includes('\r')) fail();
    if (content !== '' && indent.length < trimIndent) fail();
    if (!folded) {
      value += sep + indent.slice(trimIndent) + content;
      sep = '\n';
    } else if (indent.length > trimIndent || content[0] === '\t') {
      if (sep === ' ') sep = '\n';
      else if (!prevMoreIndented && sep === '\n') sep = '\n\n';
      value += sep + indent.slice(trimIndent) + content;
      sep = '\n';
      prevMoreIndented = true;
    } else if (content === '') {
      if (sep === '\n') value += '\n';
      else sep = '\n';
    } else {
      value += sep + content;
      sep = ' ';
      prevMoreIndented = false;
    }
  }
  if (chomp === '+') {
    for (let i = chompStart; i < lines.length; ++i) {
      value += '\n' + (lines[i] as [string, string])[0].slice(trimIndent);
    }
    if (value[value.length - 1] !== '\n') value += '\n';
  } else if (chomp !== '-') {
    value += '\n';
  }
  return value;
}
