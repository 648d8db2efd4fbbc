/**
 * The registry of the versions the product knows, oldest first: one module per version
 * (swagger-2.0.ts, openapi-3.0.ts, openapi-3.1.ts, openapi-3.2.ts). Reading, writing new text,
 * validation, upgrades, the output editor's schema and the form's version choices all ask it.
 * Adding a version is one new module (and its schema) listed here.
 */
import { openApi30 } from './openapi-3.0';
import { openApi31 } from './openapi-3.1';
import { openApi32 } from './openapi-3.2';
import { swagger20 } from './swagger-2.0';
import type { VersionDescriptor, VersionFeatures } from './types';

export type { VersionDescriptor, VersionFeatures } from './types';

const registry: VersionDescriptor[] = [swagger20, openApi30, openApi31, openApi32];

/** Every known version, oldest first. */
export function knownVersions(): readonly VersionDescriptor[] {
  return registry;
}

/**
 * Adds a version after the others (tests register a fake one to show that a new version needs
 * nothing else). Returns the function that removes it again.
 */
export function registerVersion(descriptor: VersionDescriptor): () => void {
  registry.push(descriptor);
  return () => {
    const at = registry.indexOf(descriptor);
    if (at >= 0) registry.splice(at, 1);
  };
}

/** The versions the core opens, oldest first. */
export function openedVersions(): VersionDescriptor[] {
  return registry.filter((version) => version.opens);
}

/** The version a stated `openapi` (or `swagger`) string is, if the product knows it. */
export function versionStated(
  field: VersionDescriptor['field'],
  stated: string,
): VersionDescriptor | undefined {
  const text = stated.trim();
  return registry.find((version) => version.field === field && version.matches(text));
}

/** The version that a dialect names ('3.1'); the oldest opened one for a dialect not known. */
export function versionOfDialect(dialect: string | undefined): VersionDescriptor {
  const opened = openedVersions();
  return opened.find((version) => version.dialect === dialect) ?? baseVersion();
}

/** What a dialect's documents can hold. */
export function featuresOf(dialect: string | undefined): VersionFeatures {
  return versionOfDialect(dialect).features;
}

/**
 * The oldest opened dialect whose documents can hold `feature` (the base one when none can):
 * what a check that leaves the dialect's own refusal to its caller applies with.
 */
export function dialectWith(feature: keyof VersionFeatures): string {
  const found = openedVersions().find((version) => version.features[feature] === true);
  return (found ?? baseVersion()).dialect;
}

/** The oldest opened version: a document without `openapi`, and new documents by default. */
export function baseVersion(): VersionDescriptor {
  const base = registry.find((version) => version.opens);
  if (base === undefined) throw new Error('No OpenAPI version is registered.');
  return base;
}

/** The dialect of documents that state no version (and the default of every check). */
export function baseDialect(): string {
  return baseVersion().dialect;
}

/** The `openapi` string a new document states unless the user picks another. */
export function defaultNewVersion(): string {
  return baseVersion().newDocument ?? '';
}

/** The `openapi` strings a new document may state, oldest first. */
export function newDocumentVersions(): string[] {
  return openedVersions().flatMap((version) =>
    version.newDocument === undefined ? [] : [version.newDocument],
  );
}

/** The versions a document of `dialect` can be upgraded to: the later ones that an upgrade writes. */
export function upgradeTargetsOf(dialect: string | undefined): VersionDescriptor[] {
  const opened = openedVersions();
  const at = opened.findIndex((version) => version.dialect === dialect);
  if (at < 0) return [];
  return opened.slice(at + 1).filter((version) => version.writes !== undefined);
}

/** The version an upgrade to `written` ('3.1.1') makes, if some version writes it. */
export function upgradeTargetWriting(written: string): VersionDescriptor | undefined {
  return openedVersions().find((version) => version.writes === written);
}

/** The version a document of this one is converted to before it is opened (Swagger 2.0). */
export function conversionTarget(version: VersionDescriptor): VersionDescriptor | undefined {
  return version.convertsTo === undefined ? undefined : versionOfDialect(version.convertsTo);
}

/** The opened versions as a reader says them: "3.0, 3.1 or 3.2". */
export function openedVersionsText(): string {
  const names = openedVersions().map((version) => version.dialect);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** What a Problems panel names: "OpenAPI 3.1" for a 3.1.x document. */
export function checkedAgainst(dialect: string): string {
  const version = versionOfDialect(dialect);
  return `${version.field === 'swagger' ? 'Swagger' : 'OpenAPI'} ${version.dialect}`;
}
