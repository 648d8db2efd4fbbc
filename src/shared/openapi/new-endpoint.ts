/** Factories for fresh form items (spec §4 defaults) with ids unique within a session. */
import type { Endpoint, Parameter, ParameterLocation, ResponseModel } from './model';

let counter = 0;
/** Random part of ids, fixed per module instance so ids from several tabs/workers differ. */
const session = Math.floor(Math.random() * 0x7fffffff).toString(36);

/** A new id: a prefix, a per-instance random part, a counter and a few random characters. */
export function newId(prefix = 'id'): string {
  counter += 1;
  const noise = Math.floor(Math.random() * 0x10000).toString(36);
  return `${prefix}-${session}-${counter.toString(36)}-${noise}`;
}

/** Default status code of the first endpoint's response (spec §9). */
export const DEFAULT_RESPONSE_CODE = 200;

/**
 * Spec §4: a new endpoint is POST with an empty path, no parameters, no request body and no
 * responses; the first endpoint of the list starts with one response with code 200.
 */
export function newEndpoint(first = false): Endpoint {
  return {
    id: newId('ep'),
    method: 'POST',
    path: '',
    summary: '',
    parameters: [],
    responses: first ? [newResponse(DEFAULT_RESPONSE_CODE)] : [],
  };
}

/** A new, empty parameter; path parameters are always required and hide the checkbox. */
export function newParameter(location: ParameterLocation): Parameter {
  const parameter: Parameter = {
    id: newId('param'),
    name: '',
    location,
    required: location === 'path',
    description: '',
    example: '',
  };
  if (location === 'path') parameter.hideRequired = true;
  return parameter;
}

/** A new response with an empty body model and, optionally, a status code. */
export function newResponse(statusCode?: number): ResponseModel {
  const response: ResponseModel = { body: { name: '', customerJson: '' } };
  if (statusCode !== undefined) response.statusCode = statusCode;
  return response;
}
