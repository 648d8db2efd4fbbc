/**
 * Hostile input to the import: typed errors, fast, never a hang or a stack overflow. The
 * per-test timeouts are hang guards, not performance claims (those live in bench/).
 */
import { describe, expect, it } from 'vitest';
import { convertSwagger2, CoreError, parseOpenApi } from '../../src/shared/openapi';
import { documentToJson } from '../../src/shared/openapi/yaml-io';
import { MAX_DOCUMENT_BYTES } from '../../src/shared/openapi/limits';
import { MAX_EXPANDED_BYTES, readDocument } from '../../src/shared/openapi/yaml-io';

function errorOf(fn: () => unknown): CoreError {
  try {
    fn();
  } catch (error) {
    if (error instanceof CoreError) return error;
    throw new Error(`expected a CoreError, got ${String(error)}`);
  }
  throw new Error('expected a CoreError, got a result');
}

/** The classic "billion laughs": nine levels of nine aliases each. */
function aliasBomb(): string {
  const lines = ['openapi: 3.0.1', 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  const names = 'abcdefghi';
  for (let i = 1; i < names.length; i++) {
    const prev = names[i - 1] as string;
    lines.push(
      `${names[i] as string}: &${names[i] as string} [${Array(9).fill(`*${prev}`).join(',')}]`,
    );
  }
  return lines.join('\n') + '\n';
}

describe('hostile documents', () => {
  it('stops a YAML alias bomb with YAML_ALIAS_LIMIT', { timeout: 5_000 }, () => {
    expect(errorOf(() => parseOpenApi(aliasBomb())).code).toBe('YAML_ALIAS_LIMIT');
  });

  it('still accepts a few honest aliases', () => {
    const text = 'openapi: 3.0.1\ninfo: &i { title: T, version: v1 }\nx-copy: *i\npaths: {}\n';
    expect(parseOpenApi(text).endpoints).toEqual([]);
  });

  it.each([
    ['JSON arrays', '['.repeat(5000) + ']'.repeat(5000)],
    ['JSON objects', '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)],
    ['YAML flow sequences', 'openapi: 3.0.1\npaths: ' + '['.repeat(5000) + ']'.repeat(5000)],
    ['YAML block sequences', '- '.repeat(5000) + 'x'],
    ['an unclosed YAML flow', '['.repeat(5000)],
  ])(
    'refuses 5,000-deep %s with a typed error, no stack overflow',
    { timeout: 10_000 },
    (_what, text) => {
      const code = errorOf(() => parseOpenApi(text)).code;
      expect(['TOO_DEEP', 'YAML_SYNTAX']).toContain(code);
      if (!text.startsWith('[') || text.endsWith(']')) expect(code).toBe('TOO_DEEP');
    },
  );

  it.each([
    ['5 MB of unclosed [', '['.repeat(5_000_000)],
    ['1 MB of unclosed {a: ', '{a: '.repeat(250_000)],
    ['a line of 1,000,000 "- " indicators', '- '.repeat(1_000_000)],
    ['a line of 1,000,000 "? " indicators', '? '.repeat(1_000_000)],
    ['flows whose strings hide closers', 'x: ' + '[ "]" '.repeat(200_000)],
    ['one [ per line', 'x:\n' + '  [\n'.repeat(100_000)],
  ])('refuses %s with TOO_DEEP quickly', { timeout: 15_000 }, (_what, text) => {
    expect(errorOf(() => parseOpenApi(text)).code).toBe('TOO_DEEP');
  });

  it('measures nesting through aliases and block indentation too', () => {
    const half = (inner: string) => '['.repeat(200) + inner + ']'.repeat(200);
    expect(errorOf(() => parseOpenApi(`a: &x ${half('1')}\nb: ${half('*x')}\n`)).code).toBe(
      'TOO_DEEP',
    );
    const block = Array.from({ length: 400 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + ' 1\n';
    expect(errorOf(() => parseOpenApi(block)).code).toBe('TOO_DEEP');
  });

  it('does not count brackets inside strings as nesting', () => {
    const text = `openapi: 3.0.1\npaths: {}\nx-a: "${'['.repeat(1000)}"\nx-b: '${'{'.repeat(1000)}'\n`;
    expect(parseOpenApi(text).endpoints).toEqual([]);
  });

  it('reports a repeated key with its line and column (checked in linear time)', () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `  k${i}: ${i}`).join('\n');
    const error = errorOf(() => parseOpenApi(`openapi: 3.0.1\nx-map:\n${keys}\n  k7: again\n`));
    expect(error.code).toBe('YAML_SYNTAX');
    expect(error.line).toBe(20_003);
    expect(error.column).toBe(3);
  });

  it(
    'refuses a paste over the cap with INPUT_TOO_LARGE before parsing it, naming both sizes',
    { timeout: 5_000 },
    () => {
      const text = 'openapi: 3.0.1\nx: "' + 'a'.repeat(MAX_DOCUMENT_BYTES + 1000) + '"\n';
      expect(text.length).toBeGreaterThan(MAX_DOCUMENT_BYTES);
      const error = errorOf(() => parseOpenApi(text));
      expect(error.code).toBe('INPUT_TOO_LARGE');
      expect(error.limit).toBe(MAX_DOCUMENT_BYTES);
      expect(error.size).toBeGreaterThan(MAX_DOCUMENT_BYTES);
    },
  );

  it('accepts a document just under the cap', { timeout: 30_000 }, () => {
    const filler = 'a'.repeat(MAX_DOCUMENT_BYTES - 200);
    const text = `openapi: 3.0.1\ninfo: { title: T, version: v1, description: "${filler}" }\npaths: {}\n`;
    expect(parseOpenApi(text).info?.description).toHaveLength(filler.length);
  });

  it(
    'counts the cap in UTF-8 bytes, as a project save does (issue 21.5)',
    { timeout: 30_000 },
    () => {
      // Cyrillic characters are 2 bytes of UTF-8: a quarter of the cap in characters is under
      // it, 0.6 of it is over it (while the text's length is under the cap).
      const doc = (n: number) =>
        `openapi: 3.0.1\ninfo: { title: T, version: v1, description: "${'ж'.repeat(n)}" }\npaths: {}\n`;
      const under = MAX_DOCUMENT_BYTES / 4;
      expect(parseOpenApi(doc(under)).info?.description).toHaveLength(under);
      const over = doc(Math.floor(MAX_DOCUMENT_BYTES * 0.6));
      expect(over.length).toBeLessThan(MAX_DOCUMENT_BYTES);
      expect(errorOf(() => parseOpenApi(over)).code).toBe('INPUT_TOO_LARGE');
    },
  );

  it('answers binary garbage with a typed error', { timeout: 10_000 }, () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 20; round++) {
      const bytes = Array.from({ length: 4096 }, () =>
        String.fromCharCode(Math.floor(random() * 256)),
      );
      const code = errorOf(() => parseOpenApi(bytes.join(''))).code;
      expect(['YAML_SYNTAX', 'NOT_OPENAPI']).toContain(code);
    }
    expect(['YAML_SYNTAX', 'NOT_OPENAPI']).toContain(
      errorOf(() => parseOpenApi('\u0000\u0001\u0002\uFFFE')).code,
    );
  });

  it('reads a BOM-prefixed document', () => {
    expect(readDocument('\uFEFF{"openapi": "3.0.1"}')).toEqual({ openapi: '3.0.1' });
  });

  it('never changes Object.prototype', () => {
    parseOpenApi(
      'openapi: 3.0.1\npaths: {}\n__proto__: { polluted: yes }\nconstructor: { prototype: { x: 1 } }\n',
    );
    parseOpenApi('{"openapi": "3.0.1", "paths": {}, "__proto__": {"polluted": "yes"}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('aliases that expand past the limit (issue 28.6)', () => {
  // 2 MB behind one anchor, named by 99 aliases: under the alias count, 200 MB expanded.
  const anchored = 'x'.repeat(2_000_000);
  const aliases = Array.from({ length: 99 }, (_, i) => `  k${i}: *big`).join('\n');
  const openapi = `openapi: 3.0.1\ninfo: {title: T, version: v1, description: &big "${anchored}"}\nx-copies:\n${aliases}\npaths: {}\n`;
  const swagger = `swagger: "2.0"\ninfo: {title: T, version: v1, description: &big "${anchored}"}\nx-copies:\n${aliases}\npaths: {}\n`;

  const refusedQuickly = (fn: () => unknown) => {
    const start = performance.now();
    const error = errorOf(fn);
    expect(performance.now() - start).toBeLessThan(2_000);
    return error;
  };

  it('refuses to open, convert or write as JSON with EXPANSION_TOO_LARGE, naming both sizes', () => {
    for (const fn of [
      () => parseOpenApi(openapi),
      () => documentToJson(openapi),
      () => convertSwagger2(swagger),
    ]) {
      const error = refusedQuickly(fn);
      expect(error.code).toBe('EXPANSION_TOO_LARGE');
      expect(error.limit).toBe(MAX_EXPANDED_BYTES);
      expect(error.size).toBeGreaterThan(MAX_EXPANDED_BYTES);
    }
  });

  it('counts nested aliases once per node, however often they are named', () => {
    // Ten levels of ten aliases each: 10^10 leaves expanded, measured in a few thousand steps.
    const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 10; i++)
      lines.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    const error = refusedQuickly(() => readDocument(lines.join('\n')));
    expect(['EXPANSION_TOO_LARGE', 'YAML_ALIAS_LIMIT']).toContain(error.code);
  });

  it('ends an alias inside what it names with TOO_DEEP', () => {
    expect(refusedQuickly(() => readDocument('a: &a\n  b: *a\n')).code).toBe('TOO_DEEP');
  });

  it('keeps a document whose aliases expand to little', () => {
    const text = 'openapi: 3.0.1\ninfo: {title: &t T, version: v1}\nx-title: *t\npaths: {}\n';
    expect(JSON.parse(documentToJson(text))['x-title']).toBe('T');
  });
});
