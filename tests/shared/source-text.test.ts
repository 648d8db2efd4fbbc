/**
 * SourceText (issue 10): lossless round trip of YAML/JSON text and minimal splices for edits.
 * Every edit is checked two ways: the exact expected text, and that the new text reads back
 * as the edited data.
 */
import { describe, expect, it } from 'vitest';
import { parse as parseYaml11 } from 'yaml';
import { CoreError, MAX_DOCUMENT_BYTES } from '../../src/shared/openapi';
import { SourceText } from '../../src/shared/openapi/document';
import { lineDiff } from './support/line-diff';

type Json = Record<string, unknown>;

/** Renders `edit(value)` and checks it reads back as the edited data; returns the text. */
function edit(text: string, change: (value: Json) => unknown): string {
  const source = SourceText.parse(text);
  const next = change(source.value as Json);
  const out = source.render(next);
  expect(SourceText.parse(out).value).toEqual(next);
  return out;
}

const FIXTURES: Record<string, string> = {
  comments: `# leading comment

openapi: 3.0.1 # trailing
info:
  # inside
  title: Demo   # aligned comment
  version: "1.0"

# between sections
paths: {}
# final comment
`,
  anchors: `base: &base
  type: object
  properties:
    id: {type: string}
copy: *base
list:
  - &item one
  - *item
`,
  blockScalars: `literal: |
  line one
    indented
  line three
folded: >
  folded text
  continues here

strip: |-
  no final newline
keep: |+
  kept newlines


clipFolded: >-
  x
indicator: |2
    starts with spaces
after: end
`,
  flowStyle: `flow: {a: 1, b: [1, 2, {c: d}], 'e': "f"}
list: [ x, y ,z ]
multi: [
  one,
  two,
]
empty: {}
emptyList: []
`,
  quoted: `single: 'it''s'
double: "tab\\there \\u00e9 \\"q\\""
plainNumberish: '012'
yesWord: 'yes'
date: '2020-01-01'
'quoted key': 1
"double key": 2
? explicit key
: explicit value
`,
  blankLines: `a: 1


b: 2

c:

  - 1

  - 2
`,
  directives: `%YAML 1.2
---
a: 1
b: [x]
...
`,
  docStart: `--- # a document
openapi: 3.0.0
`,
  crlf: 'a: 1\r\nb:\r\n  c: "x"\r\n  d: |\r\n    two\r\n    lines\r\n# end\r\n',
  tabs: 'a: "tab\there"\nb: \'tab\tsingle\'\nc: plain\twith tab\n',
  unicode: 'title: Ünïcödé ✓ 日本語\nemoji: "😀"\nкириллица: значение\n',
  noFinalNewline: 'a: 1\nb: 2',
  bom: '\ufeffa: 1\nb: 2\n',
  json: '{\n  "openapi": "3.0.1",\n  "info": {\n    "title": "T",\n    "version": "1"\n  },\n  "tags": [\n    "a",\n    "b"\n  ]\n}\n',
  jsonTabs: '{\n\t"a": {\n\t\t"b": [1, 2]\n\t},\n\t"c": null\n}',
  jsonCompact: '{"a":{"b":[1,2]},"c":"\\u00e9\\/"}',
  jsonArray: '[\n  {"a": 1},\n  2\n]\n',
  compactSeq: `items:
- name: a
  value: 1
- - x
  - y
-   spaced: 1
`,
  empty: '',
  onlyComment: '# nothing here\n',
  rootScalar: 'just text\n',
};

