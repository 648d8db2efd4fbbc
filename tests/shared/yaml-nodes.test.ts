/**
 * The block reader (yaml-nodes.ts) against `yaml`'s Parser + Composer: for every text it
 * accepts, the same node tree (classes, ranges, scalar values, styles, formats), the same line
 * starts and the same plain data, key order included; every text the library reports an error
 * for, it leaves to the library. Checked over every corpus YAML document, hand-written cases of
 * each construct of the subset, hostile documents, and random documents built from fragments.
 */
import fc from 'fast-check';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  Composer,
  Document,
  LineCounter,
  Parser,
  stringify,
  visit,
  type Node,
  type ToStringOptions,
} from 'yaml';
import { CoreError, parseOpenApi } from '../../src/shared/openapi';
import { composeYaml, readDocument } from '../../src/shared/openapi/yaml-io';
import { mayBeTyped, readBlockYaml } from '../../src/shared/openapi/yaml-nodes';
import { CORPUS_DIR, corpusAvailable } from './support/corpus';

interface Library {
  root: unknown;
  lines: number[];
  value: unknown;
  errors: number;
}

function library(text: string): Library {
  const lines = new LineCounter();
  const composer = new Composer({ logLevel: 'error', uniqueKeys: false });
  const docs = [...composer.compose(new Parser(lines.addNewLine).parse(text), true, text.length)];
  const doc = docs[0];
  if (doc === undefined) return { root: null, lines: lines.lineStarts, value: null, errors: 0 };
  const errors = doc.errors.length + docs.length - 1;
  let value: unknown;
  try {
    value = errors === 0 ? doc.toJS({ maxAliasCount: 100 }) : undefined;
  } catch {
    return { root: doc.contents, lines: lines.lineStarts, value: undefined, errors: 1 };
  }
  return { root: doc.contents, lines: lines.lineStarts, value, errors };
}

/** The first difference between two node trees (or values), as a path; undefined when equal. */
function difference(a: unknown, b: unknown, path = ''): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return `${path}: ${String(a)} ≠ ${String(b)}`;
  }
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path}: classes differ`;
  const keys = (o: object) =>
    Object.keys(o)
      .filter((k) => k !== 'srcToken')
      .sort();
  const ka = keys(a);
  const kb = keys(b);
  if (ka.join() !== kb.join()) return `${path}: fields ${ka.join()} ≠ ${kb.join()}`;
  for (const key of ka) {
    const found = difference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}/${key}`,
    );
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether the block reader either leaves `text` to the library or reads it as the library does. */
function agrees(text: string): { fast: boolean; problem?: string } {
  const fast = readBlockYaml(text);
  if (fast === undefined) return { fast: false };
  const lib = library(text);
  if (lib.errors > 0) return { fast: true, problem: 'accepted a text the library refuses' };
  const problem =
    difference(fast.root, lib.root, 'node') ??
    difference(fast.lines.lineStarts, lib.lines, 'lines') ??
    difference(fast.value, lib.value, 'value') ??
    (JSON.stringify(fast.value) === JSON.stringify(lib.value) ? undefined : 'key order');
  return problem === undefined ? { fast: true } : { fast: true, problem };
}

function corpusYaml(): string[] {
  const files: string[] = [];
  for (const sub of ['openapi', 'openapi-versions']) {
    const dir = resolve(CORPUS_DIR, sub);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (/\.ya?ml$/.test(name)) files.push(resolve(dir, name));
    }
  }
  // GitHub's REST description as YAML, where the machine has it (the large-document benches).
  if (existsSync('/tmp/bigdocs/github.yaml')) files.push('/tmp/bigdocs/github.yaml');
  return files;
}

describe.runIf(corpusAvailable('openapi'))('block reader over the corpus', () => {
  const files = corpusYaml();
  it.each(files.map((file) => [file.split('/').pop() as string, file]))(
    '%s: left to the library or read exactly as the library reads it',
    { timeout: 120_000 },
    (_name, file) => {
      const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
      expect(agrees(text).problem).toBeUndefined();
    },
  );

  it('reads the large block-style documents itself', { timeout: 60_000 }, () => {
    const stripe = readFileSync(resolve(CORPUS_DIR, 'openapi/stripe__spec3.yaml'), 'utf8');
    expect(readBlockYaml(stripe)).toBeDefined();
  });
});

