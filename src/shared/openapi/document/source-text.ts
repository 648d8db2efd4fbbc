/**
 * A YAML or JSON document as its original text plus the data it holds, and the minimal splice
 * of that text for new data (the form is a view over the real document).
 *
 * `render(next)` walks `value` and `next` side by side, stepping only into subtrees that are
 * not the same object (copy-on-write edits leave untouched subtrees identical), and collects
 * splices against the ORIGINAL text: a changed scalar replaces the scalar's span, a removed key
 * deletes its lines, an added key inserts lines where `next`'s key order puts it, a key removed
 * and another added at the same position is a rename (only the key text changes). Splices are
 * applied in one pass; render never re-parses and never mutates this object.
 */
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type Document,
  type LineCounter,
  type Node,
  type Pair,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { CoreError } from '../errors';
import { assertDocumentSize } from '../limits';
import { composeYaml, MAX_DOCUMENT_DEPTH } from '../yaml-io';
import { readJsonNodes } from './json-nodes';
import {
  keptStyle,
  keyText,
  scalarText,
  type ScalarContext,
  type ScalarStyle,
} from './scalar-text';
import { deepEqual, isPlainObject, keysOf } from './values';

export type SourceFlavor = 'yaml' | 'json';

/** A source range: offsets into the text (end exclusive) and 1-based lines (end inclusive). */
export interface SourceRange {
  start: number;
  end: number;
  startLine: number;
  endLine: number;
}

/** One entry of a collection: a pair of a map or an item of a sequence, with its positions. */
interface Entry {
  /** First character of the entry: `-` of a block item, `?`/props/key of a pair, a flow item. */
  head: number;
  /** Just after the `:` of a pair or the `-` of a block item (`head` for a flow item). */
  indicatorEnd: number;
  /** End of the entry's content (the value's end, trailing comment excluded). */
  end: number;
  key: Node | null;
  /** The key as the plain data has it (maps only). */
  keyString: string;
  value: Node | null;
}

/** Where a value sits: how new text for it must be written. */
interface Slot {
  context: ScalarContext;
  /** Block contexts: the value of a pair, an item of a sequence, or the document root. */
  kind: 'root' | 'map' | 'seq' | 'flow';
  /** Column of the pair's key or of the item's `-` (block), 0 for the root. */
  parentColumn: number;
  /** Just after the `:` / `-` before the value (block), else the value's start. */
  indicatorEnd: number;
  /** Flow/JSON: whether the enclosing collection spans several lines. */
  multiline: boolean;
}

interface Splice {
  start: number;
  end: number;
  text: string;
  order: number;
}

interface Style {
  eol: string;
  /** Block YAML: spaces per nesting level. */
  unit: number;
  /** Block YAML: whether a sequence under a key is indented (`key:\n  - a`) or not. */
  seqIndent: number;
  /** Flow/JSON: the indentation unit text. */
  flowUnit: string;
  /** JSON: the text between a key and its value. */
  colon: string;
  /** Flow/JSON on one line: the text after a comma (' ' in `{a: 1, b: 2}`, '' in minified JSON). */
  afterComma: string;
  preferDouble: boolean;
}

const EMPTY_ENTRIES: Entry[] = [];

/** Largest middle of a changed sequence (old items × new items) matched item by item. */
const LCS_MAX_CELLS = 4096;

/**
 * How alike two items are, for pairing an edited item with its old text: 0 when they are of
 * different kinds (never paired), else 1 plus the number of equal fields of two objects.
 */
function likeness(a: unknown, b: unknown): number {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) ? 1 : 0;
  if (isPlainObject(a) || isPlainObject(b)) {
    if (!isPlainObject(a) || !isPlainObject(b)) return 0;
    let same = 1;
    for (const key of Object.keys(a))
      if (Object.hasOwn(b, key) && deepEqual(a[key], b[key])) same++;
    return same;
  }
  return 1;
}

/**
 * Index pairs [i, j], in order, with the largest total `score` (pairs scoring 0 excluded); with
 * scores of 0 and 1, a longest common subsequence.
 */
function alikePairs(
  n: number,
  m: number,
  score: (i: number, j: number) => number,
): [number, number][] {
  const width = m + 1;
  const best = new Float64Array((n + 1) * width);
  const scores = new Float64Array(n * m);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const here = score(i, j);
      scores[i * m + j] = here;
      const pair = here > 0 ? here + (best[(i + 1) * width + j + 1] as number) : 0;
      best[i * width + j] = Math.max(
        pair,
        best[(i + 1) * width + j] as number,
        best[i * width + j + 1] as number,
      );
    }
  }
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const here = best[i * width + j] as number;
    if (here === 0) break;
    const s = scores[i * m + j] as number;
    if (s > 0 && here === s + (best[(i + 1) * width + j + 1] as number)) {
      out.push([i, j]);
      i++;
      j++;
    } else if ((best[(i + 1) * width + j] as number) === here) i++;
    else j++;
  }
  return out;
}

export class SourceText {
  readonly text: string;
  readonly flavor: SourceFlavor;
  readonly value: unknown;
  private readonly body: string;
  private readonly base: number;
  private readonly doc: Document.Parsed | undefined;
  private readonly root: Node | null;
  private readonly lines: LineCounter;
  private readonly entryCache = new WeakMap<Node, Entry[] | null>();
  private style: Style | undefined;
  private splices: Splice[] = [];

