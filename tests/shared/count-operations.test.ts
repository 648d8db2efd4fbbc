import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { countOperations } from '../../src/shared/projects';

const YAML = `openapi: 3.0.1
info:
  title: T
  version: '1'
  description: |
    paths:
      get: not an operation
paths:
  # a comment
  /a:
    summary: not counted
    get:
      description: "get: nested"
      responses: {}
    'post': {responses: {}}
    parameters: []
  "/b/{id}":
    DELETE:
      responses: {}
    x-get: {}
components:
  schemas:
    get:
      type: object
`;

describe('countOperations', () => {
  it('counts the operations of block YAML, not look-alikes elsewhere', () => {
    expect(countOperations(YAML)).toBe(3);
  });

  it('counts JSON documents by their paths', () => {
    const json = JSON.stringify(parse(YAML), null, 2);
    expect(countOperations(json)).toBe(3);
    expect(countOperations(JSON.stringify(parse(YAML)))).toBe(3);
  });

  it('counts webhooks as the generator lists them (issue 31.18: train-travel 7 + 1)', () => {
    const doc = `openapi: 3.1.0
info: {title: T, version: '1'}
paths:
  /a:
    get: {responses: {}}
webhooks:
  newBooking:
    post:
      responses: {}
  'other':
    summary: s
    put: {}
components: {}
`;
    expect(countOperations(doc)).toBe(3);
    expect(countOperations(JSON.stringify(parse(doc)))).toBe(3);
  });

  it('counts with any indentation width', () => {
    const four = YAML.replace(/^( +)/gm, (s) => s + s);
    expect(countOperations(four)).toBe(3);
  });

  it('answers 0 for empty, broken or path-less text and never throws', () => {
    for (const text of ['', '{', 'paths:', 'openapi: 3.0.1\n', '[1,2]', 'paths: {}\n'])
      expect(countOperations(text)).toBe(0);
  });

  // A guard against superlinear counting (20,000 path items, 8.6 MB), not a speed measure: it
  // takes ~60 ms alone, and the bound leaves room for a loaded CI machine.
  it('counts a large document in linear time', () => {
    let doc = 'openapi: 3.0.1\npaths:\n';
    for (let i = 0; i < 20000; i += 1)
      doc += `  /p${i}:\n    get:\n      description: ${'x'.repeat(400)}\n      responses: {}\n`;
    const start = performance.now();
    expect(countOperations(doc)).toBe(20000);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
