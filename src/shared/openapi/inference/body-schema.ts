/**
 * The body editor's schema operations, pure so that the worker runs them
 * and tests check them: re-inference of a body's schema from all its examples, merged into the
 * edited schema, and the edits of the properties table.
 */
import type { BodyModel } from '../model';
import { inferSchemaFromExampleTexts } from './infer-values';
import { mergeIntoSchema, type SchemaMerge } from './merge-schema';
import { bodyExamples } from './validate-examples';

/**
 * The body's schema inferred from all its examples; merged into `body.schema` (never replacing
 * it) when the body has one, with the conflicts the user has to decide.
 */
export function reinferBodySchema(body: BodyModel): SchemaMerge {
  const texts = bodyExamples(body).map((example) => example.json);
  const inferred = inferSchemaFromExampleTexts(texts);
  if (body.schema === undefined) return { schema: inferred, conflicts: [] };
  const values: unknown[] = [];
  for (const text of texts) {
    try {
      values.push(JSON.parse(text));
    } catch {
      // Not JSON: nothing to check it against.
    }
  }
  return mergeIntoSchema(body.schema, inferred, values);
}