const ACCEPTED: [string, string][] = [
  [
    'plain scalars of every core type',
    'a: 1\nb: -0\nc: +12\nd: 0o17\ne: 0x1F\nf: 1.50\ng: 1e3\nh: .inf\ni: -.Inf\nj: .nan\nk: ~\nl: null\nm: NULL\nn: true\no: False\np: 1.0.0\nq: 3.0\nr: 12abc\ns: -x\n',
  ],
  ['keys of every core type', '200: a\n1.5: b\ntrue: c\nnull: d\n~x: e\n0x10: f\n'],
  ['empty values', 'a:\nb:\n  c:\nd:\n'],
  [
    'quoted scalars with escapes',
    "a: \"x\\ty\\n\\u00e9\\x41\\U0001F600\\\"\\\\\\/\"\nb: 'it''s'\n\"k y\": 1\n'k: z': 2\nc: \"#not a comment\"\nd: 'a #b'\n",
  ],
  [
    'plain scalars with indicators inside',
    'a: b:c\nd: e#f\ng: h - i\nurl: https://x.test/a#b?c=d\nk: x]\n',
  ],
  ['trailing spaces after plain scalars', 'a: b   \nc: d\n'],
  [
    'sequences under keys, indented or not',
    'a:\n- 1\n- two\nb:\n  - 3\n  - k: v\n    l: w\n  - - 5\n    - 6\n  - - - 7\n',
  ],
  ['compact maps and nested sequences', '- a: 1\n  b:\n    - c\n- - x\n  - y\n'],
  ['empty flow collections', 'a: {}\nb: []\nc:\n  - {}\n  - []\nd: [ ]\ne: {  }\n'],
  [
    'flow collections with content on one line',
    'a: [1, two, \'three\', "four"]\nb: {k: v, \'q\': [x, -1, {n: ~}], "r s": true}\nc:\n  - [a, b] # c\n  - [ x , y ]\nd: [x,y]   \ne: ["y" , x]  #  d\nf: {__proto__: 1, constructor: [2]}\n',
  ],
  ['a document start marker', '# before\n---\n# after\n\na: 1\n'],
  ['a document start marker after an empty line', '\n---\n\n- a\n'],
  ['literal block scalars', 'a: |\n  one\n   two\n\n  three\nb: |-\n  x\nc: |+\n  y\n\nd: 1\n'],
  [
    'folded block scalars',
    'a: >\n  one\n  two\n\n  three\n    more\n  four\nb: >-\n  x\n  y\nc: >+\n  z\n\n',
  ],
  [
    'block scalars with leading and trailing empty lines',
    'a: |-\n  \n  x\n\n     \nb: |\n\n  y\n  \n',
  ],
  ['block scalars with an explicit indentation', 'a: |2\n     x\n    y\nb:\n  c: >2-\n       z\n'],
  [
    'block scalars whose indentation indicator takes less-indented lines',
    'a:\n  - |2-\n       lead\n      x\n      #\nb: 1\n',
  ],
  ['block scalars in sequences', '- |\n  a\n- >-\n  b\n  c\n- k: |\n    d\n'],
  ['a block scalar at the end of the text without a newline', 'a: |\n  x'],
  [
    'keys that name Object.prototype members',
    '__proto__:\n  polluted: yes\nconstructor:\n  prototype:\n    x: 1\ntoString: 2\n',
  ],
  ['blank lines between entries', 'a: 1\n\n\nb:\n\n  c: 2\n\n'],
  ['a scalar at the end of the text without a newline', 'a: 1\nb: two'],
  ['a sequence at the root', '- a\n- b: c\n'],
  ['empty sequence items', 'a:\n  -\n\n  - x\n  -\n\nb:\n- -\n  -\n-'],
  ['blank lines between items', '- a\n\n- b: c\n\n- - d\n\n  - e\n'],
  ['unicode', 'ключ: значение\nemoji: "😀"\n'],
  ['a trailing comment', 'a: 1 # c\nb: "x"   #  d\nc: \'y\' #\n'],
  ['a comment line', '# c\na: 1\n'],
  ['comments before the document, with an empty line after them', '# a\n\n# b\n\nk: 1\n'],
  ['comments before the document, after an empty line', '\n# a\n#\n# b\nk: 1\n'],
  ['comments at the end of the document', 'a: 1\n# c\n\n  # d\n'],
  [
    'comment lines between entries, at every indentation',
    'x:\n  a: 1\n  # at the map\n  b: 2\n    # past the map\n\n    # again\n  c: 3\n # before the map\ny: 4\n',
  ],
  [
    'comments that close nested collections',
    'x:\n  y:\n    a: 1\n    # stays in y\n  # goes to x\n  b: 2\n# goes to the root\nz:\n  - 1\n  # stays in the list\nw: 1\n',
  ],
  [
    'comments between sequence items',
    'l:\n  # before the list\n\n  - a\n  # before b\n\n  - b: 1\n    # after 1\n  - - c\n    # in the inner list\n  - d\n',
  ],
  [
    'scalars on the lines after their keys',
    'a:\n  x\n   y\nb: # c\n\n  # d\n  "z"\nc:\n\n  w\n   v\nd: 1\n',
  ],
  ['a comment after a key whose value is on the next lines', 'a: # c\n  # d\n  b: 1\nl: #\n- x\n'],
  ['comments after block scalars', 'a: |\n  x\n # c\nb: >-\n    y\n  # d\nc: 1\n'],
  [
    'multi-line plain scalars',
    'a: one\n  two\n\n  three   \n     four # c\nb:\n  - x\n    - y\n    [z] &w *v !t\n  - 1\n    2\nc: true\n  false\n',
  ],
  [
    'multi-line quoted scalars',
    'a: "one\n  two\\\n   three \n\n  four\\t"\nb: \'x\n\n  y\n  \'\' z\' # c\nc:\n  - "1\n    2"\n',
  ],
];