describe('SourceText.parse', () => {
  it('detects the flavour from the first non-blank character', () => {
    expect(SourceText.parse('a: 1\n').flavor).toBe('yaml');
    expect(SourceText.parse('  \n{"a": 1}').flavor).toBe('json');
    expect(SourceText.parse('[1, 2]').flavor).toBe('json');
    expect(SourceText.parse('- 1\n').flavor).toBe('yaml');
  });

  it('gives the plain data with aliases expanded', () => {
    const value = SourceText.parse(FIXTURES.anchors as string).value as Json;
    expect(value.copy).toEqual({ type: 'object', properties: { id: { type: 'string' } } });
    expect(value.list).toEqual(['one', 'one']);
  });

  it('throws typed errors like readDocument', () => {
    const fail = (text: string): CoreError => {
      try {
        SourceText.parse(text);
      } catch (error) {
        expect(error).toBeInstanceOf(CoreError);
        return error as CoreError;
      }
      throw new Error('no error');
    };
    const syntax = fail('a: 1\nb: [\n');
    expect(syntax.code).toBe('YAML_SYNTAX');
    expect(syntax.line).toBeGreaterThan(0);
    expect(fail('a: 1\na: 2\n').code).toBe('YAML_SYNTAX');
    expect(fail('['.repeat(400)).code).toBe('TOO_DEEP');
    expect(fail('x'.repeat(MAX_DOCUMENT_BYTES + 1)).code).toBe('INPUT_TOO_LARGE');
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++)
      bomb.push(
        `${'abcdefghijklmn'[i]}: &${'abcdefghijklmn'[i]} [${Array(9)
          .fill('*' + 'abcdefghijklmn'[i - 1])
          .join(', ')}]`,
      );
    expect(fail(bomb.join('\n')).code).toBe('YAML_ALIAS_LIMIT');
    expect(fail('a: 1\n---\nb: 2\n').code).toBe('YAML_SYNTAX');
    expect(fail('['.repeat(50_000) + ']'.repeat(50_000)).code).toBe('TOO_DEEP');
    expect(fail('{"a": [1, 2}').code).toBe('YAML_SYNTAX');
  });

  it('reads JSON as JSON.parse does: a repeated key keeps the last value', () => {
    const source = SourceText.parse('{"a": 1, "b": 2, "a": 3}');
    expect(source.value).toEqual({ a: 3, b: 2 });
    // Such an object cannot be edited pair by pair: it is written anew.
    expect(source.render({ a: 3, b: 4 })).toBe('{"a": 3, "b": 4}');
  });
});

describe('SourceText.render: round trip', () => {
  for (const [name, text] of Object.entries(FIXTURES)) {
    it(`renders its own value byte for byte: ${name}`, () => {
      const source = SourceText.parse(text);
      expect(source.render(source.value)).toBe(text);
      // A deep copy (no shared objects) renders the same text too.
      expect(source.render(structuredClone(source.value))).toBe(text);
    });
  }
});

