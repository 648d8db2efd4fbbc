/**
 * The official schema of each version the product knows (a document is checked against its
 * own version's official schema), for whoever checks a whole document: the output
 * editor's diagnostics and completion. Each version's module (versions/) holds its schema; this
 * module only looks them up. Not exported from the core's index: only the app's editor needs it.
 */
import { knownVersions, versionOfDialect, type VersionDescriptor } from './versions';

export { checkedAgainst } from './versions';

/** The official JSON Schema of documents of an opened version's dialect. */
export function officialSchema(dialect: string): Record<string, unknown> {
  return versionOfDialect(dialect).schema;
}

/** The version (opened or converted) whose documents a dialect names: '2.0', '3.1'. */
export function schemaVersion(dialect: string): VersionDescriptor | undefined {
  return knownVersions().find((version) => version.dialect === dialect);
}
