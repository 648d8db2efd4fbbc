/** Translated wording of the core's generator issue codes (spec §2 labels, §5 field messages). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CHECK_BUDGET_MS, type EndpointIssue, type EndpointIssueCode } from '../../shared/openapi';

/** The rule checks' time budget in seconds, as the message says it. */
const RULES_BUDGET_S = CHECK_BUDGET_MS.rules / 1000;

/** The red label a panel header shows for each issue code. */
export const PANEL_LABELS: Record<EndpointIssueCode, MessageDescriptor> = {
  PATH_REQUIRED: msg`Path invalid`,
  PATH_MUST_START_WITH: msg`Path invalid`,
  PATH_INCORRECT_CHARS: msg`Path invalid`,
  PARAM_NAME_REQUIRED: msg`Parameter invalid`,
  PARAM_NAME_INCORRECT: msg`Parameter invalid`,
  PARAM_EXAMPLE_REQUIRED: msg`Parameter invalid`,
  REQUEST_BODY_NAME_REQUIRED: msg`No request body name`,
  RESPONSE_NAME_REQUIRED: msg`No response name`,
  RESPONSE_CODE_REQUIRED: msg`No response code`,
  RESPONSE_CODE_INVALID: msg`Invalid response code`,
  RESPONSE_CONFLICT: msg`Response conflict`,
  NO_RESPONSES: msg`No responses`,
  DUPLICATE: msg({ context: 'panel label', message: 'Duplicate' }),
  BODY_NAME_SCHEMA_CLASH: msg`Body name clash`,
  RESPONSE_CODE_DUPLICATE: msg`Repeated response code`,
  OPERATION_ID_DUPLICATE: msg`Repeated operation ID`,
  OPERATION_ID_INVALID: msg`Operation ID not usable as a name`,
  PATH_PARAM_UNDEFINED: msg`Path parameter missing`,
  PATH_PARAM_NOT_IN_PATH: msg`Parameter not in path`,
  PATH_PARAM_UNDEFINED_AS_LOADED: msg`Path parameter missing`,
  PATH_PARAM_NOT_IN_PATH_AS_LOADED: msg`Parameter not in path`,
  PATH_INCORRECT_CHARS_AS_LOADED: msg`Path invalid`,
  PARAM_NAME_INCORRECT_AS_LOADED: msg`Parameter invalid`,
  CHECK_TIME_BUDGET: msg`Not checked`,
};

/** The message under a field. */
export const FIELD_MESSAGES: Record<EndpointIssueCode, MessageDescriptor> = {
  PATH_REQUIRED: msg`Path is required.`,
  PATH_MUST_START_WITH: msg`Path must start with a /`,
  PATH_INCORRECT_CHARS: msg`Allowed only: letters, digits, /, _, {, }, -, ., ~`,
  PARAM_NAME_REQUIRED: msg`Name is required`,
  PARAM_NAME_INCORRECT: msg`Name is incorrect`,
  PARAM_EXAMPLE_REQUIRED: msg`Example is required`,
  REQUEST_BODY_NAME_REQUIRED: msg`Should be filled`,
  RESPONSE_NAME_REQUIRED: msg`Should be filled`,
  RESPONSE_CODE_REQUIRED: msg`Add response code`,
  RESPONSE_CODE_INVALID: msg`Invalid response code`,
  RESPONSE_CONFLICT: msg`Responses with and without a body conflict at this code`,
  NO_RESPONSES: msg`Add at least one response`,
  DUPLICATE: msg`Another endpoint has the same method and path`,
  BODY_NAME_SCHEMA_CLASH: msg`This name is used for a different schema`,
  RESPONSE_CODE_DUPLICATE: msg`Another response has this code`,
  OPERATION_ID_DUPLICATE: msg`Another endpoint has this operation ID`,
  OPERATION_ID_INVALID: msg`Valid OpenAPI, but code generators cannot turn an operation ID that is empty or holds spaces into a function name`,
  PATH_PARAM_UNDEFINED: msg`The path names a parameter that is not among the path parameters`,
  PATH_PARAM_NOT_IN_PATH: msg`This path parameter is not in the path`,
  PATH_PARAM_UNDEFINED_AS_LOADED: msg`The document's path names a parameter it does not define; editing this endpoint makes it an error`,
  PATH_PARAM_NOT_IN_PATH_AS_LOADED: msg`The document defines a path parameter its path does not name; editing this endpoint makes it an error`,
  PATH_INCORRECT_CHARS_AS_LOADED: msg`The document's path uses characters the form does not offer; editing this endpoint makes it an error`,
  PARAM_NAME_INCORRECT_AS_LOADED: msg`The document's parameter name uses characters the form does not offer; editing this endpoint makes it an error`,
  CHECK_TIME_BUDGET: msg`Checking the rules took longer than ${RULES_BUDGET_S} s and was stopped before this endpoint: its own rules were not checked. Editing it checks it again`,
};

/** The distinct header labels of a panel, in a stable order. */
export function panelLabels(issues: readonly EndpointIssue[]): MessageDescriptor[] {
  const seen = new Set<MessageDescriptor>();
  for (const issue of issues) seen.add(PANEL_LABELS[issue.code]);
  return [...seen];
}

/** The first issue that sits on a field, if any. */
export function fieldIssue(
  issues: readonly EndpointIssue[],
  field: string,
): EndpointIssue | undefined {
  return issues.find((issue) => issue.field === field);
}