describe('SourceText.render: scalars', () => {
  it('replaces only the scalar, keeping a trailing comment and alignment', () => {
    const out = edit(FIXTURES.comments as string, (v) => ({
      ...v,
      info: { ...(v.info as Json), title: 'New title' },
    }));
    expect(out).toBe(
      (FIXTURES.comments as string).replace('title: Demo   #', 'title: New title   #'),
    );
    expect(lineDiff(FIXTURES.comments as string, out).changed).toBe(1);
  });

  it('keeps the quoting style of the replaced scalar where the author chose it', () => {
    const text = `single: 'plain words'\ndouble: "plain words"\nneeded: "tab\\there"\nref: "#/a"\n`;
    const out = edit(text, (v) => ({
      ...v,
      single: 'new',
      double: 'new',
      needed: 'new',
      ref: '#/b',
    }));
    expect(out).toContain("single: 'new'\n");
    expect(out).toContain('double: "new"\n');
    // Quotes the old value needed: a new value that can be plain is written plain…
    expect(out).toContain('needed: new\n');
    // …and one that needs quotes too keeps the author's kind of quotes.
    expect(out).toContain('ref: "#/b"\n');
  });

  it('quotes a value that YAML 1.1 or 1.2 would read as something else', () => {
    const cases = [
      'yes',
      'No',
      'ON',
      'off',
      'y',
      'N',
      'true',
      'Null',
      '~',
      '012',
      '0o12',
      '1_000',
      '1:20',
      '.5',
      '+1',
      '1e3',
      '.inf',
      '-.Inf',
      '.NaN',
      '0x1F',
      '2001-12-14',
      '2001-12-14 21:59:43.10 -5',
      '12:30:45',
      '- item',
      '#hash',
      'a: b',
      'a #b',
      ' lead',
      'trail ',
      '@at',
      '`tick',
      '',
      'key:',
      '<<',
      '=',
    ];
    for (const value of cases) {
      const out = edit('a: plain\n', () => ({ a: value }));
      expect(parseYaml11(out, { version: '1.1' })).toEqual({ a: value });
      expect(parseYaml11(out, { version: '1.2' })).toEqual({ a: value });
    }
  });

  it('writes numbers, booleans and null plainly', () => {
    expect(edit('a: x\n', () => ({ a: 12 }))).toBe('a: 12\n');
    expect(edit('a: x\n', () => ({ a: 1.5 }))).toBe('a: 1.5\n');
    expect(edit('a: x\n', () => ({ a: false }))).toBe('a: false\n');
    expect(edit('a: x\n', () => ({ a: null }))).toBe('a: null\n');
    const big = edit('a: x\n', () => ({ a: 1e21 }));
    expect(parseYaml11(big, { version: '1.1' })).toEqual({ a: 1e21 });
  });

  it('writes a multi-line string as a block literal in block context, with its chomping', () => {
    expect(edit('a: x # c\nb: 1\n', () => ({ a: 'one\ntwo\n', b: 1 }))).toBe(
      'a: | # c\n  one\n  two\nb: 1\n',
    );
    expect(edit('a: x\nb: 1\n', () => ({ a: 'one\ntwo', b: 1 }))).toBe(
      'a: |-\n  one\n  two\nb: 1\n',
    );
    expect(edit('a: x\nb: 1\n', () => ({ a: 'one\n\n', b: 1 }))).toBe('a: |+\n  one\n\nb: 1\n');
    expect(edit('a: x', () => ({ a: 'one\ntwo\n' }))).toBe('a: |\n  one\n  two\n');
  });

  it('keeps a block scalar style and replaces its lines', () => {
    const out = edit(FIXTURES.blockScalars as string, (v) => ({
      ...v,
      literal: 'new\nlines\n',
      strip: 'a\nb',
    }));
    expect(out).toContain('literal: |\n  new\n  lines\nfolded: >\n');
    expect(out).toContain('strip: |-\n  a\n  b\nkeep:');
    const folded = edit(FIXTURES.blockScalars as string, (v) => ({ ...v, folded: 'one line\n' }));
    expect(folded).toContain('folded: >\n  one line\n\nstrip');
  });

  it('replaces a block scalar by a plain scalar on the key line', () => {
    expect(edit('a: |\n  one\n  two\nb: 1\n', () => ({ a: 'x', b: 1 }))).toBe('a: x\nb: 1\n');
  });

  it('writes double quotes for multi-line strings in flow style and JSON', () => {
    expect(edit('a: [x, y]\n', () => ({ a: ['x', 'two\nlines'] }))).toBe('a: [x, "two\\nlines"]\n');
    expect(edit('{"a": "x"}', () => ({ a: 'two\nlines' }))).toBe('{"a": "two\\nlines"}');
  });

  it('edits a JSON scalar as JSON', () => {
    const out = edit(FIXTURES.json as string, (v) => ({
      ...v,
      info: { ...(v.info as Json), title: 'yes "q"' },
    }));
    expect(out).toBe((FIXTURES.json as string).replace('"title": "T"', '"title": "yes \\"q\\""'));
  });

  it('keeps CRLF line endings in new text', () => {
    const out = edit(FIXTURES.crlf as string, (v) => ({
      ...v,
      b: { ...(v.b as Json), d: 'x\ny\n', e: 'new' },
    }));
    expect(out).toBe('a: 1\r\nb:\r\n  c: "x"\r\n  d: |\r\n    x\r\n    y\r\n  e: new\r\n# end\r\n');
  });

  it('keeps a byte order mark', () => {
    expect(edit(FIXTURES.bom as string, () => ({ a: 2, b: 2 }))).toBe('\ufeffa: 2\nb: 2\n');
  });

  it('removes a tag when the value changes type', () => {
    expect(edit('a: !!str 123\n', () => ({ a: 5 }))).toBe('a: 5\n');
  });
});

