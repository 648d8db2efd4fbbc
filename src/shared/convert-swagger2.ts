/**
 * Swagger 2.0 → OpenAPI 3.0 (issue 19, "brought forward in one step"). The conversion itself is
 * @scalar/openapi-upgrader's `upgradeFromTwoToThree` (pure ESM, no Node built-ins, runs in the
 * worker; see docs/decisions.md). This module reads the text with the core's limits, writes the
 * result in the input's flavor (YAML stays YAML, JSON stays JSON, `openapi` first), and says
 * what the conversion changed and what OpenAPI 3.0 cannot carry, as warnings with pointers into
 * the Swagger document — the upgrader itself reports nothing.
 */
import { upgradeFromTwoToThree } from '@scalar/openapi-upgrader/2.0-to-3.0';
import { yamlText } from './document/yaml-text';
import { CoreError } from './errors';
import { isObject, own, pointerOf, type JsonObject } from './openapi-common';
import { swaggerVersionOf } from './openapi-version';
import { readDocument } from './yaml-io';

/** Codes of {@link ConversionWarning}s. */
export const CONVERSION_WARNING_CODES = [
  /** Something was rewritten into its OpenAPI 3.0 form (servers, requestBody, components…). */
  'CONVERTED',
  /** Something OpenAPI 3.0 has no place for: it is not in the converted document. */
  'NOT_CARRIED',
] as const;

export type ConversionWarningCode = (typeof CONVERSION_WARNING_CODES)[number];

/** One change made by the conversion, or one thing it could not carry. */
export interface ConversionWarning {
  code: ConversionWarningCode;
  /** JSON pointer into the Swagger 2.0 document. */
  pointer: string;
  message: string;
}

export interface ConversionResult {
  /** The OpenAPI 3.0.x document (YAML for YAML input, JSON for JSON input). */
  text: string;
  warnings: ConversionWarning[];
}

const OPERATION_KEYS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

/**
 * Converts a Swagger 2.0 document (YAML or JSON text) to OpenAPI 3.0. Throws NOT_OPENAPI when
 * the text is not Swagger 2.0, and the core's parse errors for text that does not read.
 */
export function convertSwagger2(text: string): ConversionResult {
  const data = readDocument(text);
  const version = swaggerVersionOf(data);
  if (version === undefined || !/^2(\.0)?$/.test(version.trim()) || !isObject(data)) {
    throw new CoreError('NOT_OPENAPI', 'This is not a Swagger 2.0 document.');
  }
  const warnings = describeConversion(data);
  // The upgrader changes its argument in place: it gets a copy, the input stays as read.
  const upgraded: unknown = upgradeFromTwoToThree(structuredClone(data));
  if (!isObject(upgraded) || typeof upgraded.openapi !== 'string') {
    throw new CoreError('INTERNAL', 'The Swagger 2.0 document could not be converted.');
  }
  const out = tidy(upgraded);
  const json = text.trimStart().startsWith('{');
  return { text: json ? JSON.stringify(out, null, 2) + '\n' : yamlText(out), warnings };
}

/**
 * `openapi`, `info` and `servers` first (where readers look for them), everything else in the
 * upgrader's order; what OpenAPI 3.0 does not allow is removed (and was reported).
 */
function tidy(doc: JsonObject): JsonObject {
  const out: JsonObject = { openapi: doc.openapi };
  for (const key of ['info', 'servers']) if (doc[key] !== undefined) out[key] = doc[key];
  for (const key of Object.keys(doc)) if (!Object.hasOwn(out, key)) out[key] = doc[key];
  dropLeftovers(out);
  // An operation's own `schemes` (reported as not carried) has no place in OpenAPI 3.0.
  const paths = out.paths;
  if (isObject(paths)) {
    for (const item of Object.values(paths)) {
      if (!isObject(item)) continue;
      for (const method of OPERATION_KEYS) {
        const operation = item[method];
        if (isObject(operation)) delete operation.schemes;
      }
    }
  }
  return out;
}

/** Keys whose values are data, not OpenAPI objects: never looked into. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'value']);

/**
 * What the upgrader leaves that OpenAPI 3.0 does not allow: `required: []` in the schemas it
 * builds for form bodies (3.0 wants at least one name; an empty list means the same as none),
 * and `collectionFormat` where it has no place (response headers; reported by
 * describeConversion: a header's csv is 3.0's default `simple` style).
 */
function dropLeftovers(doc: JsonObject): void {
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object') stack.push(item);
    } else if (isObject(value)) {
      for (const key of Object.keys(value)) {
        const item = value[key];
        if (key === 'required' && Array.isArray(item) && item.length === 0) delete value[key];
        else if (key === 'collectionFormat') delete value[key];
        else if (
          !DATA_KEYS.has(key) &&
          !key.startsWith('x-') &&
          item !== null &&
          typeof item === 'object'
        ) {
          stack.push(item);
        }
      }
    }
  }
}

