/**
 * What the core and the app know of one OpenAPI (or Swagger) version: one descriptor per version,
 * in its own module, listed by the registry (index.ts). Code that behaves differently per version
 * asks the descriptor for a feature; it never compares version strings.
 */

/** The features the core and the app branch on. */
export interface VersionFeatures {
  /** Schemas are JSON Schema 2020-12 (type arrays and 'null', `examples`, `const`, `$ref` siblings). */
  jsonSchema: boolean;
  /** Top-level `webhooks`, read and written as endpoints. */
  webhooks: boolean;
  /** Top-level `jsonSchemaDialect`. */
  jsonSchemaDialect: boolean;
  /** `info.summary`, `license.identifier`. */
  infoSummary: boolean;
  /** An operation's `responses` may be left out. */
  responsesOptional: boolean;
  /** The `query` method of a path item. */
  queryMethod: boolean;
  /** A path item's `additionalOperations`. */
  additionalOperations: boolean;
  /** Tags' `parent`, `kind` and `summary` (a tree of tags). */
  tagTree: boolean;
}

/** One version's descriptor. */
export interface VersionDescriptor {
  /** The module's name: 'openapi-3.1', 'swagger-2.0'. */
  id: string;
  /** The top-level field that states the version: `openapi`, or `swagger` for Swagger 2.0. */
  field: 'openapi' | 'swagger';
  /** The short version the core and the UI speak of: '3.1' (also the documents' dialect). */
  dialect: string;
  /** Whether a stated version string (as written, trimmed) is this version. */
  matches(version: string): boolean;
  /** Whether the core opens documents of this version (Swagger 2.0 is converted first). */
  opens: boolean;
  /** The version string a new document of this version states, if new documents may have it. */
  newDocument?: string;
  /** The `openapi` string an upgrade (or a Swagger 2.0 conversion) to this version writes. */
  writes?: string;
  /** The dialect a document of this version is converted to before it is opened (Swagger 2.0). */
  convertsTo?: string;
  /** The JSON Schema draft its schemas and examples are checked with. */
  schemaDraft: '4' | '2020-12';
  /** The version's official JSON Schema (the output editor checks a document's text with it). */
  schema: Record<string, unknown>;
  /** Schemas the official one refers into by URI (bundled: nothing is fetched). */
  referencedSchemas?: { uri: string; schema: Record<string, unknown> }[];
  features: VersionFeatures;
}
