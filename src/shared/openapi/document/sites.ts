/**
 * Where each part of an endpoint view came from in the source document, recorded while the
 * document is read, so that an edit of the view becomes an edit of exactly those nodes.
 * Raw nodes are kept by identity (not by index), so earlier edits of a list never misplace later ones.
 */
import type { JsonObject } from '../openapi-common';

export interface ParameterSite {
  /** Declared on the operation, or inherited from the path item. */
  level: 'operation' | 'path';
  /** The list item as written (possibly a `$ref`). */
  raw: unknown;
  /** The parameter object after following `$ref`s. */
  resolved: JsonObject;
}

export interface BodySite {
  /** The requestBody/response object as written in the operation (possibly a `$ref`). */
  raw: unknown;
  /** The object after following `$ref`s. */
  resolved: JsonObject;
  /** The media type the body was read from (absent when the container had none). */
  mediaKey?: string;
  /** Where the example came from: the media type's `example`, or an entry of `examples`. */
  example?: { kind: 'example' } | { kind: 'examples'; key: string };
  /** The component the media schema refers to with a pure `$ref`. */
  schemaRef?: string;
}

export interface ResponseSite extends BodySite {
  /** The key under `responses` ("200"). */
  code: string;
}

export interface EndpointSite {
  /** `webhooks` for a webhook (OpenAPI 3.1+); absent for an operation under `paths`. */
  root?: 'webhooks';
  /** The key under `paths` (or `webhooks`). */
  pathKey: string;
  /** The key under the path item (lower case). */
  methodKey: string;
  /** By parameter id. */
  parameters: Map<string, ParameterSite>;
  requestBody?: BodySite;
  /** By the index of the view's response. */
  responses: ResponseSite[];
}