const LEFT_TO_LIBRARY: [string, string][] = [
  ['an anchor and an alias', 'a: &x 1\nb: *x\n'],
  ['a tag', 'a: !!str 1\n'],
  ['a flow collection over several lines', 'a: [1,\n  2]\n'],
  ['a trailing comma in a flow collection', 'a: [1, 2, ]\n'],
  ['a pair in a flow sequence', 'a: [b: c]\n'],
  ['a flow map key without a space after its colon', 'a: {b:c}\n'],
  ['a comment in a flow collection', 'a: [1, # c\n  2]\n'],
  ['a repeated key in a flow map', 'a: {b: 1, b: 2}\n'],
  ['a flow collection on the line after its key', 'a:\n  [1, 2]\n'],
  ['an explicit key', '? a\n: 1\n'],
  ['a directive', '%YAML 1.1\n---\na: 1\n'],
  ['a document marker with content on its line', '--- a: 1\n'],
  ['a document end marker', 'a: 1\n...\n'],
  ['a second document start marker', '---\n---\na: 1\n'],
  ['a document start marker after a directive', '%YAML 1.2\n---\na: 1\n'],
  ['several documents', 'a: 1\n---\nb: 2\n'],
  ['a tab in the indentation', 'a:\n\tb: 1\n'],
  ['CRLF line ends', 'a: 1\r\nb: 2\r\n'],
  ['a repeated key', 'a: 1\nb: 2\na: 3\n'],
  ['keys equal as strings', '1: a\n"1": b\n'],
  ['a root scalar', 'just text\n'],
  ['an empty text', ''],
  ['an indented root', '  a: 1\n'],
  ['a bad indentation', 'a:\n    b: 1\n  c: 2\n'],
  ['a nested map on a key line', 'a: b: c\n'],
  ['an invalid escape', 'a: "\\q"\n'],
  ['an empty sequence item', '- \n- a\n'],
  ['a key over 1024 characters', `${'k'.repeat(1100)}: 1\n`],
  ['a block scalar after more-indented empty lines', 'a: |-\n    \n  x\n'],
  ['a comment after an empty value', 'a:\n  # c\nb: 1\n'],
  ['a comment after an empty value on its line', 'a: # c\nb: 1\n'],
  ['a comment after an empty flow collection', 'a: []\n  # c\n'],
  ['a comment on a block scalar header', 'a: | # c\n  x\n'],
  ['a comment after a sequence indicator', '- # c\n  a\n'],
  ['a comment without a space before it', 'a: "x"# c\n'],
  ['text after a comment that a scalar would take', 'a: x\n  # c\n  y\n'],
  ['a multi-line plain scalar with a colon', 'a: x\n  y: z\n'],
  ['a multi-line quoted key', '"a\n b": 1\n'],
  ['a multi-line quoted scalar less indented', 'a:\n  b: "x\n  y"\n'],
  ['a tab in a multi-line quoted scalar', 'a: "x\t\n  y"\n'],
  ['comments only', '# a\n# b\n'],
  ['a comment before an empty sequence item', 'a:\n - b\n#\n -\n'],
  [
    'a scalar on the lines after its key, after a comment line the lexer lowers its indentation to',
    '- a:\n  #c\n    x\n  b: 1\n',
  ],
];

