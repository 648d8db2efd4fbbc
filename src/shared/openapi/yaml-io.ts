/**
 * Safe reading of untrusted YAML/JSON documents: a size cap, `yaml`'s alias limit kept, a
 * depth guard, and typed errors with line/column instead of crashes or hangs.
 *
 * Two `yaml` behaviours are worked around because hostile text turns them into hangs:
 * - deep flow nesting (`[[[[…` without end) makes its parser and composer build millions of
 *   frames before failing (minutes, gigabytes), so nesting is measured on the lexer tokens as
 *   they stream into the parser, and lines of compact `- - - …` indicators are refused first;
 * - its duplicate-key check compares each key with every earlier key of the map (quadratic:
 *   300,000 keys take minutes), so keys are checked here instead, with a set per map.
 */
import {
  Composer,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  Parser,
  YAMLError,
  type Document,
  type Node,
} from 'yaml';
import { CoreError } from './errors';
import { assertDepth, assertDocumentSize } from './limits';
import { readBlockYaml } from './yaml-nodes';

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

/**
 * Largest size, as compact JSON text, that a document's YAML aliases may expand to. Every path
 * that writes the expanded document (Swagger 2.0 conversion, Download .json, the preview, the
 * form's reading of it) would spend seconds and gigabytes past it: a 4 MB document with a
 * hundred aliases wrote 444 MB. Documents without aliases are bounded by their text.
 */
export const MAX_EXPANDED_BYTES = 128 * 1024 * 1024;

/**
 * Measures what a parsed value expands to (its compact JSON size and its depth) in one pass
 * over its distinct objects, each measured once however many aliases share it, and throws
 * EXPANSION_TOO_LARGE past {@link MAX_EXPANDED_BYTES} (both sizes named) or TOO_DEEP past
 * {@link MAX_DOCUMENT_DEPTH}. Iterative: no recursion on hostile input.
 */
export function assertExpansion(value: unknown, max = MAX_EXPANDED_BYTES): void {
  const measured = new Map<object, { size: number; depth: number }>();
  const scalarSize = (item: unknown): number =>
    typeof item === 'string'
      ? item.length + 2
      : typeof item === 'number' || typeof item === 'bigint' || typeof item === 'boolean'
        ? String(item).length
        : 4; // null, or what JSON writes as null
  const stack: { node: object; level: number; expanded: boolean }[] = [];
  if (value !== null && typeof value === 'object') {
    stack.push({ node: value, level: 1, expanded: false });
  }
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { node: object; level: number; expanded: boolean };
    if (measured.has(top.node)) {
      stack.pop();
      continue;
    }
    const entries: [string | undefined, unknown][] = Array.isArray(top.node)
      ? top.node.map((item: unknown) => [undefined, item])
      : Object.entries(top.node);
    if (!top.expanded) {
      top.expanded = true;
      // An alias inside what it names (a cycle) nests for ever: it ends here as too deep.
      if (top.level > MAX_DOCUMENT_DEPTH) throw tooDeep();
      for (const [, child] of entries) {
        if (child !== null && typeof child === 'object' && !measured.has(child)) {
          stack.push({ node: child, level: top.level + 1, expanded: false });
        }
      }
      continue;
    }
    stack.pop();
    let size = 2;
    let depth = 1;
    for (const [key, child] of entries) {
      if (key !== undefined) size += key.length + 3;
      if (child !== null && typeof child === 'object') {
        const inner = measured.get(child) as { size: number; depth: number };
        size += inner.size + 1;
        depth = Math.max(depth, inner.depth + 1);
      } else {
        size += scalarSize(child) + 1;
      }
    }
    if (depth > MAX_DOCUMENT_DEPTH) throw tooDeep();
    if (size > max) {
      throw CoreError.tooLarge(
        'EXPANSION_TOO_LARGE',
        size,
        max,
        `The document's YAML aliases expand to at least ${size} bytes; the limit is ${max}.`,
      );
    }
    measured.set(top.node, { size, depth });
  }
}

/** Reads YAML or JSON text into plain data; throws a {@link CoreError} on any failure. */
export function readDocument(text: string): unknown {
  if (typeof text !== 'string') throw new CoreError('INVALID_INPUT', 'The document is not text.');
  assertDocumentSize(text);
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const json = tryJson(source);
  if (!json.ok) return readYaml(source); // depth checked on the YAML tree
  assertDepth(json.value, MAX_DOCUMENT_DEPTH);
  return json.value;
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
  return composeYaml(text).value;
}

/** A YAML text read under the guards of {@link readDocument}, with its parsed Document. */
export interface ComposedYaml {
  /**
   * The library's Document; undefined for a text without any document (empty or comments
   * only) and for a text read by the block reader (yaml-nodes.ts), which has no aliases to
   * resolve through it.
   */
  doc: Document.Parsed | undefined;
  /** The document's root node; null for a text without any document. */
  root: Node | null;
  lines: LineCounter;
  value: unknown;
}

/**
 * Reads YAML (or JSON) text under the same guards as {@link readDocument} (size is checked by
 * the caller), keeping the parsed Document; `keepSourceTokens` keeps yaml's CST on the nodes.
 * Block-style text within the block reader's subset (yaml-nodes.ts) is read by it, with the
 * library's nodes, ranges and values but a third of its time; anything else, hostile text
 * included, by the library under the guards below.
 */
