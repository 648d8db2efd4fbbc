/**
 * Swagger 2.0 → OpenAPI 3.0, brought forward in one step, and valid whenever its input is. The
 * conversion itself is @scalar/openapi-upgrader's `upgradeFromTwoToThree` (pure ESM, no Node
 * built-ins, runs in the worker; see docs/decisions.md). Around it this module
 * makes the fixes swagger2openapi makes so that every valid Swagger 2.0 input gives a valid
 * OpenAPI 3.0 document (component names, OAuth scopes, body parameters by reference, path-level
 * bodies, type lists), reads the text with the core's limits, writes the result in the input's
 * flavor (YAML stays YAML, JSON stays JSON, `openapi` first), and says what the conversion
 * changed and what OpenAPI 3.0 cannot carry, as report items with pointers into the Swagger
 * document — the upgrader itself reports nothing.
 */
import { upgradeFromTwoToThree } from '@scalar/openapi-upgrader/2.0-to-3.0';
import { yamlText } from './document/yaml-text';
import { CoreError } from './errors';
import {
  escapePointer,
  isObject,
  own,
  pointerOf,
  setOwn,
  unescapePointer,
  type JsonObject,
} from './openapi-common';
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

/**
 * What one report item says, for the app's translated wording: each kind has one
 * English sentence ({@link conversionMessage}) whose `{names}` are the item's `params`.
 */
export const CONVERSION_ITEM_KINDS = [
  'VERSION',
  'SERVERS',
  'DEFINITIONS',
  'PARAMETERS',
  'RESPONSES',
  'SECURITY_DEFINITIONS',
  'MEDIA_TYPES',
  'OPERATION_MEDIA_TYPES',
  'OAUTH_NO_FLOW',
  'OAUTH_NO_SCOPES',
  'OPERATION_SCHEMES',
  'BODY_PARAMETER',
  'BODY_PARAMETER_REF',
  'BODY_PARAMETER_REF_INLINED',
  'FORM_PARAMETER',
  'FORM_PARAMETER_REF',
  'PATH_BODY_PARAMETER',
  'FORM_ALLOW_EMPTY',
  'COLLECTION_FORMAT',
  'COLLECTION_FORMAT_TSV',
  'HEADER_COLLECTION_FORMAT',
  'FILE_PARAMETER',
  'COMPONENT_RENAMED',
  'SCHEMA_TYPE_LIST',
  'SCHEMA_ITEMS_LIST',
  'RESPONSE_EXAMPLES',
] as const;

export type ConversionItemKind = (typeof CONVERSION_ITEM_KINDS)[number];

/** One change made by the conversion, or one thing it could not carry. */
export interface ConversionWarning {
  code: ConversionWarningCode;
  /** What the item says; the app words it in the user's language from `kind` and `params`. */
  kind: ConversionItemKind;
  /** The names and values the item mentions (see {@link conversionMessage}). */
  params: Readonly<Record<string, string>>;
  /** JSON pointer into the Swagger 2.0 document. */
  pointer: string;
  /** The item in English. */
  message: string;
}

export interface ConversionResult {
  /** The OpenAPI 3.0.x document (YAML for YAML input, JSON for JSON input). */
  text: string;
  warnings: ConversionWarning[];
}