/** What the conversion changes and what it cannot carry, read from the Swagger document. */
function describeConversion(doc: JsonObject): ConversionWarning[] {
  const warnings: ConversionWarning[] = [];
  const converted = (pointer: string, message: string) =>
    warnings.push({ code: 'CONVERTED', pointer, message });
  const lost = (pointer: string, message: string) =>
    warnings.push({ code: 'NOT_CARRIED', pointer, message });

  converted('/swagger', "'swagger: 2.0' becomes 'openapi: 3.0.4'.");
  if (own(doc, 'host') !== undefined || own(doc, 'basePath') !== undefined) {
    converted(
      own(doc, 'host') !== undefined ? '/host' : '/basePath',
      "'host', 'basePath' and 'schemes' become 'servers'.",
    );
  }
  if (isObject(own(doc, 'definitions'))) {
    converted('/definitions', "'definitions' become 'components/schemas'.");
  }
  if (isObject(own(doc, 'parameters'))) {
    converted(
      '/parameters',
      "'parameters' become 'components/parameters' (body and form parameters 'components/requestBodies').",
    );
  }
  if (isObject(own(doc, 'responses'))) {
    converted('/responses', "'responses' become 'components/responses'.");
  }
  if (isObject(own(doc, 'securityDefinitions'))) {
    converted('/securityDefinitions', "'securityDefinitions' become 'components/securitySchemes'.");
  }
  for (const key of ['consumes', 'produces']) {
    if (own(doc, key) !== undefined) {
      converted(pointerOf('', key), `'${key}' become the media types of bodies and responses.`);
    }
  }
  const schemes = own(doc, 'securityDefinitions');
  if (isObject(schemes)) {
    for (const name of Object.keys(schemes)) {
      const scheme = schemes[name];
      if (isObject(scheme) && scheme.type === 'oauth2' && scheme.flow === undefined) {
        lost(
          pointerOf('/securityDefinitions', name),
          `OAuth scheme '${name}' names no flow; it is converted as an implicit flow.`,
        );
      }
    }
  }

  const paths = own(doc, 'paths');
  if (isObject(paths)) {
    for (const path of Object.keys(paths)) {
      const item = paths[path];
      if (!isObject(item)) continue;
      const itemPointer = pointerOf('/paths', path);
      describeParameters(own(item, 'parameters'), pointerOf(itemPointer, 'parameters'));
      for (const method of OPERATION_KEYS) {
        const operation = own(item, method);
        if (!isObject(operation)) continue;
        const pointer = pointerOf(itemPointer, method);
        describeParameters(own(operation, 'parameters'), pointerOf(pointer, 'parameters'));
        if (own(operation, 'schemes') !== undefined) {
          lost(
            pointerOf(pointer, 'schemes'),
            "An operation's own 'schemes' have no place in OpenAPI 3.0; they are not carried.",
          );
        }
        for (const key of ['consumes', 'produces']) {
          if (own(operation, key) !== undefined) {
            converted(
              pointerOf(pointer, key),
              `'${key}' become the media types of the operation's body and responses.`,
            );
          }
        }
      }
    }
  }

  /** Response headers' collection formats: csv is 3.0's `simple`; the others have no style. */
  function describeHeaders(response: unknown, pointer: string): void {
    const headers = isObject(response) ? own(response, 'headers') : undefined;
    if (!isObject(headers)) return;
    for (const name of Object.keys(headers)) {
      const header = headers[name];
      const format = isObject(header) ? header.collectionFormat : undefined;
      if (format === undefined || format === 'csv') continue;
      lost(
        pointerOf(pointer, 'headers', name, 'collectionFormat'),
        `'collectionFormat: ${String(format)}' of response header '${name}' has no OpenAPI 3.0 style; it is not carried.`,
      );
    }
  }
  const shared = own(doc, 'responses');
  if (isObject(shared)) {
    for (const code of Object.keys(shared)) {
      describeHeaders(shared[code], pointerOf('/responses', code));
    }
  }
  if (isObject(paths)) {
    for (const path of Object.keys(paths)) {
      const item = paths[path];
      if (!isObject(item)) continue;
      for (const method of OPERATION_KEYS) {
        const operation = own(item, method);
        const responses = isObject(operation) ? own(operation, 'responses') : undefined;
        if (!isObject(responses)) continue;
        for (const code of Object.keys(responses)) {
          describeHeaders(responses[code], pointerOf('/paths', path, method, 'responses', code));
        }
      }
    }
  }

  function describeParameters(list: unknown, pointer: string): void {
    if (!Array.isArray(list)) return;
    list.forEach((parameter: unknown, index) => {
      if (!isObject(parameter)) return;
      const at = pointerOf(pointer, index);
      const where = parameter.in;
      const name = typeof parameter.name === 'string' ? parameter.name : '';
      if (where === 'body') {
        converted(at, `Body parameter '${name}' becomes the requestBody; its name is not carried.`);
      } else if (where === 'formData') {
        converted(at, `Form parameter '${name}' becomes a property of a form requestBody.`);
        if (parameter.allowEmptyValue !== undefined) {
          lost(
            pointerOf(at, 'allowEmptyValue'),
            `'allowEmptyValue' of form parameter '${name}' has no place in OpenAPI 3.0; it is not carried.`,
          );
        }
      }
      const format = parameter.collectionFormat;
      if (format === 'tsv') {
        lost(
          pointerOf(at, 'collectionFormat'),
          `'collectionFormat: tsv' of parameter '${name}' has no OpenAPI 3.0 style; it is not carried.`,
        );
      } else if (typeof format === 'string' && format !== 'csv') {
        converted(
          pointerOf(at, 'collectionFormat'),
          `'collectionFormat: ${format}' of parameter '${name}' becomes a style.`,
        );
      }
      if (parameter.type === 'file') {
        converted(at, `File parameter '${name}' becomes a binary string.`);
      }
    });
  }
  return warnings;
}