describe('SourceText.render: maps', () => {
  const doc = `openapi: 3.0.1
paths:
  /a:
    get: # read
      summary: A
  # comment above b
  /b:
    post:
      summary: B # last
  /c:
    put:
      summary: C
components: {}
`;

  it('deletes a pair with its lines and its trailing comment; the comment above stays', () => {
    const out = edit(doc, (v) => {
      const { '/b': _b, ...paths } = v.paths as Json;
      return { ...v, paths };
    });
    expect(out).toBe(doc.replace('  /b:\n    post:\n      summary: B # last\n', ''));
  });

  it('inserts a pair after the nearest preceding key of the new order', () => {
    const out = edit(doc, (v) => {
      const p = v.paths as Json;
      return {
        ...v,
        paths: { '/a': p['/a'], '/a2': { get: { summary: 'A2' } }, '/b': p['/b'], '/c': p['/c'] },
      };
    });
    expect(out).toBe(
      doc.replace(
        '  # comment above b',
        '  /a2:\n    get:\n      summary: A2\n  # comment above b',
      ),
    );
    expect(lineDiff(doc, out)).toMatchObject({ removed: [], added: 3 });
  });

  it('inserts a pair first when no preceding key exists', () => {
    const out = edit(doc, (v) => ({ info: { title: 'T', version: '1' }, ...v }));
    expect(out).toBe("info:\n  title: T\n  version: '1'\n" + doc);
  });

  it('inserts at the end of the document without a final line break', () => {
    expect(edit('a: 1', () => ({ a: 1, b: { c: 2 } }))).toBe('a: 1\nb:\n  c: 2');
  });

  it('renames a key in place (a one-line diff)', () => {
    const out = edit(doc, (v) => {
      const p = v.paths as Json;
      return { ...v, paths: { '/a': p['/a'], '/b/{id}': p['/b'], '/c': p['/c'] } };
    });
    expect(out).toBe(doc.replace('  /b:\n', '  /b/{id}:\n'));
  });

  it('renames a method and edits inside it', () => {
    const out = edit(doc, (v) => {
      const p = v.paths as Json;
      return { ...v, paths: { ...p, '/a': { patch: { summary: 'A!' } } } };
    });
    expect(out).toBe(
      doc.replace('    get: # read\n      summary: A\n', '    patch: # read\n      summary: A!\n'),
    );
  });

  it('writes {} when the last pair goes and expands {} when a pair comes', () => {
    const emptied = edit(doc, (v) => ({ ...v, paths: {} }));
    expect(emptied).toBe('openapi: 3.0.1\npaths: {}\ncomponents: {}\n');
    const filled = edit(doc, (v) => ({ ...v, components: { schemas: { A: { type: 'string' } } } }));
    expect(filled.endsWith('components:\n  schemas:\n    A:\n      type: string\n')).toBe(true);
  });

  it('replaces a scalar or an empty value by a collection at the right indentation', () => {
    expect(edit('a: x\nb: 1\n', (v) => ({ ...v, a: { c: 1 } }))).toBe('a:\n  c: 1\nb: 1\n');
    expect(edit('a:\nb: 1\n', (v) => ({ ...v, a: ['q'] }))).toBe('a:\n  - q\nb: 1\n');
    expect(edit('k:\n    a: x\n', () => ({ k: { a: { deep: [1, { e: 2 }] } } }))).toBe(
      'k:\n    a:\n        deep:\n            - 1\n            - e: 2\n',
    );
  });

  it('follows the document: indentation unit and unindented sequences', () => {
    const text = 'a:\n    b:\n    - 1\n    c: x\n';
    expect(edit(text, () => ({ a: { b: [1], c: { d: ['x', 'z'] } } }))).toBe(
      'a:\n    b:\n    - 1\n    c:\n        d:\n        - x\n        - z\n',
    );
  });

  it('quotes new keys by the same rules as scalars', () => {
    const out = edit('a: 1\n', () => ({ a: 1, '200': 'ok', yes: 1, 'x: y': 2 }));
    // JavaScript puts integer-like keys first: '200' has no preceding key, so it goes first.
    expect(out).toBe("'200': ok\na: 1\n'yes': 1\n'x: y': 2\n");
  });

  it('keeps a following comment intact when inserting', () => {
    const text = 'a:\n  b: 1\n  # about c\n  c: 2\n';
    expect(edit(text, () => ({ a: { b: 1, new: 0, c: 2 } }))).toBe(
      'a:\n  b: 1\n  new: 0\n  # about c\n  c: 2\n',
    );
  });

  it('edits a compact map inside a sequence item', () => {
    const text = FIXTURES.compactSeq as string;
    const value = SourceText.parse(text).value as { items: Json[] };
    const [first, ...rest] = value.items;
    const out = edit(text, () => ({ items: [{ value: 1 }, ...rest] }));
    expect(out).toBe(text.replace('- name: a\n  value: 1\n', '- value: 1\n'));
    const added = edit(text, () => ({ items: [{ id: 0, ...first }, ...rest] }));
    expect(added).toBe(text.replace('- name: a\n', '- id: 0\n  name: a\n'));
  });
});

