/**
 * Every JSON sample of the shared corpus validates (ajv + ajv-formats) against its own
 * inferred schema. The corpus is read from ../shared/corpus/json (never copied here): when it
 * is absent the test skips with a message, unless CI=true, where it fails.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inferSchema, type Schema } from '../../src/shared/openapi';
import { schemaErrors } from './infer-schema.ajv';

const dir = resolve(__dirname, '../../../shared/corpus/json');
const present = existsSync(dir);
const inCi = process.env.CI === 'true';

function countProperties(schema: Schema | undefined): number {
  if (schema === undefined) return 0;
  let count = 0;
  const stack: Schema[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop() as Schema;
    if (node.properties) {
      const children = Object.values(node.properties);
      count += children.length;
      stack.push(...children);
    }
    if (node.items) stack.push(node.items);
    if (typeof node.additionalProperties === 'object') stack.push(node.additionalProperties);
    if (node.oneOf) stack.push(...node.oneOf);
  }
  return count;
}

describe('corpus: JSON samples', () => {
  if (!present && !inCi) {
    it.skip(`corpus folder ${dir} is absent (set CI=true to make this a failure)`, () => {});
    return;
  }

  it('the corpus folder exists', () => {
    expect(present, `expected the JSON corpus at ${dir}`).toBe(true);
  });

  const files = present
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
    : [];
  const rows: { file: string; kb: number; ms: number; properties: number; maps: number }[] = [];

  it.each(files)('%s validates against its own inferred schema', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const started = performance.now();
    const schema = inferSchema(text);
    const ms = performance.now() - started;
    expect(schema).toBeDefined();
    expect(schemaErrors(schema as Schema, JSON.parse(text))).toBeNull();
    const maps = (JSON.stringify(schema).match(/"additionalProperties":\{/g) ?? []).length;
    rows.push({
      file,
      kb: Math.round(text.length / 1024),
      ms: Number(ms.toFixed(1)),
      properties: countProperties(schema),
      maps,
    });
  });

  it('turns the objects the MANIFEST calls maps into additionalProperties', () => {
    const schemaOf = (file: string) => inferSchema(readFileSync(join(dir, file), 'utf8')) as Schema;
    const isMap = (schema: Schema | undefined) =>
      schema?.type === 'object' &&
      typeof schema.additionalProperties === 'object' &&
      schema.properties === undefined;
    expect(isMap(schemaOf('simdjson__gsoc-2018.json'))).toBe(true);
    expect(isMap(schemaOf('quicktype-priority__bug855-short.json'))).toBe(true);
    expect(isMap(schemaOf('quicktype-misc__ed095__github-emojis-map.json'))).toBe(true);
    expect(isMap(schemaOf('quicktype-samples__us-avg-temperatures.json').properties?.data)).toBe(
      true,
    );
    expect(isMap(schemaOf('quicktype-misc__033b1__fx-rates.json').properties?.rates)).toBe(true);
    const citm = schemaOf('nativejson-benchmark__citm_catalog.json').properties ?? {};
    for (const name of [
      'areaNames',
      'events',
      'seatCategoryNames',
      'subTopicNames',
      'topicNames',
    ]) {
      expect(isMap(citm[name]), name).toBe(true);
    }
    // Keys that are words, not data, stay properties (quicktype's "dontMakeAMap" guard).
    const blns = schemaOf('quicktype-priority__blns-object.json');
    expect(Object.keys(blns.properties ?? {})).toEqual(['a', 'b', 'c']);
    expect(isMap(blns.properties?.a)).toBe(false);
  });

  it('prints a table', () => {
    if (files.length > 0) {
      expect(rows).toHaveLength(files.length);
      console.table(rows);
    }
  });
});