/** The English sentence of a report item; `params` fill its `{names}`. */
export function conversionMessage(
  kind: ConversionItemKind,
  params: Readonly<Record<string, string>>,
): string {
  const p = (key: string) => params[key] ?? '';
  switch (kind) {
    case 'VERSION':
      return "'swagger: 2.0' becomes 'openapi: 3.0.4'.";
    case 'SERVERS':
      return "'host', 'basePath' and 'schemes' become 'servers'.";
    case 'DEFINITIONS':
      return "'definitions' become 'components/schemas'.";
    case 'PARAMETERS':
      return "'parameters' become 'components/parameters' (body and form parameters 'components/requestBodies').";
    case 'RESPONSES':
      return "'responses' become 'components/responses'.";
    case 'SECURITY_DEFINITIONS':
      return "'securityDefinitions' become 'components/securitySchemes'.";
    case 'MEDIA_TYPES':
      return `'${p('key')}' become the media types of bodies and responses.`;
    case 'OPERATION_MEDIA_TYPES':
      return `'${p('key')}' become the media types of the operation's body and responses.`;
    case 'OAUTH_NO_FLOW':
      return `OAuth scheme '${p('name')}' names no flow; it is converted as an implicit flow.`;
    case 'OAUTH_NO_SCOPES':
      return `OAuth scheme '${p('name')}' lists no scopes; OpenAPI 3.0 requires the list, so its flow gets an empty one.`;
    case 'OPERATION_SCHEMES':
      return "An operation's own 'schemes' have no place in OpenAPI 3.0; they are not carried.";
    case 'BODY_PARAMETER':
      return `Body parameter '${p('name')}' becomes the requestBody; its name is not carried.`;
    case 'BODY_PARAMETER_REF':
      return `The reference to body parameter '${p('ref')}' becomes a requestBody that refers to '${p('target')}'.`;
    case 'BODY_PARAMETER_REF_INLINED':
      return `The reference to body parameter '${p('ref')}' becomes the operation's own requestBody, with the operation's media types.`;
    case 'FORM_PARAMETER':
      return `Form parameter '${p('name')}' becomes a property of a form requestBody.`;
    case 'FORM_PARAMETER_REF':
      return `The reference to form parameter '${p('ref')}' becomes a property of the operation's form requestBody.`;
    case 'PATH_BODY_PARAMETER':
      return `Body or form parameter '${p('name')}' of the path becomes part of the requestBody of each of its operations.`;
    case 'FORM_ALLOW_EMPTY':
      return `'allowEmptyValue' of form parameter '${p('name')}' has no place in OpenAPI 3.0; it is not carried.`;
    case 'COLLECTION_FORMAT':
      return `'collectionFormat: ${p('format')}' of parameter '${p('name')}' becomes a style.`;
    case 'COLLECTION_FORMAT_TSV':
      return `'collectionFormat: tsv' of parameter '${p('name')}' has no OpenAPI 3.0 style; it is not carried.`;
    case 'HEADER_COLLECTION_FORMAT':
      return `'collectionFormat: ${p('format')}' of response header '${p('name')}' has no OpenAPI 3.0 style; it is not carried.`;
    case 'FILE_PARAMETER':
      return `File parameter '${p('name')}' becomes a binary string.`;
    case 'COMPONENT_RENAMED':
      return `OpenAPI 3.0 does not allow the component name '${p('name')}'; it becomes '${p('newName')}', and the references to it follow.`;
    case 'SCHEMA_TYPE_LIST':
      return `The list of types '${p('types')}' has no place in OpenAPI 3.0; it becomes one type, 'nullable' or 'anyOf'.`;
    case 'RESPONSE_EXAMPLES':
      return `The response's example for '${p('type')}' joins its named examples as '${p('key')}': OpenAPI 3.0 does not allow both.`;
    case 'SCHEMA_ITEMS_LIST':
      return "A list of 'items' (one schema per position) has no place in OpenAPI 3.0; the positions are not carried, each item may match any of the schemas.";
  }
}

const OPERATION_KEYS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

/** Component names OpenAPI 3.0 allows (its schema's pattern for every `components` map). */
const COMPONENT_NAME = /^[a-zA-Z0-9.\-_]+$/;

/** The Swagger 2.0 maps that become `components`, and the section of their `$ref`s. */
const COMPONENT_SECTIONS = ['definitions', 'parameters', 'responses', 'securityDefinitions'];

/** The report being written: each item's English message comes from its kind. */
class Report {
  readonly items: ConversionWarning[] = [];
  private readonly seen = new Set<string>();
  converted(pointer: string, kind: ConversionItemKind, params: Record<string, string> = {}) {
    this.add('CONVERTED', pointer, kind, params);
  }
  lost(pointer: string, kind: ConversionItemKind, params: Record<string, string> = {}) {
    this.add('NOT_CARRIED', pointer, kind, params);
  }
  private add(
    code: ConversionWarningCode,
    pointer: string,
    kind: ConversionItemKind,
    params: Record<string, string>,
  ) {
    // A path's parameter moves to each of its operations: said once.
    const key = JSON.stringify([code, kind, pointer, params]);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push({ code, kind, params, pointer, message: conversionMessage(kind, params) });
  }
}

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
  const report = new Report();
  describeConversion(data, report);
  // The upgrader changes its argument in place: it gets a copy, the input stays as read.
  const source = structuredClone(data);
  const held = prepare(source, report);
  let upgraded: unknown;
  try {
    upgraded = upgradeFromTwoToThree(source);
  } catch {
    // Only a document that is not valid Swagger 2.0 gets here (e.g. a parameter without `in`).
    throw new CoreError('INVALID_INPUT', 'The Swagger 2.0 document could not be converted.');
  }
  if (!isObject(upgraded) || typeof upgraded.openapi !== 'string') {
    throw new CoreError('INTERNAL', 'The Swagger 2.0 document could not be converted.');
  }
  restore(upgraded, held);
  const out = tidy(upgraded);
  separateExamples(out, held.renames, report);
  const json = text.trimStart().startsWith('{');
  return {
    text: json ? JSON.stringify(out, null, 2) + '\n' : yamlText(out),
    warnings: report.items,
  };
}

