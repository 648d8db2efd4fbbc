/**
 * Translated wording of the import warning codes of parse-openapi (src/shared). The pointer next
 * to each line names the exact place; unknown codes fall back to the core's English message.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const WARNING_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  EXTENSION: msg`An extension field (x-…) is not kept.`,
  UNSUPPORTED_FIELD: msg`A field the form cannot hold is not kept.`,
  SERVERS: msg`Servers are not kept.`,
  SECURITY: msg`Security requirements are not kept.`,
  OPERATION_SECURITY: msg`Security requirements are not kept.`,
  OPERATION_SERVERS: msg`Servers are not kept.`,
  TAG_DEFINITIONS: msg`Tag definitions are not kept.`,
  EXTERNAL_DOCS: msg`External documentation links are not kept.`,
  WEBHOOKS: msg`Webhooks are not kept.`,
  CALLBACKS: msg`Callbacks are not kept.`,
  COMPONENTS_DROPPED: msg`Components other than schemas are not kept.`,
  COMPONENTS_INLINED: msg`A referenced component was copied into the operation.`,
  INFO_FIELD: msg`This document info field is not kept.`,
  UNSUPPORTED_METHOD: msg`The form does not support this method.`,
  PATH_ITEM_REF: msg`Path item references are not supported.`,
  PATH_ITEM_FIELD: msg`A path-level field is not kept.`,
  PARAMETER_CONTENT: msg`Parameter content is not kept.`,
  PARAMETER_SERIALIZATION: msg`Parameter serialization options are not kept.`,
  COOKIE_PARAMETER: msg`Cookie parameters are not supported.`,
  UNSUPPORTED_PARAMETER_LOCATION: msg`This parameter location is not supported.`,
  INVALID_PARAMETER: msg`An invalid parameter is skipped.`,
  PATH_PARAMETER_REQUIRED: msg`A path parameter was made required.`,
  EXTERNAL_EXAMPLE: msg`External examples are not kept.`,
  EXTRA_EXAMPLES: msg`Only one example is kept.`,
  MEDIA_TYPE_ENCODING: msg`Media type encoding is not kept.`,
  MEDIA_TYPE_WITHOUT_SCHEMA: msg`A body without a schema is not kept.`,
  NON_JSON_MEDIA_TYPE: msg`Only JSON bodies are loaded; this media type is not kept.`,
  EXTRA_JSON_MEDIA_TYPE: msg`Only one JSON media type is kept.`,
  RESPONSE_HEADERS: msg`Response headers are not kept.`,
  RESPONSE_LINKS: msg`Response links are not kept.`,
  UNSUPPORTED_STATUS_CODE: msg`The form does not support this response code.`,
  UNRESOLVED_REF: msg`A reference could not be resolved.`,
  UNUSED_SCHEMA: msg`A schema no operation uses is not kept.`,
  INVALID_FIELD: msg`An invalid value is skipped.`,
  MISSING_OPENAPI_VERSION: msg`The document does not state its OpenAPI version.`,
};
