/**
 * Block-style YAML read straight into `yaml`'s node classes, with the same ranges, scalar
 * values, styles and line starts as `yaml`'s Parser + Composer, and the plain data alongside —
 * without the library's token stream and concrete syntax tree, which cost most of the time and
 * garbage of reading a large document (GitHub's 10 MB description: 4.4 s through the library).
 *
 * Only a subset is read: block maps and sequences (empty items included), plain and quoted
 * scalars on one line or more, literal and folded block scalars, flow collections closed on
 * their line (`[a, 'b']`, `{k: [1]}`), a leading `---`, and comments wherever they sit between
 * those: on their own lines, after a value or a `key:`, before and after the document. Comments
 * land where `yaml`'s parser puts them (its rules follow the indentation of each comment line
 * against the collections it closes), as `comment` / `commentBefore` with the ranges they
 * stretch. Anything else — anchors, aliases, tags and explicit keys (looked for before reading),
 * flow collections over several lines, directives, several documents, a comment the reader
 * cannot place (after an empty value, a block scalar header, a `-`), tabs or CR where they could
 * matter, a repeated key, deep nesting — makes {@link readBlockYaml} answer undefined, and the
 * caller reads the text with the library, which then gives the library's
 * exact results and errors. tests/shared/yaml-nodes.test.ts compares both readers node by node
 * over every corpus YAML document and random documents.
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
  if (text.includes('\r') || hasNodeProperties(text)) return undefined;
  try {
    return new BlockReader(text).read();
  } catch (error) {
    if (error === UNSUPPORTED) return undefined;
    throw error;
  }
}

/**
 * Whether the text may hold an anchor, a tag or an explicit key (`&a`, `!t`, `? k` where a node
 * starts), which the reader leaves to the library: found before reading, a document that has
 * one near its end (OpenAI's description: an anchor at 98% of 1.3 MB) is not read twice. Only
 * the characters' own occurrences are looked at; one inside a multi-line scalar that looks like
 * a node's start merely sends that text to the library.
 */
function hasNodeProperties(text: string): boolean {
  for (const mark of ['&', '!', '?']) {
    for (let i = text.indexOf(mark); i >= 0; i = text.indexOf(mark, i + 1)) {
      const next = text.charCodeAt(i + 1);
      if (mark === '?' ? next !== SPACE : next === SPACE || next === NL || Number.isNaN(next)) {
        continue;
      }
      let j = i - 1;
      const before = text.charCodeAt(j);
      if (mark !== '?' && before === SPACE) {
        const c = text.charCodeAt(j - 1);
        if (c === 0x3a || c === 0x2d) return true; // `key: &a`, `- &a`
      }
      while (text.charCodeAt(j) === SPACE) j--;
      if (j < 0 || text.charCodeAt(j) === NL) return true; // at a line's start
    }
  }
  return false;
}

interface Read {
  node: Node;
  value: unknown;
}

/** What most entries have before them (nothing), and entries after empty lines only. */
const PLAIN_START = Object.freeze({ spaceBefore: false, comment: '' });
const SPACED = Object.freeze({ spaceBefore: true, comment: '' });

/** An empty or comment line between content lines. */
interface Gap {
  /** Spaces before the comment (or before the line's end). */
  indent: number;
  /** The line's end: its '\n', or the text's end. */
  end: number;
  /** The comment's text after '#'; undefined for an empty line. */
  comment: string | undefined;
}

/**
 * `yaml`'s resolveProps over the tokens of empty and comment lines (after a comment `lead` on
 * the line before them, if any), starting on a new line.
 */