  private constructor(
    text: string,
    flavor: SourceFlavor,
    base: number,
    root: Node | null,
    doc: Document.Parsed | undefined,
    lines: LineCounter,
    value: unknown,
  ) {
    this.text = text;
    this.flavor = flavor;
    this.base = base;
    this.body = base === 0 ? text : text.slice(base);
    this.root = root;
    this.doc = doc;
    this.lines = lines;
    this.value = value;
  }

  /**
   * Parses YAML or JSON text (JSON when the first non-blank character is `{` or `[`) under the
   * guards of `readDocument`: size cap, nesting depth, alias limit, unique keys; throws CoreError.
   */
  static parse(text: string): SourceText {
    if (typeof text !== 'string') throw new CoreError('INVALID_INPUT', 'The document is not text.');
    assertDocumentSize(text);
    const base = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    const body = base === 0 ? text : text.slice(base);
    const first = /\S/.exec(body)?.[0];
    const flavor: SourceFlavor = first === '{' || first === '[' ? 'json' : 'yaml';
    const json = flavor === 'json' ? readJsonNodes(body, MAX_DOCUMENT_DEPTH) : undefined;
    let source: SourceText;
    if (json !== undefined) {
      source = new SourceText(text, flavor, base, json.root, undefined, json.lines, json.value);
    } else {
      const { doc, root, lines, value } = composeYaml(body);
      source = new SourceText(text, flavor, base, root, doc, lines, value);
    }
    source.getStyle(); // once, so that the first render is as fast as the next ones
    return source;
  }

  /** The text of `next` (built copy-on-write from `value`): only spans whose values differ change. */
  render(next: unknown): string {
    if (next === this.value) return this.text;
    this.splices = [];
    try {
      const root = this.root;
      if (root === null) {
        this.replaceEmptyDocument(next);
      } else {
        const slot: Slot = {
          context: this.flavor === 'json' ? 'json' : isFlow(root) ? 'flow' : 'block',
          kind: this.flavor === 'json' || isFlow(root) ? 'flow' : 'root',
          parentColumn: 0,
          indicatorEnd: rangeOf(root)[0],
          multiline: this.body.includes('\n'),
        };
        if (slot.kind === 'flow') slot.context = this.flavor === 'json' ? 'json' : 'flow';
        this.diff(root, this.value, next, slot);
      }
      return this.applySplices();
    } catch (error) {
      if (error instanceof RangeError) {
        throw new CoreError('TOO_DEEP', 'The edited document is nested too deeply to write.');
      }
      throw error;
    } finally {
      this.splices = [];
    }
  }

  /**
   * Source range of the node at a JSON pointer: for a pair, from its key to the end of its
   * value; for an item, from its `-` (or start) to its end; the whole content for `""`.
   */
  locate(pointer: string): SourceRange | undefined {
    const root = this.root;
    if (root === null) return undefined;
    if (pointer !== '' && !pointer.startsWith('/')) return undefined;
    const tokens =
      pointer === ''
        ? []
        : pointer
            .slice(1)
            .split('/')
            .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
    let node: Node | null = root;
    let range: [number, number] = [rangeOf(root)[0], rangeOf(root)[1]];
    for (const token of tokens) {
      node = this.resolve(node);
      if (node === null) return undefined;
      const entries = this.entriesOf(node);
      if (entries === null) return undefined;
      let entry: Entry | undefined;
      if (isMap(node)) {
        for (let i = entries.length - 1; i >= 0; i--) {
          if (entries[i]?.keyString === token) {
            entry = entries[i];
            break;
          }
        }
      } else if (/^(0|[1-9]\d*)$/.test(token)) {
        entry = entries[Number(token)];
      }
      if (entry === undefined) return undefined;
      node = entry.value;
      range = [entry.head, entry.end];
    }
    const [start, rawEnd] = range;
    const end = Math.max(start, this.trimEol(rawEnd));
    const startLine = this.lines.linePos(start).line;
    const endLine = this.lines.linePos(Math.max(start, end - 1)).line;
    return { start: start + this.base, end: end + this.base, startLine, endLine };
  }

  // ─── the structural diff ───────────────────────────────────────────────────────────────

  private diff(node: Node | null, old: unknown, next: unknown, slot: Slot): void {
    if (old === next) return;
    if (node !== null && !isAlias(node)) {
      if (isMap(node) && isPlainObject(old) && isPlainObject(next)) {
        if (this.diffMap(node, old, next, slot)) return;
      } else if (isSeq(node) && Array.isArray(old) && Array.isArray(next)) {
        if (this.diffSeq(node, old, next, slot)) return;
      }
    }
    if (deepEqual(old, next)) return;
    this.replaceValue(node, next, slot);
  }

