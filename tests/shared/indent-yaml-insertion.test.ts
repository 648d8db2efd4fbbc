import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { indentYamlForInsertion, jsonToYaml } from '../../src/shared/openapi';

/** Inserts like the editor does: replaces the caret marker `|` in `doc` with the shaped YAML. */
function insertAt(doc: string, json: string): string {
  const caret = doc.indexOf('|');
  const lineStart = doc.lastIndexOf('\n', caret - 1) + 1;
  const text = indentYamlForInsertion(jsonToYaml(json), doc.slice(lineStart, caret));
  return doc.slice(0, caret) + text + doc.slice(caret + 1);
}

const PET = '{"id": 1, "tags": ["a", "b"], "owner": {"name": "Ann"}}';
const PET_VALUE = { id: 1, tags: ['a', 'b'], owner: { name: 'Ann' } };

describe('indentYamlForInsertion', () => {
  it('makes a paste after `key: ` under an indented key that key’s value block', () => {
    const doc = 'components:\n  schemas:\n    Pet:\n      example: |\n    Other: 1\n';
    const result = insertAt(doc, PET);
    expect(parse(result)).toEqual({
      components: { schemas: { Pet: { example: PET_VALUE }, Other: 1 } },
    });
    expect(result).toContain('      example: \n        id: 1\n        tags:\n          - a\n');
  });

  it('treats `key:` without the space the same way', () => {
    const result = insertAt('Pet:\n  value:|\n', PET);
    expect(parse(result)).toEqual({ Pet: { value: PET_VALUE } });
    expect(result.startsWith('Pet:\n  value:\n    id: 1\n')).toBe(true);
  });

  it('indents after a list item’s key by the key’s column', () => {
    const result = insertAt('items:\n  - name: x\n    value: |\n', '[1, 2]');
    expect(parse(result)).toEqual({ items: [{ name: 'x', value: [1, 2] }] });
    const inline = insertAt('list:\n  - value: |\n', '{"a": {"b": true}}');
    expect(parse(inline)).toEqual({ list: [{ value: { a: { b: true } } }] });
  });

  it('keeps an empty flow value on the key’s line', () => {
    expect(indentYamlForInsertion('[]\n', '  tags: ')).toBe('[]');
    expect(indentYamlForInsertion('{}\n', '  meta:')).toBe(' {}');
  });

  it('indents continuation lines to the caret’s column on a blank indented line', () => {
    const doc = 'Pet:\n  properties:\n    |\nNext: 2\n';
    const result = insertAt(doc, PET);
    expect(parse(result)).toEqual({ Pet: { properties: PET_VALUE }, Next: 2 });
    expect(result).toContain('    id: 1\n    tags:\n      - a\n');
  });

  it('lines an object up after a `- ` item marker', () => {
    const result = insertAt('pets:\n  - |\n', PET);
    expect(parse(result)).toEqual({ pets: [PET_VALUE] });
  });

  it('changes nothing at column 0', () => {
    const yaml = jsonToYaml(PET);
    expect(indentYamlForInsertion(yaml, '')).toBe(yaml);
  });

  it('keeps the blank lines of a block scalar inside a value block', () => {
    const yaml = 'text: |-\n  a\n\n  b\n';
    const result = indentYamlForInsertion(yaml, 'doc: ');
    expect(parse(`doc: ${result}\n`)).toEqual({ doc: { text: 'a\n\nb' } });
  });

  it('does not take a comment or a quoted colon for a key', () => {
    expect(indentYamlForInsertion('a: 1\nb: 2\n', '# note:')).toBe('a: 1\n       b: 2');
    const quoted = indentYamlForInsertion('a: 1\n', '  "x: y":');
    expect(quoted).toBe('\n    a: 1');
  });
});
