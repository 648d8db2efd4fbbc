/**
 * The Swagger 2.0 conversion report in the user's language. The core says what
 * each item is (`kind`) and the names it mentions (`params`); the wording is here, one message
 * per kind. The record is total over the kinds, so a new kind in the core does not compile
 * until it has its words.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ConversionItemKind, ConversionWarning } from '../../shared/openapi/convert-swagger2';

type Params = Readonly<Record<string, string>>;

export const CONVERSION_MESSAGES: Readonly<
  Record<ConversionItemKind, (params: Params) => MessageDescriptor>
> = {
  VERSION: () => msg`“swagger: 2.0” becomes “openapi: 3.0.4”.`,
  SERVERS: () => msg`“host”, “basePath” and “schemes” become “servers”.`,
  DEFINITIONS: () => msg`“definitions” become “components/schemas”.`,
  PARAMETERS: () =>
    msg`“parameters” become “components/parameters” (body and form parameters “components/requestBodies”).`,
  RESPONSES: () => msg`“responses” become “components/responses”.`,
  SECURITY_DEFINITIONS: () => msg`“securityDefinitions” become “components/securitySchemes”.`,
  MEDIA_TYPES: ({ key = '' }) => msg`“${key}” become the media types of bodies and responses.`,
  OPERATION_MEDIA_TYPES: ({ key = '' }) =>
    msg`“${key}” become the media types of the operation’s body and responses.`,
  OAUTH_NO_FLOW: ({ name = '' }) =>
    msg`OAuth scheme “${name}” names no flow; it is converted as an implicit flow.`,
  OAUTH_NO_SCOPES: ({ name = '' }) =>
    msg`OAuth scheme “${name}” lists no scopes; OpenAPI 3.0 requires the list, so its flow gets an empty one.`,
  OPERATION_SCHEMES: () =>
    msg`An operation’s own “schemes” have no place in OpenAPI 3.0; they are not carried.`,
  BODY_PARAMETER: ({ name = '' }) =>
    msg`Body parameter “${name}” becomes the requestBody; its name is not carried.`,
  BODY_PARAMETER_REF: ({ ref = '', target = '' }) =>
    msg`The reference to body parameter “${ref}” becomes a requestBody that refers to “${target}”.`,
  BODY_PARAMETER_REF_INLINED: ({ ref = '' }) =>
    msg`The reference to body parameter “${ref}” becomes the operation’s own requestBody, with the operation’s media types.`,
  FORM_PARAMETER: ({ name = '' }) =>
    msg`Form parameter “${name}” becomes a property of a form requestBody.`,
  FORM_PARAMETER_REF: ({ ref = '' }) =>
    msg`The reference to form parameter “${ref}” becomes a property of the operation’s form requestBody.`,
  PATH_BODY_PARAMETER: ({ name = '' }) =>
    msg`Body or form parameter “${name}” of the path becomes part of the requestBody of each of its operations.`,
  FORM_ALLOW_EMPTY: ({ name = '' }) =>
    msg`“allowEmptyValue” of form parameter “${name}” has no place in OpenAPI 3.0; it is not carried.`,
  COLLECTION_FORMAT: ({ name = '', format = '' }) =>
    msg`“collectionFormat: ${format}” of parameter “${name}” becomes a style.`,
  COLLECTION_FORMAT_TSV: ({ name = '' }) =>
    msg`“collectionFormat: tsv” of parameter “${name}” has no OpenAPI 3.0 style; it is not carried.`,
  HEADER_COLLECTION_FORMAT: ({ name = '', format = '' }) =>
    msg`“collectionFormat: ${format}” of response header “${name}” has no OpenAPI 3.0 style; it is not carried.`,
  FILE_PARAMETER: ({ name = '' }) => msg`File parameter “${name}” becomes a binary string.`,
  COMPONENT_RENAMED: ({ name = '', newName = '' }) =>
    msg`OpenAPI 3.0 does not allow the component name “${name}”; it becomes “${newName}”, and the references to it follow.`,
  SCHEMA_TYPE_LIST: ({ types = '' }) =>
    msg`The list of types “${types}” has no place in OpenAPI 3.0; it becomes one type, “nullable” or “anyOf”.`,
  RESPONSE_EXAMPLES: ({ type = '', key = '' }) =>
    msg`The response’s example for “${type}” joins its named examples as “${key}”: OpenAPI 3.0 does not allow both.`,
  SCHEMA_ITEMS_LIST: () =>
    msg`A list of “items” (one schema per position) has no place in OpenAPI 3.0; the positions are not carried, each item may match any of the schemas.`,
};

/** One report item in the active language (the core's English when the kind is unknown). */
export function conversionItemText(i18n: I18n, item: ConversionWarning): string {
  const message = Object.hasOwn(CONVERSION_MESSAGES, item.kind)
    ? CONVERSION_MESSAGES[item.kind]
    : undefined;
  return message ? i18n._(message(item.params)) : item.message;
}