  /** Returns false when the map cannot be edited pair by pair (then it is replaced whole). */
  private diffMap(
    node: YAMLMap,
    old: Record<string, unknown>,
    next: Record<string, unknown>,
    slot: Slot,
  ): boolean {
    const entries = this.entriesOf(node);
    if (entries === null) return false;
    const oldKeys = keysOf(old);
    const nextKeys = keysOf(next);
    if (oldKeys.length === 0 || nextKeys.length === 0) return false;
    const byKey = new Map<string, Entry>();
    for (const entry of entries) byKey.set(entry.keyString, entry);
    if (byKey.size !== oldKeys.length || entries.length !== oldKeys.length) return false;
    for (const key of oldKeys) if (!byKey.has(key)) return false;

    const inNext = (key: string): boolean => Object.hasOwn(next, key) && next[key] !== undefined;
    const inOld = (key: string): boolean => byKey.has(key);
    // Renames: a removed key and an added key at the same index.
    const renamedTo = new Map<string, string>(); // added key → removed key
    oldKeys.forEach((key, index) => {
      if (inNext(key)) return;
      const added = nextKeys[index];
      if (added !== undefined && !inOld(added)) renamedTo.set(added, key);
    });
    const renamedFrom = new Set(renamedTo.values());
    const survivors = entries.filter(
      (entry) => inNext(entry.keyString) || renamedFrom.has(entry.keyString),
    );
    if (survivors.length === 0) return false;

    const deleted = new Set<Entry>();
    for (const key of oldKeys) {
      if (!inNext(key) && !renamedFrom.has(key)) deleted.add(byKey.get(key) as Entry);
    }
    this.deleteEntries(node, entries, deleted, slot);

    let anchor: Entry | null = null;
    let pending: string[] = [];
    const flush = (): void => {
      if (pending.length > 0) this.insertPairs(node, entries, anchor, pending, next, slot);
      pending = [];
    };
    for (const key of nextKeys) {
      const from = renamedTo.get(key);
      const entry = from !== undefined ? byKey.get(from) : byKey.get(key);
      if (entry === undefined) {
        pending.push(key);
        continue;
      }
      flush();
      anchor = entry;
      const childSlot = this.childSlot(node, entry, slot);
      if (from !== undefined) {
        this.renameKey(entry, key, childSlot);
        this.diff(entry.value, old[from], next[key], childSlot);
      } else {
        this.diff(entry.value, old[key], next[key], childSlot);
      }
    }
    flush();
    return true;
  }

  /**
   * Edits a sequence item by item. Items equal at both ends are kept; in between, the items
   * that survive are found by a longest common subsequence (for middles of up to
   * {@link LCS_MAX_CELLS} pairs), so removing one item and appending another leaves every other
   * item's text alone. Unmatched items between two survivors are edited in place pairwise,
   * the rest deleted or inserted. Returns false when the sequence must be replaced whole.
   */
  private diffSeq(node: YAMLSeq, old: unknown[], next: unknown[], slot: Slot): boolean {
    const entries = this.entriesOf(node);
    if (entries === null || entries.length !== old.length) return false;
    if (old.length === 0 || next.length === 0) return false;
    const min = Math.min(old.length, next.length);
    let prefix = 0;
    while (prefix < min && deepEqual(old[prefix], next[prefix])) prefix++;
    let suffix = 0;
    while (
      suffix < min - prefix &&
      deepEqual(old[old.length - 1 - suffix], next[next.length - 1 - suffix])
    ) {
      suffix++;
    }
    const oldMid = old.length - prefix - suffix;
    const nextMid = next.length - prefix - suffix;
    const kept =
      oldMid > 1 && nextMid > 0 && oldMid * nextMid <= LCS_MAX_CELLS
        ? alikePairs(oldMid, nextMid, (i, j) =>
            deepEqual(old[prefix + i], next[prefix + j]) ? 1 : 0,
          )
        : [];
    const deleted = new Set<Entry>();
    const inserts: { anchor: Entry | null; items: unknown[] }[] = [];
    let o = prefix;
    let n = prefix;
    const stops: [number, number][] = kept.map(([i, j]) => [prefix + i, prefix + j]);
    stops.push([prefix + oldMid, prefix + nextMid]);
    for (const [stopOld, stopNext] of stops) {
      // Between two survivors: each new item edits the most alike old one (same kind, most
      // equal fields), in order; old items left over are deleted, new ones inserted.
      const oldCount = stopOld - o;
      const nextCount = stopNext - n;
      const pairs =
        oldCount === nextCount || oldCount * nextCount > LCS_MAX_CELLS
          ? Array.from({ length: Math.min(oldCount, nextCount) }, (_, k): [number, number] => [
              k,
              k,
            ])
          : alikePairs(oldCount, nextCount, (i, j) => likeness(old[o + i], next[n + j]));
      let fromOld = o;
      let fromNext = n;
      const close = (untilOld: number, untilNext: number) => {
        for (let k = fromOld; k < untilOld; k++) deleted.add(entries[k] as Entry);
        if (untilNext > fromNext) {
          inserts.push({
            anchor: lastKept(untilOld - 1),
            items: next.slice(fromNext, untilNext),
          });
        }
      };
      const lastKept = (from: number): Entry | null => {
        for (let k = from; k >= 0; k--)
          if (!deleted.has(entries[k] as Entry)) return entries[k] as Entry;
        return null;
      };
      for (const [i, j] of pairs) {
        close(o + i, n + j);
        const entry = entries[o + i] as Entry;
        this.diff(entry.value, old[o + i], next[n + j], this.childSlot(node, entry, slot));
        fromOld = o + i + 1;
        fromNext = n + j + 1;
      }
      close(stopOld, stopNext);
      o = stopOld + 1;
      n = stopNext + 1;
    }
    if (deleted.size === entries.length) return false;
    if (deleted.size > 0) this.deleteEntries(node, entries, deleted, slot);
    for (const { anchor, items } of inserts) this.insertItems(node, entries, anchor, items, slot);
    return true;
  }

  // ─── entries ───────────────────────────────────────────────────────────────────────────

