/**
 * Translated wording of the load warning codes of read-openapi (src/shared). The app
 * classifies by code (see warningKind in problems.ts). A warning is a row of its own, with the
 * pointer to the exact place; a note is one line per kind with a count, so its words name the
 * kind. Unknown codes fall back to the core's English message.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Warnings: the document is wrong or incomplete there, and the user should act. */
export const WARNING_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  MISSING_OPENAPI_VERSION: msg`The document does not state its OpenAPI version.`,
  UNUSED_SCHEMA: msg`No operation uses this schema.`,
  INVALID_PARAMETER: msg`A parameter is not valid OpenAPI; the form does not show it.`,
  PATH_PARAMETER_REQUIRED: msg`A path parameter is always required; the document does not say so.`,
  UNRESOLVED_REF: msg`A reference cannot be resolved.`,
  SCHEMA_INVALID: msg`A schema is not valid OpenAPI 3.0; the form shows a repaired copy.`,
  INVALID_FIELD: msg`A value is not valid here; the form does not show it.`,
};

/** Notes: what the document keeps as written and the form does not show, one line per kind. */
export const NOTE_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  EXTENSION: msg`Extension fields (x-…); edit them in YAML`,
  UNSUPPORTED_FIELD: msg`Fields the form does not show`,
  EXTERNAL_DOCS: msg`External documentation links`,
  WEBHOOKS: msg`Webhooks; edit them in YAML`,
  CALLBACKS: msg`Callbacks; edit them in YAML`,
  COMPONENTS_DROPPED: msg`Components other than schemas; edit them in YAML`,
  COMPONENTS_INLINED: msg`Shared components shown inside each operation that uses them`,
  INFO_FIELD: msg`Document info fields the form does not show`,
  UNSUPPORTED_METHOD: msg`Operations with a method the form does not show`,
  PATH_ITEM_REF: msg`Path item references; edit them in YAML`,
  PATH_ITEM_FIELD: msg`Path-level fields`,
  OPERATION_SERVERS: msg`Servers of single operations`,
  PARAMETER_CONTENT: msg`Parameter content; edit it in YAML`,
  PARAMETER_SERIALIZATION: msg`Parameter serialization options`,
  COOKIE_PARAMETER: msg`Cookie parameters`,
  UNSUPPORTED_PARAMETER_LOCATION: msg`Parameters in a location the form does not show`,
  EXTERNAL_EXAMPLE: msg`External examples`,
  EXTRA_EXAMPLES: msg`Examples after the first one`,
  EXAMPLE_METADATA: msg`Example summaries and descriptions`,
  MEDIA_TYPE_ENCODING: msg`Media type encodings`,
  MEDIA_TYPE_WITHOUT_SCHEMA: msg`Bodies without a schema`,
  NON_JSON_MEDIA_TYPE: msg`Media types other than JSON`,
  EXTRA_JSON_MEDIA_TYPE: msg`JSON media types after the first one`,
  RESPONSE_HEADERS: msg`Response headers given by reference`,
  RESPONSE_LINKS: msg`Response links`,
  UNSUPPORTED_STATUS_CODE: msg`Response codes the form does not show (default, 2XX)`,
  SCHEMA_KEYWORD: msg`Schema keywords that are not OpenAPI 3.0`,
  SCHEMA_TYPE: msg`Schema types that are not OpenAPI 3.0`,
  EXTERNAL_REF: msg`References to other files, kept as written and not fetched`,
};