export function composeYaml(text: string, keepSourceTokens = false): ComposedYaml {
  if (!keepSourceTokens) {
    const block = readBlockYaml(text);
    if (block !== undefined) {
      return { doc: undefined, root: block.root, lines: block.lines, value: block.value };
    }
  }
  guardCompactNesting(text);
  const lines = new LineCounter();
  try {
    const parser = new DepthGuardedParser(lines.addNewLine);
    const composer = new Composer({ logLevel: 'error', uniqueKeys: false, keepSourceTokens });
    let doc: Document.Parsed | undefined;
    for (const next of composer.compose(parser.parse(text), true, text.length)) {
      if (doc !== undefined) {
        throw syntaxError('The text holds several YAML documents; load one', next.range[0], lines);
      }
      doc = next;
    }
    if (doc === undefined) return { doc, root: null, lines, value: null };
    const first = doc.errors[0];
    if (first !== undefined) {
      if (isStackOverflow(first)) throw tooDeep();
      throw syntaxError(firstLine(first.message), first.pos[0], lines);
    }
    const aliases = checkTree(doc.contents, lines);
    const value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown;
    // Aliases share nodes: what they expand to is measured once per node, never walked out.
    if (aliases) assertExpansion(value);
    return { doc, root: doc.contents, lines, value };
  } catch (error) {
    if (error instanceof CoreError) throw error;
    throw yamlFailure(error);
  }
}

function syntaxError(message: string, offset: number, lines: LineCounter): CoreError {
  const { line, col } = lines.linePos(offset);
  return new CoreError('YAML_SYNTAX', `${message} at line ${line}, column ${col}`, line, col);
}

/** The lexer's marker before a scalar's text (yaml's CST.SCALAR). */
const SCALAR_MARKER = '\x1f';

/**
 * `yaml`'s CST parser, counting flow nesting on the lexer tokens as they stream by and
 * stopping with TOO_DEEP past {@link MAX_DOCUMENT_DEPTH} — before an unclosed `[[[[…` costs
 * minutes and gigabytes. Exact: brackets inside strings, comments and block scalars are not
 * separate tokens (a scalar's text follows the SCALAR marker and is skipped).
 */
class DepthGuardedParser extends Parser {
  private depth = 0;
  private afterScalarMarker = false;

  override *next(source: string) {
    if (this.afterScalarMarker) {
      this.afterScalarMarker = false;
    } else if (source === SCALAR_MARKER) {
      this.afterScalarMarker = true;
    } else if (source === '[' || source === '{') {
      if (++this.depth > MAX_DOCUMENT_DEPTH) throw tooDeep();
    } else if ((source === ']' || source === '}') && this.depth > 0) {
      this.depth--;
    }
    yield* super.next(source);
  }
}

/**
 * Refuses a line that opens with more than {@link MAX_DOCUMENT_DEPTH} `- ` / `? ` indicators
 * (no honest document nests block collections on one line that deeply; `yaml` takes minutes
 * on a million of them, or runs out of memory compiling a pattern).
 */
function guardCompactNesting(text: string): void {
  let lineStart = true;
  let compact = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (lineStart) {
      if (code === 0x20) continue;
      if (code === 0x2d || code === 0x3f) {
        const next = text.charCodeAt(i + 1);
        if (next === 0x20 || next === 0x0a || next === 0x0d || Number.isNaN(next)) {
          if (++compact > MAX_DOCUMENT_DEPTH) throw tooDeep();
          i++;
          continue;
        }
      }
      lineStart = false;
      compact = 0;
    }
    if (code === 0x0a) lineStart = true;
  }
}

/**
 * One iterative pass over the document tree: YAML_SYNTAX for a key repeated in one mapping
 * (what `yaml`'s `uniqueKeys` reports, in linear time; scalar keys compare by value, other
 * keys are rare and left alone) and TOO_DEEP past {@link MAX_DOCUMENT_DEPTH}. Returns whether
 * the tree has aliases, whose expansion can nest deeper than the tree itself.
 */
function checkTree(root: unknown, lines: LineCounter): boolean {
  const stack: [unknown, number][] = [[root, 1]];
  let aliases = false;
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (isAlias(node)) {
      aliases = true;
      continue;
    }
    if (!isMap(node) && !isSeq(node)) continue;
    if (depth > MAX_DOCUMENT_DEPTH) throw tooDeep();
    if (isSeq(node)) {
      for (const item of node.items) stack.push([item, depth + 1]);
      continue;
    }
    const seen = new Set<unknown>();
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = pair.key;
      if (isScalar(key)) {
        if (seen.has(key.value)) {
          const pos = lines.linePos(key.range?.[0] ?? 0);
          throw new CoreError(
            'YAML_SYNTAX',
            `Map keys must be unique (${JSON.stringify(String(key.value))} repeats) at line ${pos.line}, column ${pos.col}`,
            pos.line,
            pos.col,
          );
        }
        seen.add(key.value);
      } else {
        stack.push([key, depth + 1]);
      }
      stack.push([pair.value, depth + 1]);
    }
  }
  return aliases;
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

/**
 * The document as pretty JSON (Download as .json). YAML is read with the core's guards (size,
 * depth, alias budget); a document that is JSON already is re-indented.
 */
export function documentToJson(text: string): string {
  return `${JSON.stringify(readDocument(text), null, 2)}\n`;
}
