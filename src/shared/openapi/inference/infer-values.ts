/**
 * One schema for several samples, built on the single-sample inference of
 * ../infer-schema.ts: the samples share one accumulator, exactly as the elements of an array do.
 * - a property is `required` exactly when every sample object (at its position) has the key;
 * - differing kinds become `oneOf`; a null among them only adds `nullable: true`;
 * - a string `format` is kept only when every string at the position has it;
 * - arrays merge all their items;
 * so every sample validates against the result (tests/shared/infer-values.test.ts checks it
 * with fast-check and on the corpus).
 */
import { CoreError } from '../errors';
import { inferSchemaFromSamples } from '../infer-schema';
import { assertInputSize } from '../limits';
import type { Schema } from '../model';

/** The merged OpenAPI 3.0 schema of all `values` (`{}` when there are none). */
export function inferSchemaFromValues(values: readonly unknown[]): Schema {
  if (!Array.isArray(values)) {
    throw new CoreError('INVALID_INPUT', 'Expected a list of sample values.');
  }
  return inferSchemaFromSamples(values, true);
}

/**
 * The merged schema of example texts: JSON texts are parsed (a BOM is ignored); when none of
 * them is JSON the schema is a string one, with the first text as its example.
 */
export function inferSchemaFromExampleTexts(texts: readonly string[]): Schema {
  const values: unknown[] = [];
  let firstText: string | undefined;
  for (const text of texts) {
    assertInputSize(text);
    if (text.trim() === '') continue;
    firstText ??= text;
    const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    try {
      values.push(JSON.parse(source));
    } catch {
      // Not JSON: such an example is written as a string and checked as the form's problem.
    }
  }
  if (values.length === 0)
    return firstText === undefined ? {} : { type: 'string', example: firstText };
  return inferSchemaFromSamples(values, true);
}