function gapProps(
  gap: Gap[],
  lead: string | undefined,
  textEnd: number,
): { spaceBefore: boolean; comment: string } {
  let spaceBefore = false;
  let comment = '';
  let commentSep = '';
  let atNewline = true;
  if (lead !== undefined) {
    comment = lead || ' ';
    commentSep = '\n';
  }
  for (const g of gap) {
    if (g.comment !== undefined) {
      const cb = g.comment || ' ';
      comment = comment ? comment + commentSep + cb : cb;
      commentSep = '';
      atNewline = false;
    }
    if (g.end >= textEnd) break; // no line break after it
    if (atNewline) {
      if (comment) comment += '\n';
      else spaceBefore = true;
    } else {
      commentSep += '\n';
    }
    atNewline = true;
  }
  return { spaceBefore, comment };
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
  /**
   * The empty and comment lines before the current content line that no node has taken yet,
   * when there is a comment among them (undefined otherwise: then only `blank` matters). The
   * parser hands them to the next entry, or leaves them at the end of a collection it closes.
   */
  private gap: Gap[] | undefined;
  /** A comment after `key:` whose value starts on the next lines (it goes where the gap goes). */
  private lead: string | undefined;

  constructor(text: string) {
    this.text = text;
    this.end = text.length;
  }

  read(): BlockYaml {
    this.skipBlank(0, true);
    // Empty or indented: left to the library.
    if (this.indent !== 0) fail();
    // Lines before the document are the stream's: the composer gives their comment to the
    // first entry, or to the Document (not to the tree) when an empty line follows it or the
    // document starts with `---`.
    let prelude = this.prelude();
    this.gap = undefined;
    this.blank = false;
    if (this.text.startsWith('---', this.line)) {
      if (this.text.charCodeAt(this.line + 3) !== NL) fail();
      prelude = '';
      // The lines between `---` and the root are the root's props, as after a key.
      this.skipBlank(this.line + 4);
      if (this.indent !== 0) fail();
    }
    const root = this.collection(this.line, 0, 1);
    if (this.indent !== -1) fail(); // content after the root collection
    if (prelude !== '') {
      const items = (root.node as YAMLMap | YAMLSeq).items as unknown[];
      const first = items[0] as Pair<Scalar> | Node;
      const target = first instanceof Pair ? first.key : first;
      target.commentBefore = target.commentBefore ? `${prelude}\n${target.commentBefore}` : prelude;
    }
    const lines = new LineCounter();
    lines.addNewLine(0);
    const text = this.text;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines.addNewLine(i + 1);
    return { root: root.node, lines, value: root.value };
  }

  /** The composer's parsePrelude over the lines before the document: their comment, or ''. */
  private prelude(): string {
    if (this.gap === undefined) return '';
    let comment = '';
    let atComment = false;
    let afterEmptyLine = false;
    for (const g of this.gap) {
      if (g.comment !== undefined) {
        comment += (comment === '' ? '' : afterEmptyLine ? '\n\n' : '\n') + (g.comment || ' ');
        atComment = true;
        afterEmptyLine = false;
      }
      if (g.end >= this.end) break;
      if (!atComment) afterEmptyLine = true;
      atComment = false;
    }
    return afterEmptyLine ? '' : comment;
  }

  /**
   * Moves to the next line at or after `from` (a line start) that has content, setting `line`
   * and `indent`; empty and comment lines on the way set `blank` and `gap`. Document markers
   * (but a `---` at the `start`), directives and tabs in the indentation leave the subset.
   */
  private skipBlank(from: number, start = false): void {
    const text = this.text;
    let p = from;
    let comments = false;
    this.blank = false;
    this.gap = undefined;
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
      if (c === 0x09) fail(); // a tab
      if (c === 0x23) {
        // A comment line: the lines around it are read again below, where it matters.
        comments = true;
        p = Math.min(this.lineEnd(i) + 1, this.end);
        continue;
      }
      // '%', '---' (but at the start), '...'
      if (i === p && (c === 0x25 || (this.isMarker(p) && !(start && c === 0x2d)))) fail();
      this.line = p;
      this.indent = i - p;
      if (comments) this.gap = this.readGap(from, p);
      return;
    }
    this.line = this.end;
    this.indent = -1;
    if (comments) this.gap = this.readGap(from, this.end);
  }

  /** The empty and comment lines from `from` to `to` (line starts, or the text's end). */
  private readGap(from: number, to: number): Gap[] {
    const text = this.text;
    const gap: Gap[] = [];
    for (let p = from; p < to;) {
      let i = p;
      while (text.charCodeAt(i) === SPACE) i++;
      if (i >= to) break; // spaces before the next content, or at the text's end
      const end = this.lineEnd(i);
      gap.push({
        indent: i - p,
        end,
        comment: text.charCodeAt(i) === 0x23 ? text.slice(i + 1, end) : undefined,
      });
      p = end + 1;
    }
    return gap;
  }

  /**
   * Takes the lines before the current entry, as the composer's resolveProps reads them from
   * the entry's start (or from `key:`'s separator when the entry opens a collection):
   * spaceBefore for empty lines before any comment, and the comments, empty lines after one
   * adding a line break.
   */
  private take(): { spaceBefore: boolean; comment: string } {
    const gap = this.gap;
    const lead = this.lead;
    this.gap = undefined;
    this.lead = undefined;
    if (gap === undefined && lead === undefined) {
      const spaceBefore = this.blank;
      this.blank = false;
      return spaceBefore ? SPACED : PLAIN_START;
    }
    this.blank = false;
    return gapProps(gap ?? [], lead, this.end);
  }

  /**
   * Where the parser closes a collection at column `col` before the current content line: the
   * lines before that line stay at the collection's end when a comment among them is indented
   * at least as far as the collection (not at column 0) — its comment, and its range up to the
   * next content — and otherwise go on to the enclosing collection.
   */
  private close(collection: YAMLMap | YAMLSeq, col: number, offset: number): void {
    const gap = this.gap;
    let end = offset;
    if (
      gap !== undefined &&
      col > 0 &&
      gap.some((g) => g.comment !== undefined && g.indent >= col)
    ) {
      const { comment } = this.take();
      if (comment) collection.comment = comment;
      end = this.indent < 0 ? this.end : this.line + this.indent;
    }
    collection.range = [collection.range?.[0] ?? 0, offset, end];
  }

  /**
   * Comments indented past the collection (column `col`) that directly follow a plain or
   * quoted scalar (after empty lines only) belong to the scalar: the parser adds them to its
   * end, and the composer to its comment and range.
   */
  private attachEnd(node: Scalar, col: number): void {
    const gap = this.gap;
    if (gap === undefined) return;
    let last = -1;
    for (let j = 0; j < gap.length; j++) {
      const g = gap[j] as Gap;
      if (g.comment === undefined) continue;
      if (g.indent <= col) break;
      last = j;
    }
    if (last < 0) return;
    let comment = node.comment ?? '';
    let sep = comment ? '\n' : '';
    for (let j = 0; j <= last; j++) {
      const g = gap[j] as Gap;
      if (g.comment === undefined) {
        if (comment) sep += '\n';
        continue;
      }
      const cb = g.comment || ' ';
      comment = comment ? comment + sep + cb : cb;
      sep = '\n';
    }
    node.comment = comment;
    const range = node.range as [number, number, number];
    range[2] = Math.min((gap[last] as Gap).end + 1, this.end);
    const rest = gap.slice(last + 1);
    this.blank = rest.length > 0;
    this.gap = rest.some((g) => g.comment !== undefined) ? rest : undefined;
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
  private quoteEnd(p: number, end = this.lineEnd(p)): number {
    const text = this.text;
    const quote = text.charCodeAt(p);
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
    map.range = [p, p, p];
    const value: Record<string, unknown> = {};
    const start = p;
    let offset = p;
    for (;;) {
      const colon = this.keyColon(p);
      if (colon < 0) fail();
      // The lines before an entry that starts its line mark its key, or the map before its
      // first entry (they are then in the separator after the parent's key).
      const before = p === this.line + this.indent ? this.take() : undefined;
      const key = this.key(p, colon);
      if (before !== undefined) {
        const target = p === start ? map : key;
        if (before.spaceBefore) target.spaceBefore = true;
        if (before.comment) target.commentBefore = before.comment;
      }
      const stringKey = key.value === null ? '' : String(key.value as string | number | boolean);
      if (Object.hasOwn(value, stringKey)) fail(); // a repeated key: the library reports it
      let item: Read;
      const q = colon + 1;
      let c = text.charCodeAt(q);
      let r = q;
      if (c === SPACE) {
        r = q + 1;
        while (text.charCodeAt(r) === SPACE) r++;
        if (text.charCodeAt(r) === NL || r === this.end) fail(); // spaces after the colon
        if (text.charCodeAt(r) === 0x23) {
          // `key: # comment`: the value is on the next lines
          const eol = this.lineEnd(r);
          if (eol === this.end) fail();
          this.lead = text.slice(r + 1, eol);
          r = eol;
          c = NL;
        }
      }
      if (c === NL || r === this.end) {
        const lead = this.lead;
        const from = r + 1 > this.end ? this.end : r + 1;
        this.skipBlank(from);
        this.lead = lead;
        // Empty lines after a comment add line breaks to it: they are needed one by one.
        if (lead !== undefined && this.gap === undefined && this.blank) {
          this.gap = this.readGap(from, this.indent < 0 ? this.end : this.line);
        }
        const at = this.line + this.indent;
        if (this.indent > col && !this.isSeqIndicator(at) && this.keyColon(at) < 0) {
          // A scalar on the lines after its key: the lines before it are its props.
          const v = text.charCodeAt(at);
          if (v === 0x7c || v === 0x3e || v === 0x7b || v === 0x5b) fail();
          // The lexer lowers the indentation a scalar continues at to that of a comment line
          // before it (an empty line lowers it only before a line at column 0): a scalar after
          // such a line that the next content could continue is the library's to read.
          let lowest = this.indent;
          for (const g of this.gap ?? []) {
            if (g.comment !== undefined) lowest = Math.min(lowest, g.indent);
          }
          const before = this.take();
          item = this.inline(at, col, depth + 1);
          if (lowest <= col && this.indent >= lowest) fail();
          if (before.spaceBefore) item.node.spaceBefore = true;
          if (before.comment) item.node.commentBefore = before.comment;
        } else if (this.indent > col || (this.indent === col && this.isSeqIndicator(at))) {
          item = this.collection(at, this.indent, depth + 1);
        } else {
          // An empty value: comments after it go to places not read here.
          if (this.gap !== undefined || this.lead !== undefined) fail();
          const empty = this.plain('', q, q, q);
          // Empty lines after it stay in the separator when the map ends there; before a
          // next key, the parser hands them on to that key.
          if (this.blank && this.indent < col) {
            empty.spaceBefore = true;
            this.blank = false;
          }
          item = { node: empty, value: null };
        }
      } else if (c === SPACE) {
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
    this.close(map, col, offset);
    return { node: map, value };
  }

  private seq(p: number, col: number, depth: number): Read {
    const text = this.text;
    const seq = new YAMLSeq(SCHEMA);
    seq.range = [p, p, p];
    const value: unknown[] = [];
    const start = p;
    let offset = p;
    for (;;) {
      const before = p === this.line + this.indent ? this.take() : undefined;
      const q = p + 1;
      let item: Read;
      if (text.charCodeAt(q) === NL || q === this.end) {
        // An empty item: the parser keeps the lines after it in the item's own start, after
        // its indicator (no spaceBefore for anything; comments would be its comment).
        this.skipBlank(q === this.end ? q : q + 1);
        if (this.gap !== undefined || this.indent > col || before?.comment) fail();
        this.blank = false;
        item = { node: this.plain('', q, q, q), value: null };
      } else {
        if (text.charCodeAt(q) !== SPACE) fail();
        let r = q + 1;
        while (text.charCodeAt(r) === SPACE) r++;
        const c = text.charCodeAt(r);
        if (c === NL || r === this.end || c === 0x23) fail();
        item =
          this.isSeqIndicator(r) || this.keyColon(r) >= 0
            ? this.collection(r, r - this.lineStart(r), depth + 1)
            : this.inline(r, col, depth + 1);
      }
      if (before !== undefined) {
        const target = p === start ? seq : item.node;
        if (before.spaceBefore) target.spaceBefore = true;
        if (before.comment) target.commentBefore = before.comment;
      }
      seq.items.push(item.node);
      value.push(item.value);
      offset = (item.node.range as [number, number, number])[2];
      if (this.indent < col) break;
      if (this.indent > col) fail();
      p = this.line + col;
      if (!this.isSeqIndicator(p)) break;
    }
    this.close(seq, col, offset);
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
      const node = new Scalar(c === 0x22 ? doubleQuotedValue(raw) : singleQuotedValue(raw));
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
   * A value starting at `r`, in a collection at column `col`: a scalar (plain or quoted, on one
   * line or more; block) or an empty flow collection, with a comment after it on its line and
   * the indented comment lines after it. Leaves the reader on the next content line.
   */
  private inline(r: number, col: number, depth: number): Read {
    if (depth > MAX_FAST_DEPTH) fail();
    const text = this.text;
    const c = text.charCodeAt(r);
    if (c === 0x7c || c === 0x3e) return this.blockScalar(r, col);
    let scalar: Scalar;
    let after: number;
    if (c === 0x22 || c === 0x27) {
      after = this.quotedEnd(r, col);
      const raw = text.slice(r, after);
      scalar = new Scalar(c === 0x22 ? doubleQuotedValue(raw) : singleQuotedValue(raw));
      scalar.source = scalar.value as string;
      scalar.type = c === 0x22 ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE;
      scalar.range = [r, after, after];
    } else if (c === 0x7b || c === 0x5b) {
      const eol = this.lineEnd(r);
      const flow = this.flowCollection(r, eol, depth + 1);
      let k = flow.end;
      while (text.charCodeAt(k) === SPACE) k++;
      const collection = flow.node as YAMLMap | YAMLSeq;
      if (text.charCodeAt(k) === 0x23 && k > flow.end) {
        collection.comment = text.slice(k + 1, eol) || ' ';
      } else if (k !== eol) {
        fail(); // more after the collection on its line (a key, a tab, an error)
      }
      const next = Math.min(eol + 1, this.end);
      collection.range = [r, flow.end, next];
      this.skipBlank(next);
      // Comment lines after a flow collection are read by its own rules: the library's.
      if (this.indent > col || this.gap !== undefined) fail();
      return { node: collection, value: flow.value };
    } else {
      if (!this.plainStart(r) && !(c === 0x2d && !this.isEmptyAt(r + 1))) fail();
      after = this.plainEnd(r, col);
      const source = text.slice(r, after);
      scalar = this.plain(source.includes('\n') ? unfoldLines(source) : source, r, after, after);
    }
    // The rest of the scalar's last line: spaces, and perhaps a comment.
    let k = after;
    while (text.charCodeAt(k) === SPACE) k++;
    const eol = this.lineEnd(k);
    if (text.charCodeAt(k) === 0x23 && k > after) {
      scalar.comment = text.slice(k + 1, eol) || ' ';
    } else if (k !== eol) {
      fail(); // something after a quoted scalar (a multi-line key, a tab, an error)
    }
    const next = Math.min(eol + 1, this.end);
    (scalar.range as [number, number, number])[2] = next;
    this.skipBlank(next);
    if (this.indent > col) fail(); // more after a comment (or an error): the library's
    this.attachEnd(scalar, col);
    return { node: scalar, value: scalar.value };
  }

  /**
   * A flow collection opening at `p` and closed on its line (before `eol`): items that are plain
   * or quoted scalars on that line, or flow collections of the same kind, separated by commas;
   * in a map, `key: value` pairs. Anything else — a line break, a comment, a trailing comma, a
   * `:` in a plain scalar, a pair in a sequence, an empty key or value, a repeated key — leaves
   * the subset. Ranges as the composer gives them: each item's ends after the spaces that
   * follow it; the collection's (set here) up to its closing bracket.
   */
  private flowCollection(p: number, eol: number, depth: number): Read & { end: number } {
    if (depth > MAX_FAST_DEPTH) fail();
    const text = this.text;
    const isMap = text.charCodeAt(p) === 0x7b;
    const close = isMap ? 0x7d : 0x5d;
    const collection = isMap ? new YAMLMap(SCHEMA) : new YAMLSeq(SCHEMA);
    collection.flow = true;
    const object: Record<string, unknown> = {};
    const array: unknown[] = [];
    let i = p + 1;
    while (text.charCodeAt(i) === SPACE) i++;
    if (text.charCodeAt(i) !== close) {
      for (;;) {
        if (isMap) {
          const key = this.flowItem(i, eol, depth, true);
          const keyNode = key.node as Scalar;
          const colon = (keyNode.range as [number, number, number])[1];
          if (text.charCodeAt(colon) !== 0x3a || text.charCodeAt(colon + 1) !== SPACE) fail();
          let v = colon + 1;
          while (text.charCodeAt(v) === SPACE) v++;
          const item = this.flowItem(v, eol, depth, false);
          const stringKey =
            keyNode.value === null ? '' : String(keyNode.value as string | number | boolean);
          if (Object.hasOwn(object, stringKey)) fail(); // a repeated key: the library reports it
          (collection as YAMLMap).items.push(new Pair(keyNode, item.node));
          if (stringKey in object) {
            Object.defineProperty(object, stringKey, {
              value: item.value,
              writable: true,
              enumerable: true,
              configurable: true,
            });
          } else {
            object[stringKey] = item.value;
          }
          i = item.next;
        } else {
          const item = this.flowItem(i, eol, depth, false);
          (collection as YAMLSeq).items.push(item.node);
          array.push(item.value);
          i = item.next;
        }
        const ch = text.charCodeAt(i);
        if (ch === close) break;
        if (ch !== 0x2c) fail();
        i++;
        while (text.charCodeAt(i) === SPACE) i++;
        if (text.charCodeAt(i) === close) fail(); // a trailing comma
      }
    }
    const end = i + 1;
    collection.range = [p, end, end];
    return { node: collection, value: isMap ? object : array, end };
  }

  /**
   * One item of a flow collection at `p` (a key when `key`): its node and value, and `next`,
   * where the spaces after it end. A plain key ends at its `: `.
   */
  private flowItem(p: number, eol: number, depth: number, key: boolean): Read & { next: number } {
    const text = this.text;
    const c = text.charCodeAt(p);
    let node: Node;
    let value: unknown;
    let valueEnd: number;
    if (c === 0x7b || c === 0x5b) {
      if (key) fail();
      const flow = this.flowCollection(p, eol, depth + 1);
      node = flow.node;
      value = flow.value;
      valueEnd = flow.end;
    } else if (c === 0x22 || c === 0x27) {
      // Up to the line's end found once: a long line of quoted items stays linear.
      valueEnd = this.quoteEnd(p, eol);
      if (valueEnd < 0) fail();
      const raw = text.slice(p, valueEnd);
      const scalar = new Scalar(c === 0x22 ? doubleQuotedValue(raw) : singleQuotedValue(raw));
      scalar.source = scalar.value as string;
      scalar.type = c === 0x22 ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE;
      scalar.range = [p, valueEnd, valueEnd];
      node = scalar;
      value = scalar.value;
    } else {
      if (!this.plainStart(p) && !(c === 0x2d && this.flowPlainChar(p + 1))) fail();
      let k = p;
      for (; k < eol; k++) {
        const ch = text.charCodeAt(k);
        if (ch === 0x2c || ch === 0x5b || ch === 0x5d || ch === 0x7b || ch === 0x7d) break;
        if (ch === 0x3a) {
          if (key && text.charCodeAt(k + 1) === SPACE) break;
          fail(); // a pair, or a colon the lexer may read as one
        }
        if (ch === 0x09 || (ch === 0x23 && text.charCodeAt(k - 1) === SPACE)) fail();
      }
      valueEnd = k;
      while (text.charCodeAt(valueEnd - 1) === SPACE) valueEnd--;
      if (key && valueEnd !== k) fail(); // spaces before a key's colon
      const scalar = this.plain(text.slice(p, valueEnd), p, valueEnd, valueEnd);
      node = scalar;
      value = scalar.value;
    }
    if (key) return { node, value, next: valueEnd };
    let next = valueEnd;
    while (text.charCodeAt(next) === SPACE) next++;
    if (next >= eol) fail(); // the collection does not close on its line
    (node.range as [number, number, number])[2] = next;
    return { node, value, next };
  }

  /** Whether the character at `i` may continue a plain scalar in a flow collection after `-`. */
  private flowPlainChar(i: number): boolean {
    const ch = this.text.charCodeAt(i);
    return !(
      Number.isNaN(ch) ||
      ch === SPACE ||
      ch === NL ||
      ch === 0x09 ||
      ch === 0x2c ||
      ch === 0x5b ||
      ch === 0x5d ||
      ch === 0x7b ||
      ch === 0x7d
    );
  }

  /**
   * The end of a plain scalar value starting at `r` in a collection at column `col`, as
   * `yaml`'s lexer finds it: the scalar goes on over lines indented past `col` (and empty
   * lines) up to a comment; a `: ` in it leaves the subset (a key, or an error).
   */
  private plainEnd(r: number, col: number): number {
    const text = this.text;
    let end = r - 1;
    for (let i = r; i < this.end; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 0x3a) {
        if (this.isEmptyAt(i + 1)) fail();
        end = i;
      } else if (ch === SPACE || ch === NL) {
        if (text.charCodeAt(i + 1) === 0x23) break;
        if (ch === NL) {
          let j = i + 1;
          while (text.charCodeAt(j) === SPACE) j++;
          if (text.charCodeAt(j) !== NL && j - i - 1 <= col) break;
          i = Math.max(i, j - 2);
        }
      } else if (ch === 0x09) {
        fail();
      } else {
        end = i;
      }
    }
    return end + 1;
  }

  /**
   * Just after the closing quote of a quoted scalar opening at `r`, in a collection at column
   * `col`: its lines after the first must be indented past `col` (or empty), as the lexer
   * wants them. Unclosed quotes, and tabs, leave the subset.
   */
  private quotedEnd(r: number, col: number): number {
    const text = this.text;
    const quote = text.charCodeAt(r);
    let lines = false;
    let tabs = false;
    for (let i = r + 1; i < this.end; i++) {
      let ch = text.charCodeAt(i);
      if (ch === quote) {
        if (quote === 0x27 && text.charCodeAt(i + 1) === 0x27) {
          i++;
          continue;
        }
        // Tabs fold with line breaks by rules not followed here.
        if (lines && tabs) fail();
        return i + 1;
      }
      if (ch === 0x5c && quote === 0x22) ch = text.charCodeAt(++i);
      if (ch === NL) {
        lines = true;
        let j = i + 1;
        while (text.charCodeAt(j) === SPACE) j++;
        if (text.charCodeAt(j) !== NL && j - i - 1 <= col) fail();
      } else if (ch === 0x09) {
        tabs = true;
      }
    }
    return fail();
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
    // The lexer keeps an indentation indicator less one (its blockScalarIndent).
    indentNext = explicit === 0 ? indent : explicit - 1 + indentNext;
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

/** `yaml`'s unfoldLines (flow scalars' line folding) for text without tabs or CR. */
function unfoldLines(source: string): string {
  const lines = source.split('\n');
  if (lines.length === 1) return source;
  let res = (lines[0] as string).replace(/ +$/, '');
  let sep = ' ';
  for (let i = 1; i < lines.length - 1; i++) {
    const line = (lines[i] as string).replace(/^ +| +$/g, '');
    if (line === '') {
      if (sep === '\n') res += sep;
      else sep = '\n';
    } else {
      res += sep + line;
      sep = ' ';
    }
  }
  return res + sep + (lines[lines.length - 1] as string).replace(/^ +/, '');
}

/** A single-quoted scalar's value (`raw` with its quotes). */
function singleQuotedValue(raw: string): string {
  const inner = raw.slice(1, -1);
  return (inner.includes('\n') ? unfoldLines(inner) : inner).replace(/''/g, "'");
}

/**
 * `yaml`'s doubleQuotedValue for text without CR (`raw` with its quotes): escapes, line
 * folding, escaped line breaks. An invalid escape (which the library reports) leaves the
 * subset.
 */
function doubleQuotedValue(raw: string): string {
  const last = raw.length - 1;
  const inner = raw.slice(1, last);
  if (!inner.includes('\\') && !inner.includes('\n')) return inner;
  let out = '';
  for (let i = 1; i < last; i++) {
    const ch = raw[i] as string;
    if (ch === '\n') {
      let fold = '';
      let next = raw[i + 1];
      while (next === ' ' || next === '\t' || next === '\n') {
        if (next === '\n') fold += '\n';
        next = raw[++i + 1];
      }
      out += fold || ' ';
    } else if (ch === '\\') {
      let next = raw[++i] ?? '';
      const code = ESCAPES[next];
      if (code !== undefined) {
        out += code;
      } else if (next === '\n') {
        next = raw[i + 1] ?? '';
        while (next === ' ' || next === '\t') next = raw[++i + 1] ?? '';
      } else if (next === 'x' || next === 'u' || next === 'U') {
        const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
        const hex = raw.substr(i + 1, length);
        if (hex.length !== length || !/^[0-9a-fA-F]+$/.test(hex)) fail();
        const point = parseInt(hex, 16);
        if (point > 0x10ffff) fail();
        out += String.fromCodePoint(point);
        i += length;
      } else {
        fail(); // an invalid escape: the library reports it
      }
    } else if (ch === ' ' || ch === '\t') {
      const from = i;
      let next = raw[i + 1];
      while (next === ' ' || next === '\t') next = raw[++i + 1];
      // Spaces before a line break are folded away with it.
      if (next !== '\n') out += raw.slice(from, i + 1);
    } else {
      out += ch;
    }
  }
  return out;
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
