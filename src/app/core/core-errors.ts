/** Translated wording of the core's error codes (architecture.md: the app maps codes to text). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import type { CoreErrorCode, ErrorInfo } from '../../shared/openapi';

export const CORE_ERROR_MESSAGES: Record<CoreErrorCode, MessageDescriptor> = {
  INPUT_TOO_LARGE: msg`The document is too large to load.`,
  TOO_DEEP: msg`The document is nested too deeply.`,
  JSON_INVALID: msg`Invalid JSON`,
  YAML_SYNTAX: msg`The YAML has a syntax error.`,
  YAML_ALIAS_LIMIT: msg`The YAML uses too many aliases.`,
  NOT_OPENAPI: msg`This is not an OpenAPI document.`,
  UNSUPPORTED_VERSION: msg`Only OpenAPI 3.0, 3.1 and 3.2 documents can be loaded.`,
  SWAGGER_2: msg`This is a Swagger 2.0 document. Convert it to OpenAPI 3.0 to load it.`,
  INVALID_INPUT: msg`The input is not valid.`,
  NO_DOCUMENT: msg`The document was closed. Please load it again.`,
  CURL_INVALID: msg`This is not a cURL command that can be read.`,
  CURL_TOO_LARGE: msg`The cURL text is too large. Paste fewer commands, or import a HAR file.`,
  HAR_INVALID: msg`This is not a HAR file that can be read.`,
  HAR_TOO_LARGE: msg`The HAR file is too large. Save fewer requests and try again.`,
  CONFLICT: msg`The document changed meanwhile. Please try again.`,
  UNKNOWN_TARGET: msg`What you edited is no longer in the document.`,
  EXPANSION_TOO_LARGE: msg`The document's YAML aliases expand to too much text to convert or preview.`,
  RULESET_REFUSED: msg`The ruleset was refused: rules here cannot read the network or files, or run custom functions; extend only spectral:oas and specform.`,
  RULESET_INVALID: msg`This is not a Spectral ruleset that can be used.`,
  INTERNAL: msg`Something went wrong. Please try again.`,
};

/** A size in MB of 1,048,576 bytes, one decimal, as the project limits are stated ("64"). */
function megabytes(bytes: number): string {
  return i18n.number(bytes / (1024 * 1024), { maximumFractionDigits: 1 });
}

/**
 * The translated wording of a core error: a size error names both sizes ("The document is
 * 70.2 MB; the limit is 64 MB."), the others their code's text.
 */
export function coreErrorText(info: ErrorInfo): string {
  const base = i18n._(CORE_ERROR_MESSAGES[info.code] ?? CORE_ERROR_MESSAGES.INTERNAL);
  // A ruleset's problem names what was refused (the URL, the function) in the core's words.
  if (info.code === 'RULESET_REFUSED' || info.code === 'RULESET_INVALID') {
    return `${base} ${info.message}`;
  }
  if (info.size === undefined || info.limit === undefined) return base;
  const size = megabytes(info.size);
  const limit = megabytes(info.limit);
  return info.code === 'EXPANSION_TOO_LARGE'
    ? `${base} ${i18n._(msg`Expanded, it is at least ${size} MB; the limit is ${limit} MB.`)}`
    : `${base} ${i18n._(msg`It is ${size} MB; the limit is ${limit} MB.`)}`;
}