// ——— Before the upgrader: fixes on the Swagger 2.0 copy ———

/** Values taken out of the copy before the upgrader runs, put back after it (see hold). */
interface Held {
  /** `paths` extensions (x-…), in their place among the paths. */
  pathsOrder: string[];
  paths: Map<string, unknown>;
  /** Per path: the path item's keys in order, and its values that are not operations. */
  items: Map<string, { order: string[]; values: Map<string, unknown> }>;
  /** Per path and method: the responses' keys in order, and their extensions. */
  responses: Map<string, { order: string[]; values: Map<string, unknown> }>;
  /** The components renamed (see planRenames). */
  renames: Renames;
}

/**
 * The fixes swagger2openapi makes, on the Swagger side where the upgrader then does the rest:
 * component names OpenAPI 3.0 forbids are renamed (references and security requirements
 * follow), OAuth flows get their required `scopes`, body and form parameters of a path move to
 * its operations, form parameters by reference are copied in, schema type and items lists get a
 * 3.0 form. What the upgrader would misread as operations is held apart (see Held).
 */
function prepare(doc: JsonObject, report: Report): Held {
  // Names first planned, last changed: the report points at the Swagger document's names.
  const renames = planRenames(doc, report);
  addOAuthScopes(doc, report);
  moveBodyParameters(doc, report, renames);
  keepParameterExamples(doc);
  fixSchemas(doc, report);
  renameComponents(doc, renames);
  return { ...hold(doc), renames };
}

/** The name a component gets when OpenAPI 3.0 does not allow its own (swagger2openapi's rule). */
function sanitisedName(name: string): string {
  const base = name.replace(/[^A-Za-z0-9._-]+/g, '_');
  return base.length > 0 ? base : '_';
}

/** The component name a local `#/<section>/<name>…` reference points to, and the rest. */
function refTarget(ref: string): { section: string; name: string; rest: string } | undefined {
  if (!ref.startsWith('#/')) return undefined;
  const tokens = ref.slice(2).split('/');
  const [section, token] = tokens;
  if (section === undefined || token === undefined || !COMPONENT_SECTIONS.includes(section)) {
    return undefined;
  }
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // Not percent-encoded: use it as written.
  }
  const rest = tokens.slice(2).map((t) => '/' + t);
  return { section, name: unescapePointer(decoded), rest: rest.join('') };
}

/** Per Swagger section (definitions…), the new name of each component renamed. */
type Renames = Map<string, Map<string, string>>;

/**
 * The new names of the definitions, parameters, responses and security schemes whose names
 * OpenAPI 3.0 does not allow (`^[a-zA-Z0-9.\-_]+$`): `$.xgafv`, `Foo[Bar]`, names with spaces…
 * A name already taken gets a number. Reported here, with the pointers of the Swagger names.
 */
function planRenames(doc: JsonObject, report: Report): Renames {
  const renames: Renames = new Map();
  for (const section of COMPONENT_SECTIONS) {
    const map = own(doc, section);
    if (!isObject(map)) continue;
    const names = Object.keys(map);
    if (names.every((name) => COMPONENT_NAME.test(name))) continue;
    const taken = new Set(names.filter((name) => COMPONENT_NAME.test(name)));
    const renamed = new Map<string, string>();
    // The next number to try per base name: many names with one base stay linear.
    const next = new Map<string, number>();
    for (const name of names) {
      if (COMPONENT_NAME.test(name)) continue;
      const base = sanitisedName(name);
      let newName = base;
      let i = next.get(base) ?? 2;
      while (taken.has(newName)) newName = `${base}_${i++}`;
      next.set(base, i);
      taken.add(newName);
      renamed.set(name, newName);
      report.converted(pointerOf('', section, name), 'COMPONENT_RENAMED', { name, newName });
    }
    renames.set(section, renamed);
  }
  return renames;
}

/**
 * Renames the components of planRenames: every local reference to them and every security
 * requirement that names a scheme follows.
 */