  /** The entries of a map or sequence with their positions; null when they cannot be mapped. */
  private entriesOf(node: Node): Entry[] | null {
    const cached = this.entryCache.get(node);
    if (cached !== undefined) return cached;
    let entries: Entry[] | null = null;
    try {
      entries = this.computeEntries(node);
    } catch {
      entries = null;
    }
    this.entryCache.set(node, entries);
    return entries;
  }

  /**
   * Entry positions come from the composed nodes' ranges and a look at the text around them
   * (the `-` before an item, props and `?` before a key, the `:` after it): keeping yaml's CST
   * for them would cost 80 MB on the 4 MB Stripe document.
   */
  private computeEntries(node: Node): Entry[] | null {
    if (!isMap(node) && !isSeq(node)) return null;
    if (node.items.length === 0) return EMPTY_ENTRIES;
    if (isFlow(node)) {
      if (isMap(node)) {
        return node.items.map((pair) => {
          const key = pair.key as Node | null;
          if (key === null || !isScalar(key)) throw new Error('complex key');
          const [head, keyEnd] = rangeOf(key);
          const value = (pair.value as Node | null) ?? null;
          const colon = this.body.indexOf(':', keyEnd);
          const indicatorEnd =
            colon >= 0 && (value === null || colon < rangeOf(value)[0]) ? colon + 1 : keyEnd;
          const end = value !== null ? Math.max(rangeOf(value)[1], indicatorEnd) : indicatorEnd;
          return { head, indicatorEnd, end, key, keyString: keyString(key), value };
        });
      }
      return (node.items as unknown[]).map((item) => {
        if (item === null || !isNode(item) || isPairLike(item)) throw new Error('pair in flow seq');
        const [head, end] = rangeOf(item);
        return { head, indicatorEnd: head, end, key: null, keyString: '', value: item };
      });
    }
    if (isMap(node)) return node.items.map((pair) => this.blockPairEntry(pair));
    let regionStart = rangeOf(node)[0];
    return (node.items as unknown[]).map((item) => {
      if (item === null || !isNode(item) || isPairLike(item)) throw new Error('odd item');
      const value = item;
      const dash = this.lastDash(regionStart, rangeOf(value)[0]);
      if (dash < 0) throw new Error('no item indicator');
      const indicatorEnd = dash + 1;
      const end = Math.max(rangeOf(value)[1], indicatorEnd);
      regionStart = end;
      return { head: dash, indicatorEnd, end, key: null, keyString: '', value };
    });
  }

  /**
   * The offset of the last `-` item indicator in [from, to): the text there holds only blanks,
   * line breaks, comments, `-` indicators and the item's props.
   */
  private lastDash(from: number, to: number): number {
    const body = this.body;
    let dash = -1;
    let inComment = false;
    for (let i = from; i < to; i++) {
      const c = body.charCodeAt(i);
      if (c === 10 || c === 13) {
        inComment = false;
        continue;
      }
      if (inComment) continue;
      const before = i === from ? 32 : body.charCodeAt(i - 1);
      const blankBefore = before === 32 || before === 9 || before === 10 || before === 13;
      if (c === 0x23 && blankBefore) inComment = true;
      else if (c === 0x2d && blankBefore) {
        const after = i + 1 < body.length ? body.charCodeAt(i + 1) : 10;
        if (after === 32 || after === 9 || after === 10 || after === 13) dash = i;
      }
    }
    return dash;
  }

  private blockPairEntry(pair: Pair): Entry {
    const key = (pair.key as Node | null) ?? null;
    if (key === null || !isScalar(key)) throw new Error('complex key');
    const body = this.body;
    const [keyStart, keyEnd] = rangeOf(key);
    // Props (`&a`, `!t`) and `?` before the key on its line belong to the entry.
    let head = keyStart;
    for (;;) {
      let p = head;
      while (p > 0 && (body[p - 1] === ' ' || body[p - 1] === '\t')) p--;
      let q = p;
      while (q > 0 && !/\s/.test(body[q - 1] as string)) q--;
      const token = body.slice(q, p);
      if (q < p && (token === '?' || token.startsWith('&') || token.startsWith('!'))) head = q;
      else break;
    }
    // The `:` after the key: right after it, or (explicit key) at the start of a later line.
    const value = (pair.value as Node | null) ?? null;
    const limit = value !== null ? rangeOf(value)[0] : body.length;
    let indicatorEnd = keyEnd;
    let inComment = false;
    for (let i = keyEnd; i < limit; i++) {
      const c = body.charCodeAt(i);
      if (c === 10 || c === 13) inComment = false;
      else if (inComment) continue;
      else if (c === 0x23) inComment = true;
      else if (c === 0x3a) {
        indicatorEnd = i + 1;
        break;
      }
    }
    const end = value !== null ? Math.max(rangeOf(value)[1], indicatorEnd) : indicatorEnd;
    return { head, indicatorEnd, end, key, keyString: keyString(key), value };
  }

  private childSlot(parent: YAMLMap | YAMLSeq, entry: Entry, slot: Slot): Slot {
    const flow = isFlow(parent);
    if (flow || slot.context !== 'block') {
      const context: ScalarContext = this.flavor === 'json' ? 'json' : 'flow';
      return {
        context,
        kind: 'flow',
        parentColumn: this.column(entry.head),
        indicatorEnd: entry.indicatorEnd,
        multiline: this.isMultiline(parent),
      };
    }
    return {
      context: 'block',
      kind: isMap(parent) ? 'map' : 'seq',
      parentColumn: this.column(entry.head),
      indicatorEnd: entry.indicatorEnd,
      multiline: true,
    };
  }

