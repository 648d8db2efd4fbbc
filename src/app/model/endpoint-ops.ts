/** Pure edits of the form model used by the panels (no React, no worker). */
import {
  newEndpoint,
  newParameter,
  pathTemplateNames,
  validationProjection,
  type BodyModel,
  type Endpoint,
  type EndpointToValidate,
  type HttpMethod,
  type Parameter,
  type ResponseModel,
} from '../../shared/openapi';

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

/**
 * The path with its path parameters following it. A `{name}` that appears gets a path
 * parameter row (required, as every path parameter); when one name turns into another in one
 * edit (`{id}` → `{uid}`), its row is renamed and keeps its content. Rows whose name left the
 * path stay until the user leaves the field (see {@link staleParameters}): a template half
 * typed or half deleted never costs a row.
 */
export function withPath(endpoint: Endpoint, path: string): Endpoint {
  if (path === endpoint.path) return endpoint;
  const before = pathTemplateNames(endpoint.path);
  const after = pathTemplateNames(path);
  const rows = endpoint.parameters.filter((p) => p.location === 'path');
  const hasRow = (name: string) => rows.some((p) => p.name.trim() === name);
  const added = after.filter((name) => !before.includes(name) && !hasRow(name));
  const gone = before.filter((name) => !after.includes(name) && hasRow(name));
  let parameters = endpoint.parameters;
  const [renamedFrom] = gone;
  const [renamedTo] = added;
  if (added.length === 1 && gone.length === 1 && renamedFrom !== undefined && renamedTo) {
    parameters = parameters.map((p) =>
      p.location === 'path' && p.name.trim() === renamedFrom ? { ...p, name: renamedTo } : p,
    );
  } else if (added.length > 0) {
    parameters = [...parameters, ...added.map((name) => ({ ...createParameter('path'), name }))];
  }
  return { ...endpoint, path, parameters };
}

/** Whether a parameter row holds something the user would lose (a description or example). */
export function hasContent(parameter: Parameter): boolean {
  return parameter.description.trim() !== '' || parameter.example.trim() !== '';
}

/**
 * Path parameter rows whose name was in the path (`namesBefore`, when the field was entered) and
 * is not any more: empty ones go without a word, ones with content are asked about.
 */
export function staleParameters(
  endpoint: Endpoint,
  namesBefore: readonly string[],
): { silent: string[]; ask: Parameter[] } {
  const now = pathTemplateNames(endpoint.path);
  const silent: string[] = [];
  const ask: Parameter[] = [];
  for (const p of endpoint.parameters) {
    const name = p.name.trim();
    if (p.location !== 'path' || !namesBefore.includes(name) || now.includes(name)) continue;
    if (hasContent(p)) ask.push(p);
    else silent.push(p.id);
  }
  return { silent, ask };
}

export function removeParameters(endpoint: Endpoint, ids: readonly string[]): Endpoint {
  if (ids.length === 0) return endpoint;
  return { ...endpoint, parameters: endpoint.parameters.filter((p) => !ids.includes(p.id)) };
}

/**
 * Views exactly as a loaded document has them. The store keeps an unchanged endpoint
 * the same object and every edit makes a new one, so membership is "loaded and untouched".
 */
const loadedViews = new WeakSet<Endpoint>();
/** Validation views by endpoint (see {@link validationView}). */
const projections = new WeakMap<Endpoint, EndpointToValidate>();

/** Marks the views of a document just loaded (or restored from the kept document). */
export function markLoaded(endpoints: Iterable<Endpoint>): void {
  for (const endpoint of endpoints) {
    loadedViews.add(endpoint);
    // Validated before it was recognized (a reload): its projection says so now.
    projections.delete(endpoint);
  }
}

/** Whether an endpoint is still exactly as loaded from a document. */
export function isLoadedAsIs(endpoint: Endpoint): boolean {
  return loadedViews.has(endpoint);
}

export function removeParameter(endpoint: Endpoint, parameterId: string): Endpoint {
  return { ...endpoint, parameters: endpoint.parameters.filter((p) => p.id !== parameterId) };
}

/**
 * A body with a change. A loaded (explicit) schema is the truth: editing the example
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

/**
 * The part of an endpoint the validation rules read: big examples and imported schemas are
 * replaced by small stand-ins, so validating 468 imported endpoints on every keystroke copies
 * kilobytes, not megabytes, to the worker. Cached per endpoint object (the store keeps
 * unchanged endpoints identical).
 */
export function validationView(endpoint: Endpoint): EndpointToValidate {
  let view = projections.get(endpoint);
  if (view) return view;
  view = validationProjection(endpoint, loadedViews.has(endpoint));
  projections.set(endpoint, view);
  return view;
}
