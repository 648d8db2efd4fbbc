/**
 * The document-level part of the form: the OpenAPI objects themselves, so that an
 * edit of the document panel is a plain edit of the document and keys the form does not show
 * (`x-` extensions, `externalDocs`, …) are kept as they are.
 */
import type { SecurityRequirement } from '../model';
import { defaultNewVersion } from '../versions';

/** Keys the form does not know are kept as they are (`x-` extensions and the like). */
type Open = Record<string, unknown>;

export interface ContactObject extends Open {
  name?: string;
  url?: string;
  email?: string;
}

export interface LicenseObject extends Open {
  name: string;
  url?: string;
  /** An SPDX license expression (OpenAPI 3.1+; exclusive with `url`). */
  identifier?: string;
}

export interface InfoObject extends Open {
  title: string;
  version: string;
  /** A short summary of the API (OpenAPI 3.1+). */
  summary?: string;
  description?: string;
  termsOfService?: string;
  contact?: ContactObject;
  license?: LicenseObject;
}

export interface ServerVariableObject extends Open {
  default: string;
  enum?: string[];
  description?: string;
}

export interface ServerObject extends Open {
  url: string;
  description?: string;
  variables?: Record<string, ServerVariableObject>;
}

export interface OAuthFlowObject extends Open {
  authorizationUrl?: string;
  tokenUrl?: string;
  /** The device authorization flow's endpoint (OpenAPI 3.2). */
  deviceAuthorizationUrl?: string;
  refreshUrl?: string;
  scopes: Record<string, string>;
}

export interface SecuritySchemeObject extends Open {
  /** (OpenAPI 3.1's `mutualTLS` is kept as written; the panel does not edit it.) */
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect';
  description?: string;
  /** apiKey */
  name?: string;
  in?: 'query' | 'header' | 'cookie';
  /** http */
  scheme?: string;
  bearerFormat?: string;
  /** oauth2 */
  flows?: {
    implicit?: OAuthFlowObject;
    password?: OAuthFlowObject;
    clientCredentials?: OAuthFlowObject;
    authorizationCode?: OAuthFlowObject;
    /** OpenAPI 3.2 (RFC 8628). */
    deviceAuthorization?: OAuthFlowObject;
  } & Open;
  /** OAuth 2.0 Authorization Server Metadata URL (OpenAPI 3.2). */
  oauth2MetadataUrl?: string;
  /** OpenAPI 3.2. */
  deprecated?: boolean;
  /** openIdConnect */
  openIdConnectUrl?: string;
}

export interface TagObject extends Open {
  name: string;
  description?: string;
  /** A short summary (OpenAPI 3.2). */
  summary?: string;
  /** The name of the parent tag (OpenAPI 3.2): tags form a tree. */
  parent?: string;
  /** What kind of tag this is, e.g. `nav`, `badge`, `audience` (OpenAPI 3.2). */
  kind?: string;
}

/**
 * What the document panel shows and edits. `undefined` means "absent from the document" (it is
 * not written); an empty list is written only when the document had one.
 */
export interface DocumentMeta {
  /** As loaded, exactly as written; a new document is 3.0.1. Not editable in the form. */
  openapi: string;
  info: InfoObject;
  servers?: ServerObject[];
  /** The document-wide security requirement. */
  security?: SecurityRequirement[];
  /** `components.securitySchemes`. */
  securitySchemes?: Record<string, SecuritySchemeObject>;
  tags?: TagObject[];
}

/** The document panel of a new document (spec §9 defaults). */
export function newDocumentMeta(): DocumentMeta {
  return { openapi: defaultNewVersion(), info: { title: 'Test', version: 'v1' } };
}
