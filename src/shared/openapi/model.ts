/**
 * The form model of spec §3. Field names here are a contract: acceptance tests outside
 * this repository build these objects directly. Add fields, never rename.
 */

/** Every method the model knows; the form's selector offers {@link FORM_METHODS}. */
export type HttpMethod =
  | 'POST'
  | 'GET'
  | 'PUT'
  | 'PATCH'
  | 'DELETE'
  | 'OPTIONS'
  | 'HEAD'
  | 'TRACE'
  /** OpenAPI 3.2's `query` method (read from 3.2 documents only). */
  | 'QUERY';

/** The six methods the method selector offers, in its order (spec §2). */
export const FORM_METHODS = [
  'POST',
  'GET',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
] as const satisfies readonly HttpMethod[];

export type ParameterLocation = 'header' | 'query' | 'path';

/** An OpenAPI 3.0 schema object (loosely typed: imported documents carry any keyword). */
export interface Schema {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  format?: string;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  example?: unknown;
  description?: string;
  $ref?: string;
  [keyword: string]: unknown;
}

export interface Parameter {
  id: string;
  name: string;
  location: ParameterLocation;
  required: boolean;
  description: string;
  /** The example as typed in the form (text). */
  example: string;
  /** Path parameters are always required and show no checkbox. */
  hideRequired?: boolean;
  /** Kept from an imported document; otherwise inferred from the example on generation. */
  schema?: Schema;
  deprecated?: boolean;
}

/** A named example of a body: every example is written under `examples:` by name. */
export interface NamedExample {
  name: string;
  /** The example's JSON text as typed. */
  json: string;
  summary?: string;
}

export interface BodyModel {
  /** Component name under components.schemas; required when a body exists. */
  name: string;
  /** The raw example JSON text the user typed (the first example). */
  customerJson: string;
  /** The name of the first example under `examples:` (defaults to the body name). */
  exampleName?: string;
  /** Further named examples, after the first one ({@link customerJson}). */
  examples?: NamedExample[];
  /** The media type (default `application/json`); a non-JSON body keeps its own. */
  mediaType?: string;
  /** An explicit schema (from an import); otherwise derived from customerJson. */
  schema?: Schema;
  /** requestBody/response description from an imported document. */
  description?: string;
}

/** A response header: name, description, example. */
export interface ResponseHeader {
  id: string;
  name: string;
  description: string;
  example: string;
  schema?: Schema;
}

export interface ResponseModel {
  /** Integer status code; may be missing while the user edits. */
  statusCode?: number;
  body: BodyModel;
  /** Response description; generation falls back to a default. */
  description?: string;
  /** Response headers, shown and edited by the form. */
  headers?: ResponseHeader[];
}

/** An OpenAPI security requirement: scheme name → scopes. */
export type SecurityRequirement = Record<string, string[]>;

export interface Endpoint {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  parameters: Parameter[];
  requestBody?: BodyModel;
  responses: ResponseModel[];
  isDuplicate?: boolean;
  /** Fields the form does not show but an imported document had; re-emitted on generation. */
  operationId?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  /** The operation's security: undefined inherits the document's, [] means none. */
  security?: SecurityRequirement[];
  /**
   * A webhook (OpenAPI 3.1+ `webhooks`): `path` is then the webhook's name, and the operation
   * is written under `webhooks` instead of `paths`.
   */
  webhook?: boolean;
  /** Whether the imported requestBody was marked required. */
  requestBodyRequired?: boolean;
  /**
   * Response keys of a loaded operation that the form does not show (`default`, `2XX`): the
   * document keeps them as they are, and they count as the operation's responses.
   */
  otherResponses?: string[];
  /**
   * Schema components (by name) that this endpoint's schemas reference, directly or through
   * other components, kept from an imported document so generation re-emits them by name
   * (`$ref` cycles included) instead of inlining them.
   */
  schemaComponents?: Record<string, Schema>;
}

/** Overridable `info` of the generated document (spec §9 defaults: 'Test', 'v1'). */
export interface DocumentInfo {
  title: string;
  version: string;
  description?: string;
}