function renameComponents(doc: JsonObject, renames: Renames): void {
  for (const [section, renamed] of renames) {
    const map = own(doc, section);
    if (!isObject(map)) continue;
    const next: JsonObject = {};
    for (const name of Object.keys(map)) setOwn(next, renamed.get(name) ?? name, map[name]);
    doc[section] = next;
  }
  if (renames.size === 0) return;
  forEachObject(doc, (object) => {
    const ref = own(object, '$ref');
    if (typeof ref !== 'string') return;
    const target = refTarget(ref);
    const newName = target && renames.get(target.section)?.get(target.name);
    if (target && newName !== undefined) {
      object.$ref = `#/${target.section}/${escapePointer(newName)}${target.rest}`;
    }
  });
  const schemes = renames.get('securityDefinitions');
  if (schemes === undefined) return;
  const renameRequirements = (list: unknown) => {
    if (!Array.isArray(list)) return;
    list.forEach((requirement: unknown, index) => {
      if (!isObject(requirement)) return;
      const next: JsonObject = {};
      for (const key of Object.keys(requirement)) {
        setOwn(next, schemes.get(key) ?? key, requirement[key]);
      }
      list[index] = next;
    });
  };
  renameRequirements(own(doc, 'security'));
  forEachOperation(doc, (operation) => renameRequirements(own(operation, 'security')));
}

/** OAuth2 flows without `scopes` (optional in 2.0, required in 3.0) get an empty list. */
function addOAuthScopes(doc: JsonObject, report: Report): void {
  const schemes = own(doc, 'securityDefinitions');
  if (!isObject(schemes)) return;
  for (const name of Object.keys(schemes)) {
    const scheme = schemes[name];
    if (!isObject(scheme) || scheme.type !== 'oauth2' || isObject(scheme.scopes)) continue;
    scheme.scopes = {};
    report.converted(pointerOf('/securityDefinitions', name), 'OAUTH_NO_SCOPES', { name });
  }
}

/**
 * Body and form parameters, where the upgrader would leave them as parameters or lose them:
 * - a path's own body and form parameters move to each of its operations (unless the operation
 *   overrides them), where they become its requestBody;
 * - a form parameter by reference is copied into the operation: the operation's form fields
 *   make one requestBody;
 * - a body parameter by reference stays a reference (to `components/requestBodies`, see
 *   liftRequestBodyRefs), unless the operation has media types of its own: then it is copied,
 *   and its requestBody has the operation's media types.
 */
function moveBodyParameters(doc: JsonObject, report: Report, renames: Renames): void {
  const shared = own(doc, 'parameters');
  const resolve = (entry: unknown): JsonObject | undefined => {
    if (!isObject(entry)) return undefined;
    const ref = own(entry, '$ref');
    if (typeof ref !== 'string') return entry;
    const target = refTarget(ref);
    if (target?.section !== 'parameters' || target.rest !== '' || !isObject(shared)) {
      return undefined;
    }
    const param = own(shared, target.name);
    return isObject(param) ? param : undefined;
  };
  const isBody = (entry: unknown) => {
    const where = resolve(entry)?.in;
    return where === 'body' || where === 'formData';
  };
  const overrides = (a: JsonObject | undefined, b: JsonObject | undefined) =>
    a !== undefined && b !== undefined && a.in === b.in && (a.in === 'body' || a.name === b.name);
  const documentConsumes = JSON.stringify(own(doc, 'consumes') ?? ['application/json']);

  const paths = own(doc, 'paths');
  if (!isObject(paths)) return;
  for (const path of Object.keys(paths)) {
    const item = paths[path];
    if (!isObject(item) || path.startsWith('x-')) continue;
    const itemPointer = pointerOf('/paths', path);
    // The path's body and form parameters, with where they are in the Swagger document.
    const pathParameters = own(item, 'parameters');
    const bodies: { entry: unknown; pointer: string }[] = [];
    if (Array.isArray(pathParameters) && pathParameters.some(isBody)) {
      pathParameters.forEach((entry: unknown, index) => {
        if (!isBody(entry)) return;
        const pointer = pointerOf(itemPointer, 'parameters', index);
        bodies.push({ entry, pointer });
        const name = resolve(entry)?.name;
        report.converted(pointer, 'PATH_BODY_PARAMETER', {
          name: typeof name === 'string' ? name : '',
        });
      });
      const rest = pathParameters.filter((entry) => !isBody(entry));
      if (rest.length > 0) item.parameters = rest;
      else delete item.parameters;
    }
    for (const method of OPERATION_KEYS) {
      const operation = own(item, method);
      if (!isObject(operation)) continue;
      const pointer = pointerOf(itemPointer, method, 'parameters');
      const listed: unknown[] = Array.isArray(operation.parameters) ? operation.parameters : [];
      const entries = listed.map((entry, index) => ({ entry, pointer: pointerOf(pointer, index) }));
      const mine = listed.map(resolve);
      for (const body of bodies) {
        const param = resolve(body.entry);
        if (mine.some((other) => overrides(param, other))) continue;
        entries.push({ entry: structuredClone(body.entry), pointer: body.pointer });
      }
      if (entries.length === 0) continue;
      const consumes = own(operation, 'consumes');
      const ownMediaTypes = consumes !== undefined && JSON.stringify(consumes) !== documentConsumes;
      operation.parameters = entries.map(({ entry, pointer: at }) => {
        if (!isObject(entry) || typeof own(entry, '$ref') !== 'string') return entry;
        const param = resolve(entry);
        const ref = String(entry.$ref);
        if (param?.in === 'formData') {
          report.converted(at, 'FORM_PARAMETER_REF', { ref });
          return structuredClone(param);
        }
        if (param?.in === 'body' && ownMediaTypes) {
          report.converted(at, 'BODY_PARAMETER_REF_INLINED', { ref });
          return structuredClone(param);
        }
        if (param?.in === 'body') {
          const name = refTarget(ref)?.name ?? '';
          const target = pointerOf(
            '#/components/requestBodies',
            renames.get('parameters')?.get(name) ?? name,
          );
          report.converted(at, 'BODY_PARAMETER_REF', { ref, target });
        }
        return entry;
      });
    }
  }
}

