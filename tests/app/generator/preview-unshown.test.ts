/**
 * Issue 19.7: the docs preview names what the bundled Scalar leaves out of a 3.2 document (its
 * `query` operations and additional operations) instead of dropping them silently.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../../src/app/generator/document/preview-frame/neutralise';
import { unshownOperations } from '../../../src/app/generator/document/preview-frame/unshown';

const fixture = (name: string) =>
  parse(
    readFileSync(path.resolve(import.meta.dirname, '../../fixtures/openapi-3.2', name), 'utf8'),
  ) as Json;

describe('operations the docs preview cannot show', () => {
  it('names the query and additional operations of a 3.2 document, in document order', () => {
    expect(unshownOperations(fixture('preview.yaml'))).toEqual(['QUERY /books', 'COPY /books']);
    expect(unshownOperations(fixture('additional-operations.yaml'))).toEqual([
      'LOCK /files/{name}',
      'COPY /files/{name}',
    ]);
  });

  it('finds them under webhooks too, and nothing in older versions or plain documents', () => {
    const doc = {
      openapi: '3.2.0',
      paths: { '/a': { get: {} } },
      webhooks: { ping: { query: {}, additionalOperations: { NOTIFY: {}, BAD: 1 } } },
    };
    expect(unshownOperations(doc)).toEqual(['QUERY ping', 'NOTIFY ping']);
    expect(unshownOperations({ ...doc, openapi: '3.1.0' })).toEqual([]);
    expect(unshownOperations(fixture('self.yaml'))).toEqual([]);
    expect(unshownOperations(null)).toEqual([]);
  });
});
