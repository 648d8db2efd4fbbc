/**
 * Translated wording of the load warning codes of parse-openapi (src/shared): what the form shows
 * differently or not at all. The document keeps all of it (issue 10). The pointer next to each
 * line names the exact place; unknown codes fall back to the core's English message.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const WARNING_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  EXTENSION: msg`An extension field (x-…) is kept as written; edit it in YAML.`,
  UNSUPPORTED_FIELD: msg`A field the form does not show is kept as written.`,
  SERVERS: msg`Servers are kept as written.`,
  SECURITY: msg`Security requirements are kept as written.`,
  OPERATION_SECURITY: msg`Security requirements are kept as written.`,
  OPERATION_SERVERS: msg`Servers are kept as written.`,
  TAG_DEFINITIONS: msg`Tag definitions are kept as written.`,
  EXTERNAL_DOCS: msg`External documentation links are kept as written.`,
  WEBHOOKS: msg`Webhooks are kept as written; edit them in YAML.`,
  CALLBACKS: msg`Callbacks are kept as written; edit them in YAML.`,
  COMPONENTS_DROPPED: msg`These components are kept as written; edit them in YAML.`,
  COMPONENTS_INLINED: msg`A shared component is shown in each operation that uses it; editing it there changes that operation only.`,
  INFO_FIELD: msg`This document info field is kept as written.`,
  UNSUPPORTED_METHOD: msg`The form does not show this method; it is kept as written.`,
  PATH_ITEM_REF: msg`A path item reference is kept as written; edit it in YAML.`,
  PATH_ITEM_FIELD: msg`A path-level field is kept as written.`,
  PARAMETER_CONTENT: msg`Parameter content is kept as written; edit it in YAML.`,
  PARAMETER_SERIALIZATION: msg`Parameter serialization options are kept as written.`,
  COOKIE_PARAMETER: msg`The form does not show cookie parameters; they are kept as written.`,
  UNSUPPORTED_PARAMETER_LOCATION: msg`The form does not show this parameter location; it is kept as written.`,
  INVALID_PARAMETER: msg`An invalid parameter is not shown in the form; it is kept as written.`,
  PATH_PARAMETER_REQUIRED: msg`A path parameter is always required; the document does not say so.`,
  EXTERNAL_EXAMPLE: msg`External examples are kept as written.`,
  EXTRA_EXAMPLES: msg`The form shows the first example; the others are kept as written.`,
  MEDIA_TYPE_ENCODING: msg`Media type encoding is kept as written.`,
  MEDIA_TYPE_WITHOUT_SCHEMA: msg`A body without a schema is not shown in the form; it is kept as written.`,
  NON_JSON_MEDIA_TYPE: msg`The form shows JSON bodies; this media type is kept as written.`,
  EXTRA_JSON_MEDIA_TYPE: msg`The form shows one JSON media type; the others are kept as written.`,
  RESPONSE_HEADERS: msg`Response headers are kept as written.`,
  RESPONSE_LINKS: msg`Response links are kept as written.`,
  UNSUPPORTED_STATUS_CODE: msg`The form does not show this response code; it is kept as written.`,
  UNRESOLVED_REF: msg`A reference could not be resolved; it is kept as written.`,
  UNUSED_SCHEMA: msg`A schema no operation uses is kept as written.`,
  SCHEMA_INVALID: msg`A schema is not valid OpenAPI 3.0; the form shows a repaired copy, the document keeps it as written.`,
  SCHEMA_KEYWORD: msg`A schema keyword is not OpenAPI 3.0; the document keeps it as written.`,
  SCHEMA_TYPE: msg`A schema type is not OpenAPI 3.0; the document keeps it as written.`,
  INVALID_FIELD: msg`An invalid value is not shown in the form; it is kept as written.`,
  MISSING_OPENAPI_VERSION: msg`The document does not state its OpenAPI version.`,
};
