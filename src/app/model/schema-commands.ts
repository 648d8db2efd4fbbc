/**
 * The Schemas section's edits as commands: a schema changed or added is `setSchema` of it
 * (a new one at its place), a deleted one `removeSchema`, and what a delete (or the form's own
 * rename) does to the endpoints that used it goes as the places it changed in each (a body, a
 * response, a parameter), never an endpoint whole.
 */
import type { DocumentCommand, Endpoint, Parameter, Schema } from '../../shared/openapi';
import type { SchemaEdit } from '../../shared/openapi/document/schemas';

/** The commands that make (`endpoints`, `schemas`) into `edit`'s. */
export function schemaEditCommands(
  endpoints: readonly Endpoint[],
  schemas: Readonly<Record<string, Schema>>,
  edit: SchemaEdit,
): DocumentCommand[] {
  const commands: DocumentCommand[] = [];
  const names = Object.keys(edit.schemas);
  for (const name of Object.keys(schemas)) {
    if (!Object.hasOwn(edit.schemas, name)) commands.push({ kind: 'removeSchema', name });
  }
  names.forEach((name, index) => {
    const schema = edit.schemas[name] as Schema;
    if (!Object.hasOwn(schemas, name)) commands.push({ kind: 'setSchema', name, schema, index });
    else if (schemas[name] !== schema) commands.push({ kind: 'setSchema', name, schema });
  });
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  for (const after of edit.endpoints) {
    const before = byId.get(after.id);
    if (before === undefined || before === after) continue;
    const endpointId = after.id;
    if (before.requestBody !== after.requestBody && after.requestBody !== undefined) {
      commands.push({ kind: 'setAt', endpointId, path: ['requestBody'], value: after.requestBody });
    }
    after.responses.forEach((response, index) => {
      if (before.responses[index] !== response) {
        commands.push({ kind: 'setAt', endpointId, path: ['responses', index], value: response });
      }
    });
    after.parameters.forEach((parameter, index) => {
      const old = before.parameters[index];
      if (old === undefined || old === parameter) return;
      const change: Partial<Omit<Parameter, 'id'>> = {};
      for (const key of new Set([...Object.keys(old), ...Object.keys(parameter)])) {
        if (key === 'id') continue;
        const x = (old as unknown as Record<string, unknown>)[key];
        const y = (parameter as unknown as Record<string, unknown>)[key];
        if (x !== y) (change as Record<string, unknown>)[key] = y;
      }
      commands.push({ kind: 'setParameter', endpointId, index, change });
    });
  }
  return commands;
}