  // ─── edits ─────────────────────────────────────────────────────────────────────────────

  private renameKey(entry: Entry, key: string, slot: Slot): void {
    const node = entry.key;
    if (node === null) return;
    const [start, end] = rangeOf(node);
    const style = isScalar(node) ? (node.type as ScalarStyle | undefined) : undefined;
    const context: ScalarContext =
      slot.context === 'json' ? 'json' : slot.kind === 'flow' ? 'flow' : 'block';
    this.splice(start, end, keyText(key, context, style, this.getStyle().preferDouble));
  }

  /** Replaces the value at `slot` (node may be an alias, a scalar, a collection, or absent). */
  private replaceValue(node: Node | null, next: unknown, slot: Slot): void {
    if (slot.kind === 'flow') {
      this.replaceFlowValue(node, next, slot);
      return;
    }
    const style = this.getStyle();
    const body = this.body;
    const start = node !== null ? rangeOf(node)[0] : slot.indicatorEnd;
    const rawEnd = node !== null ? Math.max(rangeOf(node)[1], start) : start;
    const end = this.trimEol(rawEnd);
    const between = slot.kind === 'root' ? '' : body.slice(slot.indicatorEnd, start);
    const hasComment = between.includes('#');
    const hasTag = /(^|\s)!/.test(between);
    const sameLine = !between.includes('\n');
    const anchor = node !== null && !isAlias(node) && node.anchor ? `&${node.anchor}` : '';
    const oldStyle =
      node !== null && isScalar(node) ? keptStyle(node.type, node.value, next, 'block') : undefined;

    // Columns for new text.
    const base = slot.parentColumn;
    const mapColumn =
      slot.kind === 'root'
        ? 0
        : slot.kind === 'seq'
          ? base + 2
          : node !== null && isMap(node) && !isFlow(node) && !sameLine
            ? this.column(start)
            : base + style.unit;
    const seqColumn =
      slot.kind === 'root'
        ? 0
        : slot.kind === 'seq'
          ? base + 2
          : node !== null && isSeq(node) && !isFlow(node) && !sameLine
            ? this.column(start)
            : base + style.seqIndent;
    const scalarIndent = ' '.repeat(
      slot.kind === 'seq' ? base + 2 : slot.kind === 'root' ? style.unit : base + style.unit,
    );

    let text: string;
    let from: number;
    if (isBlockCollection(next)) {
      const column = Array.isArray(next) ? seqColumn : mapColumn;
      const lines = this.blockLines(next, column);
      if (slot.kind === 'root') {
        from = start;
        text = lines.join('\n').slice(column);
      } else if (hasComment) {
        from = this.lineStart(start);
        text = lines.join('\n');
      } else if (slot.kind === 'seq' && anchor === '') {
        from = slot.indicatorEnd;
        text = ' ' + lines.join('\n').slice(column);
      } else {
        from = slot.indicatorEnd;
        text = (anchor ? ' ' + anchor : '') + '\n' + lines.join('\n');
      }
    } else {
      const keep = !hasTag && node !== null && isScalar(node) ? oldStyle : undefined;
      const scalar = this.inlineBlock(next, scalarIndent, keep);
      if (slot.kind === 'root') {
        from = start;
        text = scalar;
      } else if (hasComment) {
        from = this.lineStart(start);
        text = scalarIndent + scalar;
      } else if (sameLine && !hasTag && node !== null && rawEnd > start) {
        from = start;
        text = scalar;
      } else {
        from = slot.indicatorEnd;
        text = ' ' + (anchor ? anchor + ' ' : '') + scalar;
      }
    }
    let to = end;
    const firstBreak = text.indexOf('\n');
    if (firstBreak >= 0) {
      // A comment after the old value would end up inside a block scalar or after the last
      // line of a collection: move it to the first line (`key: # c`, `key: | # c`).
      const comment = /^[ \t]+#[^\r\n]*/.exec(body.slice(end));
      if (comment !== null) {
        text = text.slice(0, firstBreak) + comment[0] + text.slice(firstBreak);
        to = end + comment[0].length;
      }
    }
    if (to === body.length && text.includes('\n') && !/\n$/.test(body)) text += '\n';
    this.splice(from, to, text);
  }

  private replaceFlowValue(node: Node | null, next: unknown, slot: Slot): void {
    const start = node !== null ? rangeOf(node)[0] : slot.indicatorEnd;
    const end = node !== null ? Math.max(rangeOf(node)[1], start) : start;
    const indent = this.lineIndent(start);
    const oldStyle =
      node !== null && isScalar(node)
        ? keptStyle(node.type, node.value, next, slot.context)
        : undefined;
    let text = this.flowText(next, indent, slot.multiline, slot.context, oldStyle);
    if (node === null && this.body[start - 1] === ':') text = ' ' + text;
    this.splice(start, end, text);
  }

  private replaceEmptyDocument(next: unknown): void {
    const body = this.body;
    let text: string;
    if (this.flavor === 'json') {
      text = this.flowText(next, '', true, 'json');
    } else if (isBlockCollection(next)) {
      text = this.blockLines(next, 0).join('\n');
    } else {
      text = this.inlineBlock(next, ' '.repeat(this.getStyle().unit));
    }
    const prefix = body === '' || body.endsWith('\n') ? '' : '\n';
    this.splice(body.length, body.length, prefix + text + '\n');
  }