describe('SourceText.render: sequences', () => {
  const text = 'tags:\n  - a # first\n  - b\n  - c\nnext: 1\n';

  it('pushes, inserts and removes items by lines', () => {
    expect(edit(text, (v) => ({ ...v, tags: ['a', 'b', 'c', 'd'] }))).toBe(
      text.replace('  - c\n', '  - c\n  - d\n'),
    );
    expect(edit(text, (v) => ({ ...v, tags: ['z', 'a', 'b', 'c'] }))).toBe(
      text.replace('  - a', '  - z\n  - a'),
    );
    expect(edit(text, (v) => ({ ...v, tags: ['a', 'c'] }))).toBe(text.replace('  - b\n', ''));
    expect(edit(text, (v) => ({ ...v, tags: ['b', 'c'] }))).toBe(
      text.replace('  - a # first\n', ''),
    );
  });

  it('writes [] when the last item goes', () => {
    expect(edit(text, (v) => ({ ...v, tags: [] }))).toBe('tags: []\nnext: 1\n');
  });

  it('writes maps as compact items', () => {
    expect(edit(text, (v) => ({ ...v, tags: ['a', 'b', 'c', { name: 'd', x: [1] }] }))).toBe(
      text.replace('  - c\n', '  - c\n  - name: d\n    x:\n      - 1\n'),
    );
  });

  it('replaces a scalar item by a map', () => {
    expect(edit(text, (v) => ({ ...v, tags: ['a', { k: 1, l: 2 }, 'c'] }))).toBe(
      text.replace('  - b\n', '  - k: 1\n    l: 2\n'),
    );
  });

  it('removing one item and adding another leaves the items between them alone', () => {
    // Same length before and after: the items are matched by content, not by position.
    expect(edit(text, (v) => ({ ...v, tags: ['b', 'c', 'd'] }))).toBe(
      text.replace('  - a # first\n', '').replace('  - c\n', '  - c\n  - d\n'),
    );
    const params =
      'parameters:\n  - name: a\n    in: query\n  - name: b\n    in: query\n    description: B\n';
    // One parameter removed, the other edited: the edit goes to the alike item (same name).
    expect(
      edit(params, () => ({ parameters: [{ name: 'b', in: 'query', description: 'Bee' }] })),
    ).toBe('parameters:\n  - name: b\n    in: query\n    description: Bee\n');
  });

  it('removing and appending in a nested flow sequence keeps its other items as written', () => {
    // The counterexample fast-check found (seed -898685504): the array was rewritten whole.
    const flow =
      '{\n    a:\n        [\n            0,\n            [\n                  [ [] ],\n' +
      '                  [ 0 ],\n                  [ { a: null } ]\n              ]\n        ]\n}\n';
    const out = edit(flow, (v) => {
      const a = structuredClone(v.a) as unknown[];
      a.splice(0, 1);
      (a[0] as unknown[]).push('');
      return { a };
    });
    expect(out).toBe(
      flow
        .replace('            0,\n', '')
        .replace('[ { a: null } ]\n', '[ { a: null } ],\n                  ""\n'),
    );
  });
});