/**
 * A parameter's `x-example` that is one value (not a map of media types) becomes its 3.0
 * `example`, which the upgrader would drop otherwise.
 */
function keepParameterExamples(doc: JsonObject): void {
  const keep = (param: unknown) => {
    if (!isObject(param) || param.in === 'body' || !Object.hasOwn(param, 'x-example')) return;
    const example = param['x-example'];
    if (isObject(example) && Object.keys(example).length > 0) return;
    if (param.example === undefined) param.example = example;
    delete param['x-example'];
  };
  const shared = own(doc, 'parameters');
  if (isObject(shared)) for (const name of Object.keys(shared)) keep(shared[name]);
  const paths = own(doc, 'paths');
  if (!isObject(paths)) return;
  for (const path of Object.keys(paths)) {
    const item = paths[path];
    if (!isObject(item) || path.startsWith('x-')) continue;
    const lists = [own(item, 'parameters')];
    for (const method of OPERATION_KEYS) {
      const operation = own(item, method);
      if (isObject(operation)) lists.push(own(operation, 'parameters'));
    }
    for (const list of lists) if (Array.isArray(list)) list.forEach(keep);
  }
}

/** Keys whose values are data, not OpenAPI objects: never looked into. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'value']);

/** Keys whose values map names to objects: a name there is never a keyword (nor data). */
const NAME_MAP_KEYS = new Set([
  'properties',
  'patternProperties',
  'definitions',
  'parameters',
  'responses',
  'securityDefinitions',
  'paths',
  'headers',
  'schemas',
  'requestBodies',
  'securitySchemes',
  'content',
  'encoding',
]);

/**
 * Calls `visit` on every object of the document outside data (examples, defaults, enums; with
 * `extensions: false` also outside x-… values), each once however often YAML aliases share it.
 */
function forEachObject(
  root: unknown,
  visit: (object: JsonObject) => void,
  { extensions = true }: { extensions?: boolean } = {},
): void {
  const seen = new Set<object>();
  const stack: { value: unknown; names: boolean }[] = [{ value: root, names: false }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { value, names } = top;
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) stack.push({ value: item, names: false });
      continue;
    }
    const object = value as JsonObject;
    if (!names) visit(object);
    for (const key of Object.keys(object)) {
      if (!names && (DATA_KEYS.has(key) || (!extensions && key.startsWith('x-')))) continue;
      stack.push({ value: object[key], names: !names && NAME_MAP_KEYS.has(key) });
    }
  }
}

/** Calls `visit` on every operation of the document's paths. */
function forEachOperation(doc: JsonObject, visit: (operation: JsonObject) => void): void {
  forEachPathItem(doc, (item) => {
    for (const method of OPERATION_KEYS) {
      const operation = own(item, method);
      if (isObject(operation)) visit(operation);
    }
  });
}

/** Each path item under `paths` (its extensions aside), with its JSON pointer. */
function forEachPathItem(
  doc: JsonObject,
  visit: (item: JsonObject, itemPointer: string) => void,
): void {
  const paths = own(doc, 'paths');
  if (!isObject(paths)) return;
  for (const path of Object.keys(paths)) {
    const item = paths[path];
    if (isObject(item) && !path.startsWith('x-')) visit(item, pointerOf('/paths', path));
  }
}

/**
 * Schema keywords JSON Schema draft 4 (and so Swagger 2.0) allows and OpenAPI 3.0 does not:
 * a list of types becomes one type, `nullable` or `anyOf`; a list of items (one schema per
 * position) becomes one items schema with `anyOf`.
 */
