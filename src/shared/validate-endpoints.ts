import type { Endpoint } from './model';

/** Per-field issue codes of the generator rules of spec §5 (the red labels and field errors). */
export type EndpointIssueCode =
  | 'PATH_REQUIRED'
  | 'PATH_MUST_START_WITH'
  | 'PATH_INCORRECT_CHARS'
  | 'PARAM_NAME_REQUIRED'
  | 'PARAM_NAME_INCORRECT'
  | 'PARAM_EXAMPLE_REQUIRED'
  | 'REQUEST_BODY_NAME_REQUIRED'
  | 'RESPONSE_NAME_REQUIRED'
  | 'RESPONSE_CODE_REQUIRED'
  | 'RESPONSE_CODE_INVALID'
  | 'RESPONSE_CONFLICT'
  | 'NO_RESPONSES'
  | 'DUPLICATE'
  | 'BODY_NAME_SCHEMA_CLASH';

export interface EndpointIssue {
  code: EndpointIssueCode;
  /**
   * Where the issue sits: 'path', 'responses', 'requestBody.name', 'parameters.<paramId>.name',
   * 'parameters.<paramId>.example', 'responses.<index>.statusCode', 'responses.<index>.body.name',
   * or '' for the endpoint as a whole (DUPLICATE).
   */
  field: string;
}

export interface ValidationReport {
  /** Issues by endpoint id; every endpoint id is present (an empty list when it is clean). */
  issues: Record<string, EndpointIssue[]>;
  /** Ids of endpoints that share method and path with another. */
  duplicateIds: string[];
  /** Spec §5 "Generate is enabled", before the busy flag is considered. */
  canGenerate: boolean;
}

/** Applies every generator rule of spec §5 to the endpoint list. */
export function validateEndpoints(_endpoints: readonly Endpoint[]): ValidationReport {
  throw new Error('validateEndpoints: not implemented yet');
}

/** Spec §5: Load is enabled only with non-empty text and nothing busy. */
export function canLoad(text: string, busy = false): boolean {
  return !busy && text.trim().length > 0;
}
