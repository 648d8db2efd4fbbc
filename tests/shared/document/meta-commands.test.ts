/**
 * The document panel's and the shared schemas' commands: the pure functions the session and the
 * page both run (applyToMeta, applyToSchemas), and what the session makes of them in the text.
 */
import { describe, expect, it } from 'vitest';
import { createCoreApi } from '../../../src/shared/openapi/core-api';
import { value } from '../support/result';
import {
  applyToMeta,
  applyToSchemas,
  CoreError,
  type DocumentCommand,
  type DocumentMeta,
} from '../../../src/shared/openapi';
import { lineDiff } from '../support/line-diff';

const TEXT = `openapi: 3.0.3
info:
  title: Pets
  version: '1'
  x-logo:
    url: l.png
servers:
  - url: https://a.example
  - url: https://b.example
tags:
  - name: pets
  - name: owners
paths: {}
components:
  schemas:
    Pet:
      type: object
    Owner:
      type: object
`;

const META: DocumentMeta = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1', 'x-logo': { url: 'l.png' } },
  servers: [{ url: 'https://a.example' }],
  tags: [{ name: 'pets' }],
};

describe('applyToMeta', () => {
  it('sets, inserts and removes at a place, copying only the containers on the path', () => {
    const frozen = JSON.stringify(META);
    const titled = applyToMeta(META, { kind: 'setMetaAt', path: ['info', 'title'], value: 'P' });
    expect(titled.info).toEqual({ ...META.info, title: 'P' });
    expect(titled.servers).toBe(META.servers);
    const more = applyToMeta(META, {
      kind: 'insertMetaAt',
      path: ['tags', 0],
      value: { name: 'first' },
    });
    expect(more.tags).toEqual([{ name: 'first' }, { name: 'pets' }]);
    const fewer = applyToMeta(META, { kind: 'removeMetaAt', path: ['servers', 0] });
    expect(fewer.servers).toEqual([]);
    expect(JSON.stringify(META)).toBe(frozen);
  });

  it('refuses a place outside the panel or not there', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return error instanceof CoreError ? error.code : 'other';
      }
      return undefined;
    };
    expect(
      code(() => applyToMeta(META, { kind: 'setMetaAt', path: ['paths' as never], value: {} })),
    ).toBe('INVALID_INPUT');
    expect(code(() => applyToMeta(META, { kind: 'removeMetaAt', path: ['servers', 5] }))).toBe(
      'UNKNOWN_TARGET',
    );
    expect(code(() => applyToMeta(META, { kind: 'setMetaAt', path: ['openapi'], value: 3 }))).toBe(
      'INVALID_INPUT',
    );
  });
});

describe('applyToSchemas', () => {
  it('replaces in place, adds at an index, removes by name', () => {
    const a = { type: 'string' } as const;
    const b = { type: 'number' } as const;
    const set = { A: a, B: b };
    expect(
      Object.keys(applyToSchemas(set, { kind: 'setSchema', name: 'C', schema: a, index: 1 })),
    ).toEqual(['A', 'C', 'B']);
    expect(applyToSchemas(set, { kind: 'setSchema', name: 'A', schema: b })).toEqual({
      A: b,
      B: b,
    });
    expect(Object.keys(applyToSchemas(set, { kind: 'removeSchema', name: 'A' }))).toEqual(['B']);
  });
});

describe('the session runs the same functions', () => {
  it('a title, a server and a tag are one line each of the text; the panel keeps its extensions', () => {
    const api = createCoreApi();
    value(api.openDocument(TEXT));
    const commands: DocumentCommand[] = [
      { kind: 'setMetaAt', path: ['info', 'title'], value: 'Pets and owners' },
      { kind: 'setMetaAt', path: ['servers', 1, 'url'], value: 'https://c.example' },
      { kind: 'removeMetaAt', path: ['tags', 1] },
      { kind: 'setSchema', name: 'Owner', schema: { type: 'object', description: 'A person' } },
    ];
    for (const command of commands) expect(JSON.stringify(command).length).toBeLessThan(200);
    const answer = value(api.apply(commands, value(api.revision()), { text: true }));
    const text = answer.text as string;
    expect(text).toContain('  title: Pets and owners\n');
    expect(text).toContain('  - url: https://c.example\n');
    expect(text).not.toContain('owners\n  - name');
    expect(text).toContain('x-logo');
    expect(text).toContain('      description: A person\n');
    const diff = lineDiff(TEXT, text);
    expect(diff.removed.length).toBeLessThanOrEqual(4);
  });
});
