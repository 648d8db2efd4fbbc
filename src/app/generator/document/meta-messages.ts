/** Translated wording of the document panel's issue codes. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CHECK_BUDGET_MS } from '../../../shared/openapi';
import type { MetaIssue, MetaIssueCode } from '../../../shared/openapi/document/validate-meta';

/** The panel checks' time budget in seconds, as the message says it. */
const META_BUDGET_S = CHECK_BUDGET_MS.meta / 1000;

export const META_MESSAGES: Record<MetaIssueCode, MessageDescriptor> = {
  TITLE_REQUIRED: msg`Title is required`,
  VERSION_REQUIRED: msg`Version is required`,
  URL_INVALID: msg`Enter a full URL, e.g. https://example.com`,
  EMAIL_INVALID: msg`Enter an e-mail address, e.g. api@example.com`,
  LICENSE_NAME_REQUIRED: msg`A license needs a name`,
  SERVER_URL_REQUIRED: msg`Server URL is required`,
  VARIABLE_NAME_REQUIRED: msg`Variable name is required`,
  VARIABLE_NAME_DUPLICATE: msg`Another variable has this name`,
  VARIABLE_DEFAULT_NOT_IN_ENUM: msg`The default must be one of the enum values`,
  SCHEME_NAME_REQUIRED: msg`Scheme name is required`,
  SCHEME_NAME_INVALID: msg`Allowed only: letters, digits, ., -, _`,
  API_KEY_NAME_REQUIRED: msg`Name of the header, query parameter or cookie is required`,
  OAUTH_FLOW_REQUIRED: msg`Turn on at least one flow`,
  TAG_NAME_REQUIRED: msg`Tag name is required`,
  TAG_NAME_DUPLICATE: msg`Another tag has this name`,
  CHECK_TIME_BUDGET: msg`Checking the document panel took longer than ${META_BUDGET_S} s and was stopped; the rest of it was not checked`,
};

/** The message of the first issue on `field`, if any. */
export function metaMessage(
  issues: readonly MetaIssue[],
  field: string,
): MessageDescriptor | undefined {
  const issue = issues.find((item) => item.field === field);
  return issue && META_MESSAGES[issue.code];
}
