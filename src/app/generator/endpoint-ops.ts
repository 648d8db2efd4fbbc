/** Pure edits of the form model used by the panels (no React, no worker). */
import {
  newEndpoint,
  newParameter,
  type BodyModel,
  type Endpoint,
  type HttpMethod,
  type Parameter,
  type ResponseModel,
} from '../../shared';

/** A fresh id for a parameter or a copied endpoint (randomUUID needs a secure context). */
export function newId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `id-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** A new endpoint as spec §4 says; the very first one gets one response with code 200. */
export function createEndpoint(first: boolean): Endpoint {
  return newEndpoint(first);
}

/** A new, empty parameter (the core's rule: path parameters are required, without checkbox). */
export const createParameter = newParameter;

export function emptyBody(): BodyModel {
  return { name: '', customerJson: '' };
}

export function createResponse(): ResponseModel {
  return { body: emptyBody() };
}

/** A copy of an endpoint with new ids (the copy is a duplicate until its path or method changes). */
export function duplicateEndpoint(endpoint: Endpoint): Endpoint {
  const copy = structuredClone(endpoint);
  copy.id = newId();
  delete copy.isDuplicate;
  delete copy.operationId;
  copy.parameters = copy.parameters.map((p) => ({ ...p, id: newId() }));
  return copy;
}

/** Spec §4: switching to GET clears the request body. */
export function setMethod(endpoint: Endpoint, method: HttpMethod): Endpoint {
  if (endpoint.method === method) return endpoint;
  const next: Endpoint = { ...endpoint, method };
  if (method === 'GET') {
    delete next.requestBody;
    delete next.requestBodyRequired;
  } else if (next.requestBody === undefined) {
    next.requestBody = emptyBody();
  }
  return next;
}

export function updateParameter(
  endpoint: Endpoint,
  parameterId: string,
  change: Partial<Parameter>,
): Endpoint {
  return {
    ...endpoint,
    parameters: endpoint.parameters.map((p) => (p.id === parameterId ? { ...p, ...change } : p)),
  };
}

export function removeParameter(endpoint: Endpoint, parameterId: string): Endpoint {
  return { ...endpoint, parameters: endpoint.parameters.filter((p) => p.id !== parameterId) };
}

/**
 * A body with a change. A loaded (explicit) schema is the truth (issue 10): editing the example
 * changes the example only; re-deriving the schema is an explicit action of its own.
 */
export function editBody(body: BodyModel | undefined, change: Partial<BodyModel>): BodyModel {
  return { ...(body ?? emptyBody()), ...change };
}

export function updateResponse(
  endpoint: Endpoint,
  index: number,
  change: (response: ResponseModel) => ResponseModel,
): Endpoint {
  return {
    ...endpoint,
    responses: endpoint.responses.map((r, i) => (i === index ? change(r) : r)),
  };
}

export function removeResponse(endpoint: Endpoint, index: number): Endpoint {
  return { ...endpoint, responses: endpoint.responses.filter((_, i) => i !== index) };
}

const bodySizeCap = 256;

function projectBody(body: BodyModel): BodyModel {
  const projected: BodyModel = { name: body.name, customerJson: body.customerJson };
  // Validation only asks whether a body has a schema: keep that answer, not the payload.
  if (body.customerJson.length > bodySizeCap) projected.customerJson = '0';
  if (body.schema !== undefined) projected.schema = {};
  return projected;
}

const projections = new WeakMap<Endpoint, Endpoint>();

/**
 * The part of an endpoint the validation rules read: big examples and imported schemas are
 * replaced by small stand-ins, so validating 468 imported endpoints on every keystroke copies
 * kilobytes, not megabytes, to the worker. Cached per endpoint object (the store keeps
 * unchanged endpoints identical).
 */
export function validationView(endpoint: Endpoint): Endpoint {
  let view = projections.get(endpoint);
  if (view) return view;
  view = {
    id: endpoint.id,
    method: endpoint.method,
    path: endpoint.path,
    summary: '',
    parameters: endpoint.parameters.map((p) => ({
      id: p.id,
      name: p.name,
      location: p.location,
      required: p.required,
      description: '',
      example: p.example,
    })),
    responses: endpoint.responses.map((r) => {
      const response: ResponseModel = { body: projectBody(r.body) };
      if (r.statusCode !== undefined) response.statusCode = r.statusCode;
      return response;
    }),
  };
  if (endpoint.requestBody !== undefined) view.requestBody = projectBody(endpoint.requestBody);
  if (endpoint.operationId !== undefined) view.operationId = endpoint.operationId;
  if (endpoint.otherResponses !== undefined) view.otherResponses = endpoint.otherResponses;
  projections.set(endpoint, view);
  return view;
}