function fixSchemas(doc: JsonObject, report: Report): void {
  const seen = new Set<object>();
  const fix = (schema: unknown, pointer: string): void => {
    if (!isObject(schema) || seen.has(schema)) return;
    seen.add(schema);
    const type = own(schema, 'type');
    if (Array.isArray(type)) {
      const types = type.filter((t): t is string => typeof t === 'string');
      const others = [...new Set(types.filter((t) => t !== 'null'))];
      if (others.length < types.length) schema.nullable = true;
      if (others.length === 1) schema.type = others[0];
      else delete schema.type;
      if (others.length > 1) schema.anyOf = others.map((t) => ({ type: t }));
      report.converted(pointerOf(pointer, 'type'), 'SCHEMA_TYPE_LIST', { types: types.join(', ') });
    }
    const items = own(schema, 'items');
    if (Array.isArray(items)) {
      items.forEach((item: unknown, index) => fix(item, pointerOf(pointer, 'items', index)));
      schema.items = items.length === 1 ? items[0] : items.length === 0 ? {} : { anyOf: items };
      report.lost(pointerOf(pointer, 'items'), 'SCHEMA_ITEMS_LIST');
    } else {
      fix(items, pointerOf(pointer, 'items'));
    }
    const properties = own(schema, 'properties');
    if (isObject(properties)) {
      for (const name of Object.keys(properties)) {
        fix(properties[name], pointerOf(pointer, 'properties', name));
      }
    }
    fix(own(schema, 'additionalProperties'), pointerOf(pointer, 'additionalProperties'));
    const allOf = own(schema, 'allOf');
    if (Array.isArray(allOf)) {
      allOf.forEach((member: unknown, index) => fix(member, pointerOf(pointer, 'allOf', index)));
    }
  };
  const parameters = (list: unknown, pointer: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((param: unknown, index) => {
      if (isObject(param)) fix(own(param, 'schema'), pointerOf(pointer, index, 'schema'));
    });
  };
  const responses = (map: unknown, pointer: string) => {
    if (!isObject(map)) return;
    for (const code of Object.keys(map)) {
      const response = map[code];
      if (isObject(response)) fix(own(response, 'schema'), pointerOf(pointer, code, 'schema'));
    }
  };
  const definitions = own(doc, 'definitions');
  if (isObject(definitions)) {
    for (const name of Object.keys(definitions)) {
      fix(definitions[name], pointerOf('/definitions', name));
    }
  }
  const sharedParameters = own(doc, 'parameters');
  if (isObject(sharedParameters)) {
    for (const name of Object.keys(sharedParameters)) {
      const param = sharedParameters[name];
      if (isObject(param)) fix(own(param, 'schema'), pointerOf('/parameters', name, 'schema'));
    }
  }
  responses(own(doc, 'responses'), '/responses');
  forEachPathItem(doc, (item, itemPointer) => {
    parameters(own(item, 'parameters'), pointerOf(itemPointer, 'parameters'));
    for (const method of OPERATION_KEYS) {
      const operation = own(item, method);
      if (!isObject(operation)) continue;
      parameters(own(operation, 'parameters'), pointerOf(itemPointer, method, 'parameters'));
      responses(own(operation, 'responses'), pointerOf(itemPointer, method, 'responses'));
    }
  });
}

/**
 * Takes out what the upgrader would read as operations or responses: extensions of `paths`, a
 * path item's `$ref` and extensions, extensions of an operation's responses. They are data to
 * OpenAPI 3.0 as they were to 2.0, and go back unchanged, in their places (see restore).
 */
function hold(doc: JsonObject): Omit<Held, 'renames'> {
  const held = {
    pathsOrder: [] as string[],
    paths: new Map<string, unknown>(),
    items: new Map<string, { order: string[]; values: Map<string, unknown> }>(),
    responses: new Map<string, { order: string[]; values: Map<string, unknown> }>(),
  };
  const paths = own(doc, 'paths');
  if (!isObject(paths)) return held;
  held.pathsOrder = Object.keys(paths);
  for (const path of held.pathsOrder) {
    const item = paths[path];
    if (path.startsWith('x-') || !isObject(item)) {
      held.paths.set(path, item);
      delete paths[path];
      continue;
    }
    const values = new Map<string, unknown>();
    const order = Object.keys(item);
    for (const key of order) {
      if (OPERATION_KEYS.includes(key) || key === 'parameters') continue;
      values.set(key, item[key]);
      delete item[key];
    }
    held.items.set(path, { order, values });
    for (const method of OPERATION_KEYS) {
      const operation = own(item, method);
      const responses = isObject(operation) ? own(operation, 'responses') : undefined;
      if (!isObject(responses)) continue;
      const responseValues = new Map<string, unknown>();
      const responseOrder = Object.keys(responses);
      for (const key of responseOrder) {
        const response = responses[key];
        if (!key.startsWith('x-') && isObject(response)) continue;
        responseValues.set(key, response);
        delete responses[key];
      }
      if (responseValues.size > 0) {
        held.responses.set(`${path} ${method}`, { order: responseOrder, values: responseValues });
      }
    }
  }
  return held;
}

