/**
 * The endpoint panel's edits as commands that carry their target: what a control
 * asks the editor for (`editor.apply`), built from the view the user sees. Each names the
 * place it changes (a field, a parameter by index, a key of a body or a response), so a
 * keystroke sends what was typed, never the endpoint; the editor and the worker's session make
 * the same view of it (applyToView).
 */
import {
  pathTemplateNames,
  type BodyModel,
  type Endpoint,
  type EndpointCommand,
  type HttpMethod,
  type Parameter,
  type ResponseModel,
  type ViewPath,
} from '../../shared/openapi';
import { createParameter, createResponse, editBody } from './endpoint-ops';

/**
 * The method; a method that may have a body gets an empty one when it has none (the form shows
 * its fields), GET drops it (the session's rule).
 */
export function methodCommands(endpoint: Endpoint, method: HttpMethod): EndpointCommand[] {
  if (endpoint.method === method) return [];
  const commands: EndpointCommand[] = [
    { kind: 'setField', endpointId: endpoint.id, field: 'method', value: method },
  ];
  if (method !== 'GET' && endpoint.requestBody === undefined) {
    commands.push(bodyCommand(endpoint.id, ['requestBody'], editBody(undefined, {})));
  }
  return commands;
}

/**
 * The path with its path parameters following it (as withPath): a `{name}` that
 * appears gets a row, a name that turns into another in one edit renames its row.
 */
export function pathCommands(endpoint: Endpoint, path: string): EndpointCommand[] {
  if (path === endpoint.path) return [];
  const id = endpoint.id;
  const commands: EndpointCommand[] = [
    { kind: 'setField', endpointId: id, field: 'path', value: path },
  ];
  const before = pathTemplateNames(endpoint.path);
  const after = pathTemplateNames(path);
  const rows = endpoint.parameters.filter((p) => p.location === 'path');
  const hasRow = (name: string) => rows.some((p) => p.name.trim() === name);
  const added = after.filter((name) => !before.includes(name) && !hasRow(name));
  const gone = before.filter((name) => !after.includes(name) && hasRow(name));
  const [renamedFrom] = gone;
  const [renamedTo] = added;
  if (added.length === 1 && gone.length === 1 && renamedFrom !== undefined && renamedTo) {
    endpoint.parameters.forEach((p, index) => {
      if (p.location === 'path' && p.name.trim() === renamedFrom) {
        commands.push({ kind: 'setParameter', endpointId: id, index, change: { name: renamedTo } });
      }
    });
  } else {
    for (const name of added) {
      commands.push({
        kind: 'addParameter',
        endpointId: id,
        parameter: { ...createParameter('path'), name },
      });
    }
  }
  return commands;
}

/** A new parameter at the end of the list. */
export function addParameterCommand(endpoint: Endpoint, parameter: Parameter): EndpointCommand {
  return { kind: 'addParameter', endpointId: endpoint.id, parameter };
}

/** A change of the parameter with this id (by its index now). */
export function parameterCommands(
  endpoint: Endpoint,
  parameterId: string,
  change: Partial<Parameter>,
): EndpointCommand[] {
  const index = endpoint.parameters.findIndex((p) => p.id === parameterId);
  if (index < 0) return [];
  const { id: _id, ...rest } = change;
  return [{ kind: 'setParameter', endpointId: endpoint.id, index, change: rest }];
}

/** Removes the parameters with these ids (from the last, so each index holds). */
export function removeParametersCommands(
  endpoint: Endpoint,
  ids: readonly string[],
): EndpointCommand[] {
  const commands: EndpointCommand[] = [];
  for (let index = endpoint.parameters.length - 1; index >= 0; index--) {
    if (ids.includes((endpoint.parameters[index] as Parameter).id)) {
      commands.push({ kind: 'removeParameter', endpointId: endpoint.id, index });
    }
  }
  return commands;
}

/**
 * A change of a body (the request body, or a response's): each changed key at its place, or
 * the body whole when there is none yet (the form shows an empty one).
 */
export function bodyCommands(
  endpointId: string,
  at: ViewPath,
  body: BodyModel | undefined,
  change: Partial<BodyModel>,
): EndpointCommand[] {
  if (body === undefined) return [bodyCommand(endpointId, at, editBody(undefined, change))];
  const commands: EndpointCommand[] = [];
  for (const [key, value] of Object.entries(change)) {
    if (Object.hasOwn(body, key) && body[key as keyof BodyModel] === value) continue;
    commands.push({ kind: 'setAt', endpointId, path: [...at, key] as ViewPath, value });
  }
  return commands;
}

function bodyCommand(endpointId: string, at: ViewPath, body: BodyModel): EndpointCommand {
  return { kind: 'setAt', endpointId, path: at, value: body };
}

/** The request body's change. */
export function requestBodyCommands(
  endpoint: Endpoint,
  change: Partial<BodyModel>,
): EndpointCommand[] {
  return bodyCommands(endpoint.id, ['requestBody'], endpoint.requestBody, change);
}

/** A body replaced whole (a shared schema chosen for it). */
export function setBodyCommand(endpoint: Endpoint, at: ViewPath, body: BodyModel): EndpointCommand {
  return bodyCommand(endpoint.id, at, body);
}

/** Sets one key of response `index` (an undefined value removes it). */
export function responseCommand(
  endpoint: Endpoint,
  index: number,
  key: keyof ResponseModel,
  value: ResponseModel[keyof ResponseModel],
): EndpointCommand {
  return { kind: 'setAt', endpointId: endpoint.id, path: ['responses', index, key], value };
}

/** A response body's change. */
export function responseBodyCommands(
  endpoint: Endpoint,
  index: number,
  change: Partial<BodyModel>,
): EndpointCommand[] {
  const response = endpoint.responses[index];
  if (response === undefined) return [];
  return bodyCommands(endpoint.id, ['responses', index, 'body'], response.body, change);
}

/** A new, empty response at the end. */
export function addResponseCommand(endpoint: Endpoint): EndpointCommand {
  return {
    kind: 'insertAt',
    endpointId: endpoint.id,
    path: ['responses', endpoint.responses.length],
    value: createResponse(),
  };
}

export function removeResponseCommand(endpoint: Endpoint, index: number): EndpointCommand {
  return { kind: 'removeAt', endpointId: endpoint.id, path: ['responses', index] };
}

/** An optional field: an empty value removes it. */
export function optionalFieldCommand<
  K extends 'operationId' | 'description' | 'tags' | 'deprecated' | 'security',
>(endpoint: Endpoint, field: K, value: Endpoint[K] | ''): EndpointCommand {
  return {
    kind: 'setField',
    endpointId: endpoint.id,
    field,
    value: value === '' ? undefined : value,
  } as EndpointCommand;
}