describe('block reader cases', () => {
  it.each(ACCEPTED)('reads %s exactly as the library does', (_what, text) => {
    expect(library(text).errors).toBe(0);
    expect(agrees(text)).toEqual({ fast: true });
  });

  it.each(LEFT_TO_LIBRARY)('leaves %s to the library', (_what, text) => {
    expect(readBlockYaml(text)).toBeUndefined();
  });

  it('gives the same data through composeYaml either way', () => {
    for (const [, text] of ACCEPTED) {
      const composed = composeYaml(text);
      expect(composed.doc).toBeUndefined(); // read by the block reader
      expect(difference(composed.value, library(text).value)).toBeUndefined();
    }
  });

  it('never changes Object.prototype', () => {
    readDocument('__proto__:\n  polluted: yes\n');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(readDocument('__proto__:\n  a: 1\n') as object)).toEqual(['__proto__']);
  });
});

describe('hostile documents through the block reader', () => {
  const errorOf = (fn: () => unknown): CoreError => {
    try {
      fn();
    } catch (error) {
      if (error instanceof CoreError) return error;
      throw error;
    }
    throw new Error('expected a CoreError');
  };

  it('leaves deep block nesting to the library, which refuses it with TOO_DEEP', () => {
    const maps = Array.from({ length: 400 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + ' 1\n';
    const seqs = '- '.repeat(5000) + 'x\n';
    const flows = `a: ${'['.repeat(5000)}${']'.repeat(5000)}\n`;
    for (const text of [maps, seqs, flows]) {
      expect(readBlockYaml(text)).toBeUndefined();
      expect(errorOf(() => parseOpenApi(text)).code).toBe('TOO_DEEP');
    }
  });

  it('leaves an alias bomb to the library, which refuses it with YAML_ALIAS_LIMIT', () => {
    const lines = ['openapi: 3.0.1', 'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < 9; i++) {
      lines.push(
        `a${i}:\n${Array.from({ length: 9 }, () => `  - *a${i === 1 ? '' : i - 1}`).join('\n')}`,
      );
    }
    const text = lines.join('\n').replace('&a ', '&a ') + '\n';
    expect(readBlockYaml(text)).toBeUndefined();
    expect(['YAML_ALIAS_LIMIT', 'YAML_SYNTAX', 'EXPANSION_TOO_LARGE']).toContain(
      errorOf(() => parseOpenApi(text)).code,
    );
  });

  it('reads long sequences and maps in linear time', { timeout: 60_000 }, () => {
    const items = 'x:\n' + '  - item\n'.repeat(300_000);
    const keys = Array.from({ length: 100_000 }, (_, i) => `k${i}: v`).join('\n') + '\n';
    // One line of 200,000 quoted items: each quote's end is looked for within the line once.
    const flow = `x: [${Array.from({ length: 200_000 }, (_, i) => `"v${i}"`).join(', ')}]\n`;
    for (const text of [items, keys, flow]) {
      const start = performance.now();
      expect(readBlockYaml(text)).toBeDefined();
      // About 1 s (a quadratic scan took 80 s); the margin is for a busy machine.
      expect(performance.now() - start).toBeLessThan(20_000);
    }
  });

  it('reports a repeated key with the library’s message, line and column', () => {
    const keys = Array.from({ length: 2_000 }, (_, i) => `  k${i}: ${i}`).join('\n');
    const error = errorOf(() => parseOpenApi(`openapi: 3.0.1\nx-map:\n${keys}\n  k7: again\n`));
    expect(error.code).toBe('YAML_SYNTAX');
    expect(error.line).toBe(2_003);
    expect(error.column).toBe(3);
  });
});

/** Lines that combine into valid and invalid block YAML of every construct the reader knows. */
const FRAGMENTS = [
  'a: 1',
  'b:',
  'c: two',
  '- x',
  '- k: v',
  '- - y',
  '-',
  '- ',
  '- -',
  '"q": "v\\n"',
  "'s': 'it''s'",
  'd: |',
  'd: |-',
  'd: >',
  'd: >+',
  'd: |2',
  'text',
  '  more text',
  'e: {}',
  'f: []',
  'g: [1]',
  'g: [1, "x", [y, {k: v}]]',
  'g: {a: [1], b: c}',
  'g: [a, ]',
  'g: [a,',
  '  b]',
  'g: {a: 1, a: 2}',
  '- [x, y] # c',
  'h: a: b',
  'i: x #c',
  '#c',
  '',
  '   ',
  'j: 0x1F',
  'k: -.inf',
  'null: ~',
  'l:  v  ',
  'm: "open',
  'n: &x 1',
  'o: *x',
  '? p',
  ': q',
  '---',
  '--- # c',
  '...',
  'e: [ ]',
  'a: 2',
  'r: -',
  's: "\\x4"',
  't: ',
  '\tu: 1',
  '# own line',
  '#',
  'v: w # trailing',
  'x: "q" # trailing',
  'y: # before a value',
  '- z # trailing',
  'continued plain',
  'w: "open',
  'closed"',
  "'single",
  'x: |  # header',
];

describe('block reader on random documents', () => {
  it('types as strings only plain scalars no core schema pattern matches', () => {
    const patterns = (new Document().schema.tags as { test?: RegExp }[])
      .map((tag) => tag.test)
      .filter((test): test is RegExp => test !== undefined);
    const start = fc.constantFrom(
      '',
      '0',
      '+',
      '-',
      '.',
      '~',
      'n',
      'N',
      't',
      'T',
      'f',
      'F',
      'x',
      'é',
    );
    const rest = fc.oneof(
      fc.string({ maxLength: 8, unit: 'binary' }),
      fc.constantFrom('ull', 'ULL', 'rue', 'RUE', 'alse', 'inf', 'nan', 'NaN', 'o17', 'x1F', 'e3'),
    );
    fc.assert(
      fc.property(start, rest, (a, b) => {
        const raw = a + b;
        return mayBeTyped(raw) || !patterns.some((test) => test.test(raw));
      }),
      { numRuns: 20_000, seed: 3 },
    );
  });

  it('never reads a text differently from the library, nor one the library refuses', () => {
    const line = fc.tuple(fc.integer({ min: 0, max: 6 }), fc.constantFrom(...FRAGMENTS));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 14 }), fc.boolean(), (lines, end) => {
        const text = lines.map(([indent, body]) => ' '.repeat(indent) + body).join('\n');
        const result = agrees(end ? text + '\n' : text);
        return result.problem === undefined;
      }),
      { numRuns: 4000, seed: 2026 },
    );
  });

  const key = fc.oneof(
    fc.constantFrom(
      'a',
      'b c',
      'x-y',
      '1',
      'true',
      'null',
      '__proto__',
      'k:',
      '#',
      "it's",
      '-',
      '',
    ),
    fc.string({ maxLength: 6 }),
  );
  const scalar = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(
      'a\nb',
      ' lead',
      'trail ',
      'x\n\n  y\n',
      '\n',
      'a: b',
      '- x',
      '#c',
      "'",
      '\t',
      'é😀',
    ),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
  );
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small' },
      scalar,
      fc.array(tie('tree'), { maxLength: 4 }),
      fc.dictionary(key, tie('tree'), { maxKeys: 4 }),
    ),
  }));
  const options: fc.Arbitrary<ToStringOptions> = fc.record({
    indent: fc.constantFrom(1, 2, 4),
    indentSeq: fc.boolean(),
    lineWidth: fc.constantFrom(0, 20, 80),
    defaultStringType: fc.constantFrom(
      'PLAIN',
      'QUOTE_DOUBLE',
      'QUOTE_SINGLE',
      'BLOCK_LITERAL',
      'BLOCK_FOLDED',
    ),
    defaultKeyType: fc.constantFrom(null, 'PLAIN', 'QUOTE_DOUBLE'),
    aliasDuplicateObjects: fc.constant(false),
    collectionStyle: fc.constantFrom('any', 'any', 'flow'),
  });
  const change = fc.option(
    fc.tuple(
      fc.nat(),
      fc.constantFrom('', ' ', '  ', '\n', '\n\n', '-', ':', '|', "'", '"', '#', ' #'),
    ),
    { freq: 2 },
  );
  const changed = (text: string, edit: [number, string] | null): string => {
    if (edit === null) return text;
    const [at, insert] = edit;
    const i = at % (text.length + 1);
    return text.slice(0, i) + insert + text.slice(insert === '' ? i + 1 : i);
  };

  it('reads written documents, intact or with one character changed, as the library does', () => {
    let flow = 0;
    fc.assert(
      fc.property(
        fc.dictionary(key, tree, { minKeys: 1, maxKeys: 5 }),
        options,
        change,
        (value, opts, edit) => {
          const text = changed(stringify(value, opts), edit);
          const result = agrees(text);
          if (result.fast && /[[{][^\]}\n]/.test(text)) flow++;
          return result.problem === undefined;
        },
      ),
      { numRuns: 3000, seed: 7 },
    );
    // The generator reaches the reader's flow collections, not only its fallbacks.
    expect(flow).toBeGreaterThan(100);
  });

  /** A comment line (at some indentation), an empty line, or a comment after a line's end. */
  const insertion = fc.tuple(
    fc.nat(),
    fc.constantFrom('own', 'own', 'trailing', 'blank', 'marker', 'empty'),
    fc.integer({ min: 0, max: 8 }),
    fc.constantFrom('', ' c', 'x # y', ' ', '#', ' a: b'),
  );

  it('reads written documents with comment and empty lines put anywhere, intact or with one character changed, as the library does', () => {
    let commented = 0;
    let multiline = 0;
    fc.assert(
      fc.property(
        fc.dictionary(key, tree, { minKeys: 1, maxKeys: 5 }),
        options,
        fc.array(insertion, { maxLength: 6 }),
        change,
        (value, opts, inserts, edit) => {
          const lines = stringify(value, opts).split('\n');
          for (const [at, kind, indent, body] of inserts) {
            const i = at % lines.length;
            if (kind === 'own') lines.splice(i, 0, ' '.repeat(indent) + '#' + body);
            else if (kind === 'blank') lines.splice(i, 0, ' '.repeat(indent % 3));
            else if (kind === 'marker') lines.splice(indent % 2 === 0 ? 0 : i, 0, '---');
            else if (kind === 'empty') lines[i] = (lines[i] as string).replace(/ ?null$/, '');
            else lines[i] = `${lines[i]}${' '.repeat(1 + (indent % 2))}#${body}`;
          }
          const text = changed(lines.join('\n'), edit);
          const result = agrees(text);
          if (result.fast && text.includes('#')) commented++;
          if (result.fast && /:\s+(?:["']|[^\s|>"'-][^\n]*\n {2,}[^\s-])/.test(text)) multiline++;
          return result.problem === undefined;
        },
      ),
      { numRuns: 3000, seed: 11 },
    );
    // The generator reaches the reader's comment paths, not only its fallbacks.
    expect(commented).toBeGreaterThan(300);
    expect(multiline).toBeGreaterThan(100);
  });

  it('reads documents `yaml` writes with comments on their nodes as the library does', () => {
    const comment = fc.constantFrom(undefined, undefined, ' c', 'c', '', ' two\n lines', '\n');
    let read = 0;
    fc.assert(
      fc.property(
        fc.dictionary(key, tree, { minKeys: 1, maxKeys: 5 }),
        // Block style: comments inside flow collections are the library's to read.
        options.map((o) => ({ ...o, collectionStyle: 'block' as const })),
        fc.array(fc.tuple(comment, comment, fc.boolean()), { minLength: 1, maxLength: 20 }),
        change,
        (value, opts, marks, edit) => {
          const doc = new Document(value, { aliasDuplicateObjects: false });
          let n = 0;
          const mark = (node: Node) => {
            const [before, after, space] = marks[n++ % marks.length] as [
              string | undefined,
              string | undefined,
              boolean,
            ];
            if (before !== undefined) node.commentBefore = before;
            if (after !== undefined) node.comment = after;
            if (space) node.spaceBefore = true;
          };
          visit(doc, {
            Scalar: (_key, node) => mark(node),
            Map: (_key, node) => mark(node),
            Seq: (_key, node) => mark(node),
          });
          const text = changed(doc.toString(opts), edit);
          const result = agrees(text);
          if (result.fast && text.includes('#')) read++;
          return result.problem === undefined;
        },
      ),
      { numRuns: 2000, seed: 13 },
    );
    expect(read).toBeGreaterThan(200);
  });
});
