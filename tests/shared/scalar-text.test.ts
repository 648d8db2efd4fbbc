/**
 * New scalars and keys mean the same to YAML 1.1 and YAML 1.2 readers (and JSON readers), in
 * block, flow and JSON context, whatever the style they replace.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  isPlainSafe,
  keyText,
  scalarText,
  type ScalarStyle,
} from '../../src/shared/openapi/document';
import { scalarArbitrary } from './support/json-edits';

const STYLES: (ScalarStyle | undefined)[] = [
  undefined,
  'PLAIN',
  'QUOTE_SINGLE',
  'QUOTE_DOUBLE',
  'BLOCK_LITERAL',
  'BLOCK_FOLDED',
];

function readBoth(text: string): [unknown, unknown] {
  return [parse(text, { version: '1.1' }) as unknown, parse(text, { version: '1.2' }) as unknown];
}

describe('scalarText', () => {
  it('reads back as the same value in block context under YAML 1.1 and 1.2', () => {
    fc.assert(
      fc.property(scalarArbitrary, fc.constantFrom(...STYLES), fc.boolean(), (value, style, dq) => {
        const text = `key:\n  inner: ${scalarText(value, 'block', '    ', style, dq)}\nnext: 1\n`;
        for (const read of readBoth(text)) expect(read).toEqual({ key: { inner: value }, next: 1 });
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back as the same value in a block sequence', () => {
    fc.assert(
      fc.property(scalarArbitrary, fc.constantFrom(...STYLES), (value, style) => {
        const text = `- ${scalarText(value, 'block', '  ', style)}\n- end\n`;
        for (const read of readBoth(text)) expect(read).toEqual([value, 'end']);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads back as the same value in flow context and JSON', () => {
    fc.assert(
      fc.property(scalarArbitrary, fc.constantFrom(...STYLES), (value, style) => {
        const flow = `{a: [${scalarText(value, 'flow', '', style)}, x], b: ${scalarText(value, 'flow', '', style)}}`;
        for (const read of readBoth(flow)) expect(read).toEqual({ a: [value, 'x'], b: value });
        const json = `{"a": ${scalarText(value, 'json', '')}}`;
        expect(JSON.parse(json)).toEqual({ a: value });
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps the style it replaces when it can', () => {
    expect(scalarText('x', 'block', '', 'QUOTE_SINGLE')).toBe("'x'");
    expect(scalarText('x', 'block', '', 'QUOTE_DOUBLE')).toBe('"x"');
    expect(scalarText('a\nb\n', 'block', '  ', 'BLOCK_LITERAL')).toBe('|\n  a\n  b');
    expect(scalarText('one line\n', 'block', '  ', 'BLOCK_FOLDED')).toBe('>\n  one line');
    expect(scalarText("it's", 'block', '', 'QUOTE_SINGLE')).toBe("'it''s'");
    expect(scalarText('plain', 'block', '')).toBe('plain');
  });

  it('writes numbers YAML 1.1 reads as numbers', () => {
    for (const n of [1e21, 1.5e-7, -2e100, 123, 0.1]) {
      for (const read of readBoth(`a: ${scalarText(n, 'block', '')}`))
        expect(read).toEqual({ a: n });
    }
  });
});

describe('keyText', () => {
  it('reads back as the same key in block, flow and JSON context', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.constantFrom(...STYLES), (key, style) => {
        const block = `${keyText(key, 'block', style)}: 1\n`;
        for (const read of readBoth(block)) expect(Object.keys(read as object)).toEqual([key]);
        const flow = `{${keyText(key, 'flow', style)}: 1}`;
        for (const read of readBoth(flow)) expect(Object.keys(read as object)).toEqual([key]);
        expect(Object.keys(JSON.parse(`{${keyText(key, 'json')}: 1}`) as object)).toEqual([key]);
      }),
      { numRuns: 1000 },
    );
  });

  it('quotes keys YAML 1.1 would read as something else', () => {
    for (const key of ['yes', 'No', 'on', '200', '1:30', '2020-01-01', '~', 'null', '<<']) {
      expect(isPlainSafe(key, 'block')).toBe(false);
      expect(keyText(key, 'block')).not.toBe(key);
    }
    expect(keyText('/pets/{id}', 'block')).toBe('/pets/{id}');
    expect(keyText('/pets/{id}', 'flow')).toBe("'/pets/{id}'");
  });
});