  /** Deletes entries of a collection (never all of them). */
  private deleteEntries(
    node: YAMLMap | YAMLSeq,
    entries: Entry[],
    deleted: Set<Entry>,
    slot: Slot,
  ): void {
    if (deleted.size === 0) return;
    if (isFlow(node) || slot.context !== 'block') {
      this.deleteFlowEntries(entries, deleted);
      return;
    }
    const body = this.body;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i] as Entry;
      if (!deleted.has(entry)) continue;
      if (!this.firstOnLine(entry.head)) {
        // A compact first entry (`- a: 1`): delete up to the first surviving entry.
        let j = i + 1;
        while (j < entries.length && deleted.has(entries[j] as Entry)) j++;
        const survivor = entries[j];
        if (survivor === undefined) throw new CoreError('INTERNAL', 'No entry left to keep.');
        this.splice(entry.head, survivor.head, '');
        i = j - 1;
        continue;
      }
      let from = this.lineStart(entry.head);
      const to = this.lineEndAfter(entry.end);
      if (to === body.length && !body.endsWith('\n') && from > 0) {
        // The last line of a text without a final line break: take the break before it.
        from = body[from - 2] === '\r' ? from - 2 : from - 1;
      }
      this.splice(from, to, '');
    }
  }

  private deleteFlowEntries(entries: Entry[], deleted: Set<Entry>): void {
    for (let i = 0; i < entries.length; i++) {
      if (!deleted.has(entries[i] as Entry)) continue;
      let j = i;
      while (j + 1 < entries.length && deleted.has(entries[j + 1] as Entry)) j++;
      const after = entries[j + 1];
      if (after !== undefined) {
        this.splice((entries[i] as Entry).head, after.head, '');
      } else {
        const before = entries[i - 1];
        if (before === undefined) throw new CoreError('INTERNAL', 'No entry left to keep.');
        this.splice(before.end, (entries[j] as Entry).end, '');
      }
      i = j;
    }
  }

  private insertPairs(
    node: YAMLMap,
    entries: Entry[],
    anchor: Entry | null,
    keys: string[],
    next: Record<string, unknown>,
    slot: Slot,
  ): void {
    const value: Record<string, unknown> = {};
    for (const key of keys) value[key] = next[key];
    if (isFlow(node) || slot.context !== 'block') {
      const parts = this.flowParts(value, entries, node);
      this.insertFlow(entries, anchor, parts, node);
      return;
    }
    const column = this.column((entries[0] as Entry).head);
    this.insertBlock(entries, anchor, this.blockLines(value, column), column);
  }

  private insertItems(
    node: YAMLSeq,
    entries: Entry[],
    anchor: Entry | null,
    items: unknown[],
    slot: Slot,
  ): void {
    if (isFlow(node) || slot.context !== 'block') {
      const parts = this.flowParts(items, entries, node);
      this.insertFlow(entries, anchor, parts, node);
      return;
    }
    const column = this.column((entries[0] as Entry).head);
    this.insertBlock(entries, anchor, this.blockLines(items, column), column);
  }

  private insertBlock(
    entries: Entry[],
    anchor: Entry | null,
    lines: string[],
    column: number,
  ): void {
    const body = this.body;
    if (anchor !== null) {
      const at = this.lineEndAfter(anchor.end);
      const text = lines.join('\n');
      if (at === body.length && !body.endsWith('\n')) this.splice(at, at, '\n' + text);
      else this.splice(at, at, text + '\n');
      return;
    }
    const first = entries[0] as Entry;
    if (this.firstOnLine(first.head)) {
      const at = this.lineStart(first.head);
      this.splice(at, at, lines.join('\n') + '\n');
    } else {
      const text = lines.join('\n').slice(column) + '\n' + ' '.repeat(column);
      this.splice(first.head, first.head, text);
    }
  }

  private insertFlow(entries: Entry[], anchor: Entry | null, parts: string[], node: Node): void {
    const separator = this.flowSeparator(entries, node);
    if (anchor !== null) {
      this.splice(anchor.end, anchor.end, parts.map((p) => ',' + separator + p).join(''));
    } else {
      const first = entries[0] as Entry;
      this.splice(first.head, first.head, parts.map((p) => p + ',' + separator).join(''));
    }
  }

  /** The whitespace between entries of a flow collection (after the comma). */
  private flowSeparator(entries: Entry[], node: Node): string {
    const body = this.body;
    const a = entries[0];
    const b = entries[1];
    if (a !== undefined && b !== undefined) {
      const between = body.slice(a.end, b.head);
      const comma = between.indexOf(',');
      if (comma >= 0 && !between.includes('#'))
        return between.slice(comma + 1).replace(/\r\n/g, '\n');
    }
    if (a !== undefined && this.isMultiline(node)) return '\n' + this.lineIndent(a.head);
    return this.getStyle().afterComma;
  }

  private flowParts(
    value: Record<string, unknown> | unknown[],
    entries: Entry[],
    node: Node,
  ): string[] {
    const context: ScalarContext = this.flavor === 'json' ? 'json' : 'flow';
    const first = entries[0];
    const indent =
      first !== undefined ? this.lineIndent(first.head) : this.lineIndent(rangeOf(node)[0]);
    const multiline = this.isMultiline(node);
    const style = this.getStyle();
    if (Array.isArray(value)) return value.map((v) => this.flowText(v, indent, multiline, context));
    const colon = context === 'json' ? style.colon : ': ';
    return keysOf(value).map(
      (k) =>
        keyText(k, context, undefined, style.preferDouble) +
        colon +
        this.flowText(value[k], indent, multiline, context),
    );
  }

  // ─── new text ──────────────────────────────────────────────────────────────────────────

  /** Block YAML lines of a non-empty map or sequence, each indented from `column`. */
  private blockLines(value: Record<string, unknown> | unknown[], column: number): string[] {
    const style = this.getStyle();
    const pad = ' '.repeat(column);
    const out: string[] = [];
    if (Array.isArray(value)) {
      for (const item of value) {
        if (isBlockCollection(item)) {
          const sub = this.blockLines(item, column + 2);
          out.push(pad + '- ' + (sub[0] as string).slice(column + 2));
          for (let i = 1; i < sub.length; i++) out.push(sub[i] as string);
        } else {
          out.push(pad + '- ' + this.inlineBlock(item, ' '.repeat(column + 2)));
        }
      }
      return out;
    }
    for (const key of keysOf(value)) {
      const item = value[key];
      const k = pad + keyText(key, 'block', undefined, style.preferDouble) + ':';
      if (isBlockCollection(item)) {
        out.push(k);
        out.push(
          ...this.blockLines(item, column + (Array.isArray(item) ? style.seqIndent : style.unit)),
        );
      } else {
        out.push(k + ' ' + this.inlineBlock(item, ' '.repeat(column + style.unit)));
      }
    }
    return out;
  }

  /** A scalar or an empty collection on one line (a block literal continues on more lines). */
  private inlineBlock(value: unknown, indent: string, style?: ScalarStyle): string {
    if (Array.isArray(value)) return '[]';
    if (isPlainObject(value)) return '{}';
    return scalarText(value, 'block', indent, style, this.getStyle().preferDouble);
  }

  /** Flow YAML / JSON text of a value whose first line continues a line indented by `indent`. */
  private flowText(
    value: unknown,
    indent: string,
    multiline: boolean,
    context: ScalarContext,
    style?: ScalarStyle,
  ): string {
    const s = this.getStyle();
    if (Array.isArray(value)) {
      if (value.length === 0) return '[]';
      if (!multiline)
        return (
          '[' +
          value.map((v) => this.flowText(v, indent, false, context)).join(',' + s.afterComma) +
          ']'
        );
      const inner = indent + s.flowUnit;
      return (
        '[\n' +
        value.map((v) => inner + this.flowText(v, inner, true, context)).join(',\n') +
        '\n' +
        indent +
        ']'
      );
    }
    if (isPlainObject(value)) {
      const keys = keysOf(value);
      if (keys.length === 0) return '{}';
      const colon = context === 'json' ? s.colon : ': ';
      const pair = (k: string, inner: string, ml: boolean): string =>
        keyText(k, context, undefined, s.preferDouble) +
        colon +
        this.flowText(value[k], inner, ml, context);
      if (!multiline) {
        return '{' + keys.map((k) => pair(k, indent, false)).join(',' + s.afterComma) + '}';
      }
      const inner = indent + s.flowUnit;
      return (
        '{\n' + keys.map((k) => inner + pair(k, inner, true)).join(',\n') + '\n' + indent + '}'
      );
    }
    const text = scalarText(
      value,
      context,
      '',
      style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED' ? undefined : style,
      s.preferDouble,
    );
    return text;
  }

  // ─── splices ───────────────────────────────────────────────────────────────────────────

  private splice(start: number, end: number, text: string): void {
    this.splices.push({ start, end, text, order: this.splices.length });
  }

  private applySplices(): string {
    const splices = this.splices.sort(
      (a, b) =>
        a.start - b.start ||
        (a.end - a.start === 0 ? 0 : 1) - (b.end - b.start === 0 ? 0 : 1) ||
        a.order - b.order,
    );
    const body = this.body;
    const eol = this.getStyle().eol;
    // String concatenation, not join: V8 keeps the large untouched slices as ropes, so a
    // one-scalar edit of a 4 MB text costs microseconds here instead of a full copy.
    let out = this.base > 0 ? this.text.slice(0, this.base) : '';
    let cursor = 0;
    for (const s of splices) {
      if (s.start < cursor) {
        if (s.text === '' && s.end <= cursor) continue;
        if (s.text === '') {
          cursor = s.end;
          continue;
        }
        throw new CoreError('INTERNAL', 'Overlapping edits of the document text.');
      }
      out += body.slice(cursor, s.start);
      out += eol === '\n' ? s.text : s.text.replace(/\n/g, eol);
      cursor = Math.max(cursor, s.end);
    }
    return out + body.slice(cursor);
  }

  // ─── text helpers ──────────────────────────────────────────────────────────────────────

  private lineStart(pos: number): number {
    // Binary search in the parser's line starts (lastIndexOf is slow on a 4 MB text).
    const starts = this.lines.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= pos) lo = mid;
      else hi = mid - 1;
    }
    const start = starts[lo] ?? 0;
    return start <= pos ? start : this.body.lastIndexOf('\n', pos - 1) + 1;
  }

  /** The start of the line after `pos` (or `pos` itself when it already starts a line). */
  private lineEndAfter(pos: number): number {
    const body = this.body;
    if (pos > 0 && body[pos - 1] === '\n') return pos;
    const nl = body.indexOf('\n', pos);
    return nl < 0 ? body.length : nl + 1;
  }

  /** `end` without one line break right before it. */
  private trimEol(end: number): number {
    const body = this.body;
    if (end > 0 && body[end - 1] === '\n') return body[end - 2] === '\r' ? end - 2 : end - 1;
    return end;
  }

  private column(pos: number): number {
    return pos - this.lineStart(pos);
  }

  private firstOnLine(pos: number): boolean {
    return /^[ \t]*$/.test(this.body.slice(this.lineStart(pos), pos));
  }

  private lineIndent(pos: number): string {
    const start = this.lineStart(pos);
    return /^[ \t]*/.exec(this.body.slice(start, pos))?.[0] ?? '';
  }

  /**
   * Whether a line break falls inside the node: a line start in (start, end], found by binary
   * search in the parser's line starts. (Searching the text for the next '\n' read to the end of
   * a minified JSON document once per entry: seconds on Microsoft Graph's 20 MB single line.)
   */
  private isMultiline(node: Node): boolean {
    const [start, end] = rangeOf(node);
    const starts = this.lines.lineStarts;
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((starts[mid] as number) <= start) lo = mid + 1;
      else hi = mid;
    }
    const next = starts[lo];
    return next !== undefined && next <= end;
  }

  private resolve(node: Node | null): Node | null {
    if (node !== null && isAlias(node) && this.doc !== undefined) {
      return (node.resolve(this.doc) as Node | undefined) ?? null;
    }
    return node;
  }

  // ─── document style ────────────────────────────────────────────────────────────────────

  private getStyle(): Style {
    if (this.style === undefined) this.style = this.detectStyle();
    return this.style;
  }

  private detectStyle(): Style {
    const body = this.body;
    const nl = body.indexOf('\n');
    const eol = nl > 0 && body[nl - 1] === '\r' ? '\r\n' : '\n';
    const style: Style = {
      eol,
      unit: 2,
      seqIndent: 2,
      flowUnit: '  ',
      colon: ': ',
      afterComma: ' ',
      preferDouble: false,
    };
    const root = this.root;
    if (root === null) return style;
    let foundUnit = false;
    let foundSeq = false;
    let foundFlow = false;
    let foundColon = false;
    let foundComma = false;
    let doubles = 0;
    let singles = 0;
    // Breadth-first over the first few thousand nodes: enough to see the document's habits.
    const queue: Node[] = [root];
    for (let n = 0; n < queue.length && n < 3000; n++) {
      if (foundUnit && foundSeq && (foundColon || this.flavor === 'yaml') && n > 500) break;
      const node = queue[n] as Node;
      if (isScalar(node)) {
        if (node.type === 'QUOTE_DOUBLE') doubles++;
        else if (node.type === 'QUOTE_SINGLE') singles++;
        continue;
      }
      if (!isMap(node) && !isSeq(node)) continue;
      const entries = this.entriesOf(node);
      if (entries === null) continue;
      const flow = isFlow(node);
      if (flow && !foundComma && entries[1] !== undefined && !this.isMultiline(node)) {
        const between = body.slice((entries[0] as Entry).end, entries[1].head);
        const after = /^[ \t]*,([ \t]*)$/.exec(between);
        if (after) {
          style.afterComma = after[1] as string;
          foundComma = true;
        }
      }
      if (flow && !foundFlow && entries[0] !== undefined && this.isMultiline(node)) {
        const outer = this.lineIndent(rangeOf(node)[0]);
        const inner = this.lineIndent(entries[0].head);
        if (inner.length > outer.length && inner.startsWith(outer)) {
          style.flowUnit = inner.slice(outer.length);
          foundFlow = true;
        }
      }
      for (const entry of entries) {
        if (entry.key !== null) queue.push(entry.key);
        if (entry.value === null) continue;
        queue.push(entry.value);
        if (flow && isMap(node) && !foundColon && entry.key !== null) {
          const between = body.slice(rangeOf(entry.key)[1], rangeOf(entry.value)[0]);
          if (/^[ \t]*:[ \t]*$/.test(between)) {
            style.colon = between;
            foundColon = true;
          }
        }
        if (flow || !isMap(node) || (foundUnit && foundSeq)) continue;
        const child = entry.value;
        if (isFlow(child)) continue;
        const childEntries = isMap(child) || isSeq(child) ? this.entriesOf(child) : null;
        const first = childEntries?.[0];
        if (first === undefined || !this.firstOnLine(first.head)) continue;
        const delta = this.column(first.head) - this.column(entry.head);
        if (isMap(child) && !foundUnit && delta > 0) {
          style.unit = delta;
          foundUnit = true;
        } else if (isSeq(child) && !foundSeq && delta >= 0) {
          style.seqIndent = delta;
          foundSeq = true;
        }
      }
    }
    if (!foundSeq) style.seqIndent = style.unit;
    style.preferDouble = doubles > singles;
    return style;
  }
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'range' in value;
}

function isPairLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'key' in value && 'value' in value;
}

function isFlow(node: Node): boolean {
  return (isMap(node) || isSeq(node)) && node.flow === true;
}

function rangeOf(node: Node): [number, number] {
  const range = node.range;
  if (!range) throw new CoreError('INTERNAL', 'A node of the document has no source range.');
  return [range[0], range[1]];
}

function keyString(key: Node): string {
  if (!isScalar(key)) return '';
  const v = key.value;
  return v === null || v === undefined ? '' : String(v);
}

function isBlockCollection(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return value.length > 0;
  return isPlainObject(value) && keysOf(value).length > 0;
}
