/** The lossless document: open text, edit views, render with minimal splices. */
export * from './meta';
export * from './upgrade';
export * from './openapi-document';
export { SourceText, type SourceFlavor, type SourceRange } from './source-text';
export {
  isPlainSafe,
  keyText,
  scalarText,
  type ScalarContext,
  type ScalarStyle,
} from './scalar-text';
export { yamlText } from './yaml-text';
export { deepEqual } from './values';
export * from './session';
export {
  applyToMeta,
  applyToSchemas,
  isMetaCommand,
  isSchemaCommand,
  type MetaCommand,
  type MetaPath,
  type MetaRoot,
  type SchemaCommand,
} from './meta-commands';
export {
  applyToView,
  commandTarget,
  ENDPOINT_FIELDS,
  isEndpointCommand,
  withField,
  withParameterChange,
  type EndpointCommand,
  type EndpointField,
  type EndpointFields,
  type SetFieldCommand,
  type ViewPath,
  type ViewRoot,
} from './view-commands';
export { inverseOf, type UndoState } from './inverse';