describe('SourceText.render: flow style and JSON', () => {
  it('inserts and deletes in flow collections with commas', () => {
    const text = FIXTURES.flowStyle as string;
    const v = SourceText.parse(text).value as Json;
    const flow = v.flow as Json;
    expect(edit(text, () => ({ ...v, flow: { ...flow, g: 'h i' } }))).toContain(
      `flow: {a: 1, b: [1, 2, {c: d}], 'e': "f", g: h i}`,
    );
    const { a: _a, ...noA } = flow;
    expect(edit(text, () => ({ ...v, flow: noA }))).toContain(
      `flow: {b: [1, 2, {c: d}], 'e': "f"}`,
    );
    const { e: _e, ...noE } = flow;
    expect(edit(text, () => ({ ...v, flow: noE }))).toContain(`flow: {a: 1, b: [1, 2, {c: d}]}`);
    expect(edit(text, () => ({ ...v, list: ['x', 'y', 'z', 'w,v'] }))).toContain(
      `list: [ x, y ,z, 'w,v' ]`,
    );
    expect(edit(text, () => ({ ...v, multi: ['one', 'two', 'three'] }))).toContain(
      'multi: [\n  one,\n  two,\n  three,\n]',
    );
  });

  it('inserts into an empty flow collection in block YAML as block text', () => {
    const text = FIXTURES.flowStyle as string;
    const v = SourceText.parse(text).value as Json;
    expect(edit(text, () => ({ ...v, empty: { a: 1 } }))).toContain(
      'empty:\n  a: 1\nemptyList: []',
    );
    expect(edit(text, () => ({ ...v, emptyList: [1] }))).toContain('emptyList:\n  - 1\n');
  });

  it('formats new JSON like the surrounding document', () => {
    const text = FIXTURES.json as string;
    const out = edit(text, (v) => ({ ...v, servers: [{ url: 'https://x' }] }));
    expect(out).toBe(
      text.replace(
        '\n  ]\n}',
        '\n  ],\n  "servers": [\n    {\n      "url": "https://x"\n    }\n  ]\n}',
      ),
    );
    const tabs = edit(FIXTURES.jsonTabs as string, (v) => ({ ...v, d: { e: [1] } }));
    expect(tabs).toBe(
      '{\n\t"a": {\n\t\t"b": [1, 2]\n\t},\n\t"c": null,\n\t"d": {\n\t\t"e": [\n\t\t\t1\n\t\t]\n\t}\n}',
    );
    const compact = edit(FIXTURES.jsonCompact as string, (v) => ({ ...v, d: { e: 1 } }));
    expect(compact).toBe('{"a":{"b":[1,2]},"c":"\\u00e9\\/","d":{"e":1}}');
  });

  it('deletes JSON members with their commas and writes {} / []', () => {
    const text = FIXTURES.json as string;
    const v = SourceText.parse(text).value as Json;
    const { openapi: _o, ...noFirst } = v;
    expect(edit(text, () => noFirst)).toBe(text.replace('  "openapi": "3.0.1",\n', ''));
    const { tags: _t, ...noLast } = v;
    expect(edit(text, () => noLast)).toBe(
      '{\n  "openapi": "3.0.1",\n  "info": {\n    "title": "T",\n    "version": "1"\n  }\n}\n',
    );
    expect(edit(text, () => ({ ...v, tags: [] }))).toContain('"tags": []\n}');
    expect(edit(text, () => ({ ...v, info: {} }))).toContain('"info": {},\n');
    expect(edit(text, () => ({ ...v, tags: ['a', 'b', 'c'] }))).toContain('"b",\n    "c"\n  ]');
  });

  it('fills an empty JSON collection', () => {
    const text = '{\n  "a": {},\n  "b": []\n}\n';
    expect(edit(text, () => ({ a: { x: 1 }, b: [true] }))).toBe(
      '{\n  "a": {\n    "x": 1\n  },\n  "b": [\n    true\n  ]\n}\n',
    );
  });

  it('renames JSON keys', () => {
    expect(edit('{"a": 1, "b": 2}', () => ({ a: 1, c: 2 }))).toBe('{"a": 1, "c": 2}');
  });
});