/** Copies `object` with its keys in `order` (held values in their places), then any new keys. */
function reordered(object: JsonObject, order: string[], values: Map<string, unknown>): JsonObject {
  const out: JsonObject = {};
  for (const key of order) {
    if (values.has(key)) setOwn(out, key, values.get(key));
    else if (Object.hasOwn(object, key)) setOwn(out, key, object[key]);
  }
  for (const key of Object.keys(object))
    if (!Object.hasOwn(out, key)) setOwn(out, key, object[key]);
  return out;
}

// ——— After the upgrader ———

/** Puts back what hold took out, where it was. */
function restore(doc: JsonObject, held: Held): void {
  const paths = own(doc, 'paths');
  if (!isObject(paths)) return;
  for (const path of Object.keys(paths)) {
    const item = paths[path];
    if (!isObject(item)) continue;
    const responses = held.responses;
    for (const method of OPERATION_KEYS) {
      const operation = own(item, method);
      const kept = responses.get(`${path} ${method}`);
      if (!isObject(operation) || kept === undefined) continue;
      const current = own(operation, 'responses');
      operation.responses = reordered(isObject(current) ? current : {}, kept.order, kept.values);
    }
    const kept = held.items.get(path);
    if (kept !== undefined) paths[path] = reordered(item, kept.order, kept.values);
  }
  doc.paths = reordered(paths, held.pathsOrder, held.paths);
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
  forEachOperation(out, (operation) => {
    // An operation's own `schemes` (reported as not carried) has no place in OpenAPI 3.0.
    delete operation.schemes;
    liftRequestBodyRefs(operation);
  });
  return out;
}

/**
 * A response's `examples` keyed by media type and by name: the upgrader puts the first as the
 * media type's `example`, the second as its `examples`, which OpenAPI 3.0 does not allow side
 * by side. The `example` joins the named ones (as `example`, or `example_2`… when taken).
 */
function separateExamples(doc: JsonObject, renames: Renames, report: Report): void {
  const fix = (response: unknown, pointer: string) => {
    const content = isObject(response) ? own(response, 'content') : undefined;
    if (!isObject(content)) return;
    for (const type of Object.keys(content)) {
      const media = content[type];
      if (!isObject(media) || !Object.hasOwn(media, 'example') || !isObject(media.examples)) {
        continue;
      }
      const examples: JsonObject = {};
      let key = 'example';
      for (let i = 2; Object.hasOwn(media.examples, key); i++) key = `example_${i}`;
      setOwn(examples, key, { value: media.example });
      for (const name of Object.keys(media.examples)) setOwn(examples, name, media.examples[name]);
      media.examples = examples;
      delete media.example;
      report.converted(pointerOf(pointer, 'examples'), 'RESPONSE_EXAMPLES', { type, key });
    }
  };
  const paths = own(doc, 'paths');
  if (isObject(paths)) {
    for (const path of Object.keys(paths)) {
      const item = paths[path];
      if (!isObject(item)) continue;
      for (const method of OPERATION_KEYS) {
        const operation = own(item, method);
        const responses = isObject(operation) ? own(operation, 'responses') : undefined;
        if (!isObject(responses)) continue;
        for (const code of Object.keys(responses)) {
          fix(responses[code], pointerOf('/paths', path, method, 'responses', code));
        }
      }
    }
  }
  const shared = own(doc, 'components');
  const responses = isObject(shared) ? own(shared, 'responses') : undefined;
  if (!isObject(responses)) return;
  const original = new Map([...(renames.get('responses') ?? [])].map(([from, to]) => [to, from]));
  for (const name of Object.keys(responses)) {
    fix(responses[name], pointerOf('/responses', original.get(name) ?? name));
  }
}

/**
 * A body parameter by reference: the upgrader points the reference at
 * `components/requestBodies` but leaves it among the parameters. It becomes the operation's
 * requestBody (reported by moveBodyParameters).
 */
function liftRequestBodyRefs(operation: JsonObject): void {
  const list = own(operation, 'parameters');
  if (!Array.isArray(list)) return;
  const isBodyRef = (entry: unknown) =>
    isObject(entry) &&
    typeof entry.$ref === 'string' &&
    entry.$ref.startsWith('#/components/requestBodies/');
  const body: unknown = list.find(isBodyRef);
  if (body === undefined) return;
  if (operation.requestBody === undefined) operation.requestBody = body;
  const rest = list.filter((entry) => !isBodyRef(entry));
  if (rest.length > 0) operation.parameters = rest;
  else delete operation.parameters;
}

