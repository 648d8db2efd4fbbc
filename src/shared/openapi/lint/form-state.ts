/**
 * The form's state as the lint reads it: the issues of the form's own rules (FORM_RULES) the
 * document session's validation found, each at its endpoint's place in the text. What these
 * rules catch never reaches the text (the session does not write it, or writes something valid
 * in its place), or its severity depends on whether the user edited the endpoint, which the text
 * cannot tell; so the session hands them to the lint with the text, and the lint evaluates them
 * as rules of the `specform` ruleset over this small document (specform-ruleset.ts), in the same
 * lint as the text. Plain data: it crosses the workers' line as it is.
 */
import type { EndpointIssueCode } from '../validate-endpoints';

/**
 * The rules of the `specform` namespace whose findings only the form's state has: a second
 * endpoint on the same route, a response without a code or with a code taken (not written); an
 * inline schema for a body without a name, a `default` response for an endpoint the user gave
 * none (written valid); the rules whose severity depends on whether the user edited the endpoint
 * (the `…_AS_LOADED` rules are the text's side of those); a check cut by its time budget. Each is
 * an error when it blocks Generate (validate-endpoints.ts).
 */
export const FORM_RULES: ReadonlySet<EndpointIssueCode> = new Set<EndpointIssueCode>([
  'DUPLICATE',
  'NO_RESPONSES',
  'RESPONSE_CODE_REQUIRED',
  'RESPONSE_CODE_DUPLICATE',
  'REQUEST_BODY_NAME_REQUIRED',
  'RESPONSE_NAME_REQUIRED',
  'BODY_NAME_SCHEMA_CLASH',
  'RESPONSE_CONFLICT',
  'PATH_INCORRECT_CHARS',
  'PARAM_NAME_INCORRECT',
  'PATH_PARAM_UNDEFINED',
  'PATH_PARAM_NOT_IN_PATH',
  'CHECK_TIME_BUDGET',
]);

/** One issue of a form rule: its code and the form's field (EndpointIssue.field). */
export interface FormIssue {
  code: string;
  field: string;
}

/** An endpoint with issues of the form's rules, at its place in the text. */
export interface FormEndpoint {
  /** The form's endpoint id. */
  id: string;
  /** Where its operation is written: `paths`, or `webhooks` for a webhook. */
  root: 'paths' | 'webhooks';
  /** Its key there (the path, or the webhook's name) as the session writes it. */
  key: string;
  /** Its method, lower case (the operation's key). */
  method: string;
  issues: FormIssue[];
}

/**
 * The form's state document: the endpoints that have issues of the form's rules, in the form's
 * order. Its one member is named so that no OpenAPI document has it (a root member that is not
 * an extension is invalid there), so the form's rules find nothing in a text.
 */
export interface FormState {
  formEndpoints: FormEndpoint[];
}

/** The JSONPath of the form state's issues (the `given` of every form rule). */
export const FORM_ISSUES_GIVEN = '$.formEndpoints[*].issues[*]';

/** An empty form state (a session with nothing of the form's own to say). */
export function emptyFormState(): FormState {
  return { formEndpoints: [] };
}

/**
 * The form state of endpoints and their issues (the session's validation): only issues of
 * FORM_RULES are carried, only endpoints that have some.
 */
export function formStateOf(
  endpoints: Iterable<{ id: string; method: string; path: string; webhook?: boolean }>,
  issuesOf: (id: string) => readonly { code: string; field: string }[],
): FormState {
  const formEndpoints: FormEndpoint[] = [];
  for (const endpoint of endpoints) {
    const issues = issuesOf(endpoint.id).filter((issue) =>
      FORM_RULES.has(issue.code as EndpointIssueCode),
    );
    if (issues.length === 0) continue;
    formEndpoints.push({
      id: endpoint.id,
      root: endpoint.webhook === true ? 'webhooks' : 'paths',
      key: endpoint.path,
      method: endpoint.method.toLowerCase(),
      issues: issues.map((issue) => ({ code: issue.code, field: issue.field })),
    });
  }
  return { formEndpoints };
}