describe('SourceText.render: aliases and anchors', () => {
  const text = FIXTURES.anchors as string;

  it('replaces an alias by the rendered value when the value at the alias changes', () => {
    const out = edit(text, (v) => ({ ...v, copy: { ...(v.copy as Json), type: 'array' } }));
    expect(out).toContain(
      'copy:\n  type: array\n  properties:\n    id:\n      type: string\nlist:',
    );
    expect(out).toContain('base: &base\n  type: object\n');
  });

  it('replaces a scalar alias inside a sequence', () => {
    const out = edit(text, (v) => ({ ...v, list: ['one', 'two'] }));
    expect(out).toContain('  - &item one\n  - two\n');
  });

  it('edits an anchored node in place; its aliases see the change', () => {
    const source = SourceText.parse(text);
    const v = source.value as Json;
    const base = v.base as Json;
    const out = source.render({ ...v, base: { ...base, type: 'array' } });
    expect(out).toBe(text.replace('  type: object', '  type: array'));
    expect((SourceText.parse(out).value as Json).copy).toMatchObject({ type: 'array' });
  });

  it('keeps the anchor when an anchored node is replaced', () => {
    const out = edit(text, (v) => ({ ...v, base: 'scalar now', copy: 'scalar now' }));
    expect(out).toContain('base: &base scalar now\n');
    const source = SourceText.parse(text);
    const v = source.value as Json;
    const items = source.render({ ...v, list: ['x', 'one'] });
    expect(items).toContain('  - &item x\n  - *item\n');
    // The alias follows its anchor (docs/decisions.md).
    expect((SourceText.parse(items).value as Json).list).toEqual(['x', 'x']);
  });
});

describe('SourceText.render: untouched spans', () => {
  it('keeps integers beyond 2^53 as written when a sibling changes', () => {
    const text = 'id: 12345678901234567890\nname: x\nlist: [98765432109876543210, 1]\n';
    const source = SourceText.parse(text);
    const v = source.value as Json;
    expect(source.render({ ...v, name: 'z' })).toBe(text.replace('name: x', 'name: z'));
    expect(source.render({ ...v, list: [(v.list as unknown[])[0], 2] })).toBe(
      text.replace(', 1]', ', 2]'),
    );
  });

  it('writes into an empty document and replaces a root scalar', () => {
    expect(edit('', () => ({ a: 1 }))).toBe('a: 1\n');
    expect(edit('# nothing here\n', () => ({ a: [1] }))).toBe('# nothing here\na:\n  - 1\n');
    expect(edit('just text\n', () => ({ a: 'b' }))).toBe('a: b\n');
    expect(edit('a: 1\n', () => 'scalar')).toBe('scalar\n');
    expect(edit('[1, 2]', () => ({ x: true }))).toBe('{"x": true}');
  });

  it('refuses a value too deep to write with a typed error', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const source = SourceText.parse('a: 1\n');
    expect(() => source.render({ a: deep })).toThrow(CoreError);
  });
});

describe('SourceText.locate', () => {
  const text = 'a: 1\nb:\n  c: [1, 2]\n  d:\n    - x\n    - y # c\ne: "q"\n';
  const source = SourceText.parse(text);

  it('finds pairs, items and the root', () => {
    expect(source.locate('/a')).toMatchObject({ start: 0, startLine: 1, endLine: 1 });
    expect(source.locate('/b')).toMatchObject({ startLine: 2, endLine: 6 });
    expect(source.locate('/b/d/1')).toMatchObject({ startLine: 6, endLine: 6 });
    const item = source.locate('/b/d/1');
    expect(text.slice(item?.start, item?.end)).toBe('- y');
    const flow = source.locate('/b/c/1');
    expect(text.slice(flow?.start, flow?.end)).toBe('2');
    expect(source.locate('')).toMatchObject({ start: 0, startLine: 1, endLine: 7 });
    expect(source.locate('/missing')).toBeUndefined();
    expect(source.locate('/b/d/5')).toBeUndefined();
  });

  it('follows aliases', () => {
    const s = SourceText.parse('a: &x\n  b: 1\nc: *x\n');
    expect(s.locate('/c/b')).toMatchObject({ startLine: 2, endLine: 2 });
  });

  it('decodes ~0 and ~1', () => {
    const s = SourceText.parse('paths:\n  /a~b:\n    get: {}\n');
    expect(s.locate('/paths/~1a~0b/get')).toMatchObject({ startLine: 3 });
  });
});
