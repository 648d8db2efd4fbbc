/** Inference over several samples, merging into edited schemas, and example validation. */
export { inferSchemaFromExampleTexts, inferSchemaFromValues } from './infer-values';
export {
  acceptSuggestion,
  escapePointerToken,
  mergeIntoSchema,
  schemaAt,
  type SchemaConflict,
  type SchemaMerge,
} from './merge-schema';
export {
  bodyExamples,
  exampleChecker,
  validateExample,
  type ExampleProblem,
} from './validate-examples';
export { reinferBodySchema } from './body-schema';
export { editPropertyRow, propertyRows, type PropertyRow } from './properties-table';