/**
 * What the upgrader leaves that OpenAPI 3.0 does not allow: `required: []` in the schemas it
 * builds for form bodies (3.0 wants at least one name; an empty list means the same as none),
 * and `collectionFormat` where it has no place (response headers; reported by
 * describeConversion: a header's csv is 3.0's default `simple` style).
 */
function dropLeftovers(doc: JsonObject): void {
  forEachObject(
    doc,
    (object) => {
      for (const key of Object.keys(object)) {
        const item = object[key];
        if (key === 'required' && Array.isArray(item) && item.length === 0) delete object[key];
        else if (key === 'collectionFormat') delete object[key];
      }
    },
    { extensions: false },
  );
}

/** What the conversion changes and what it cannot carry, read from the Swagger document. */
function describeConversion(doc: JsonObject, report: Report): void {
  const converted = report.converted.bind(report);
  const lost = report.lost.bind(report);

  converted('/swagger', 'VERSION');
  if (own(doc, 'host') !== undefined || own(doc, 'basePath') !== undefined) {
    converted(own(doc, 'host') !== undefined ? '/host' : '/basePath', 'SERVERS');
  }
  if (isObject(own(doc, 'definitions'))) converted('/definitions', 'DEFINITIONS');
  if (isObject(own(doc, 'parameters'))) converted('/parameters', 'PARAMETERS');
  if (isObject(own(doc, 'responses'))) converted('/responses', 'RESPONSES');
  if (isObject(own(doc, 'securityDefinitions'))) {
    converted('/securityDefinitions', 'SECURITY_DEFINITIONS');
  }
  for (const key of ['consumes', 'produces']) {
    if (own(doc, key) !== undefined) converted(pointerOf('', key), 'MEDIA_TYPES', { key });
  }
  const schemes = own(doc, 'securityDefinitions');
  if (isObject(schemes)) {
    for (const name of Object.keys(schemes)) {
      const scheme = schemes[name];
      if (isObject(scheme) && scheme.type === 'oauth2' && scheme.flow === undefined) {
        lost(pointerOf('/securityDefinitions', name), 'OAUTH_NO_FLOW', { name });
      }
    }
  }

  const paths = own(doc, 'paths');
  forEachPathItem(doc, (item, itemPointer) => {
    describeParameters(own(item, 'parameters'), pointerOf(itemPointer, 'parameters'));
    for (const method of OPERATION_KEYS) {
      const operation = own(item, method);
      if (!isObject(operation)) continue;
      const pointer = pointerOf(itemPointer, method);
      describeParameters(own(operation, 'parameters'), pointerOf(pointer, 'parameters'));
      if (own(operation, 'schemes') !== undefined) {
        lost(pointerOf(pointer, 'schemes'), 'OPERATION_SCHEMES');
      }
      for (const key of ['consumes', 'produces']) {
        if (own(operation, key) !== undefined) {
          converted(pointerOf(pointer, key), 'OPERATION_MEDIA_TYPES', { key });
        }
      }
    }
  });

  /** Response headers' collection formats: csv is 3.0's `simple`; the others have no style. */
  function describeHeaders(response: unknown, pointer: string): void {
    const headers = isObject(response) ? own(response, 'headers') : undefined;
    if (!isObject(headers)) return;
    for (const name of Object.keys(headers)) {
      const header = headers[name];
      const format = isObject(header) ? header.collectionFormat : undefined;
      if (format === undefined || format === 'csv') continue;
      lost(pointerOf(pointer, 'headers', name, 'collectionFormat'), 'HEADER_COLLECTION_FORMAT', {
        name,
        format: String(format),
      });
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
      if (!isObject(item) || path.startsWith('x-')) continue;
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
        converted(at, 'BODY_PARAMETER', { name });
      } else if (where === 'formData') {
        converted(at, 'FORM_PARAMETER', { name });
        if (parameter.allowEmptyValue !== undefined) {
          lost(pointerOf(at, 'allowEmptyValue'), 'FORM_ALLOW_EMPTY', { name });
        }
      }
      const format = parameter.collectionFormat;
      if (format === 'tsv') {
        lost(pointerOf(at, 'collectionFormat'), 'COLLECTION_FORMAT_TSV', { name });
      } else if (typeof format === 'string' && format !== 'csv') {
        converted(pointerOf(at, 'collectionFormat'), 'COLLECTION_FORMAT', { name, format });
      }
      if (parameter.type === 'file') converted(at, 'FILE_PARAMETER', { name });
    });
  }
}
