/**
 * Generation of the OpenAPI 3.0.1 YAML document (spec §3, §9).
 *
 * Rules (the exact output, so that generate ∘ parse ∘ generate = generate byte for byte):
 * - Document: `openapi: 3.0.1`, `info` (title 'Test', version 'v1', optional description;
 *   overridable), `paths`, `components.schemas` (always present, names sorted).
 * - Paths in the order of first appearance; methods lower case in endpoint order. A second
 *   endpoint with the same method and path is skipped (validation reports duplicates).
 * - Operation keys: tags, summary (when non-empty), description, operationId, deprecated,
 *   parameters, requestBody, responses — the optional ones only when the endpoint has them.
 * - Parameter keys: in, name, required (always true for path), description (when non-empty),
 *   deprecated, example (when non-empty), schema. The schema is the kept one, else
 *   `{ type }` inferred from the example (integer, number, boolean, else string); the example
 *   is written typed after the schema's type (e.g. `example: 5` for an integer).
 * - A body exists when it has an explicit schema or a non-blank example. Its schema
 *   (explicit, else inferred from customerJson) becomes the component named after the body and
 *   the media type refers to it with `$ref`; the same name with the same schema (schema
 *   `example`s aside, as validateEndpoints compares) shares the first body's component; a
 *   different schema under a taken name gets `<name>_2`, `<name>_3`, … A body without a name
 *   is inlined. Kept components of imported endpoints (`schemaComponents`) are emitted under
 *   their own names first (the first definition of a name wins).
 * - Examples: a non-blank customerJson gives `examples: { <name>: { summary: <name>, value } }`
 *   on the media type, `value` being the parsed JSON (or the text itself when it is not JSON).
 * - Responses: keyed by status code; `description` is the response's kept one, else its body's
 *   description, else the HTTP reason phrase (e.g. 'OK'); `content.application/json` when a
 *   body exists. Responses without a code are skipped; an operation left without responses
 *   gets `default: { description: 'Default response' }` so that the document stays valid.
 * - YAML: indent 2, no line wrapping, no anchors/aliases.
 */
import { yamlText } from './document/yaml-text';
import { CoreError } from './errors';
import { inferSchema, inferSchemaFromSamples } from './infer-schema';
import { assertDepth } from './limits';
import type {
  BodyModel,
  DocumentInfo,
  Endpoint,
  Parameter,
  ResponseHeader,
  ResponseModel,
  Schema,
} from './model';
import {
  isObject,
  own,
  pureSchemaRef,
  reasonPhrase,
  sameSchema,
  schemaRef,
  schemaRefName,
  setOwn,
  type JsonObject,
} from './openapi-common';
import { MAX_DOCUMENT_DEPTH } from './yaml-io';
import { dialectOf } from './openapi-version';
import { defaultNewVersion, featuresOf } from './versions';

/** The document info of spec §9. */
export const DEFAULT_INFO: Readonly<DocumentInfo> = { title: 'Test', version: 'v1' };

/** Description of the placeholder response of an operation without responses. */
export const DEFAULT_RESPONSE_DESCRIPTION = 'Default response';

const JSON_MEDIA_TYPE = 'application/json';

/** Builds the OpenAPI 3.0.1 YAML document of the given endpoints. */
export function generateOpenApi(endpoints: Endpoint[], info?: Partial<DocumentInfo>): string {
  try {
    const doc = buildDocument(endpoints, info);
    assertDepth(doc, MAX_DOCUMENT_DEPTH);
    return yamlText(doc);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new CoreError('TOO_DEEP', 'The endpoints are nested too deeply to generate.');
    }
    throw error;
  }
}

/** Builds the document as plain data (exposed for benchmarks and tests). */
export function buildDocument(
  endpoints: Endpoint[],
  info?: Partial<DocumentInfo>,
  extras: DocumentExtras = {},
): JsonObject {
  const registry = new SchemaRegistry();
  for (const [name, schema] of Object.entries(extras.schemas ?? {})) registry.fix(name, schema);
  for (const endpoint of endpoints) {
    const kept = endpoint.schemaComponents;
    if (kept === undefined) continue;
    for (const name of Object.keys(kept)) registry.fix(name, kept[name] as Schema);
  }
  const openapi = extras.openapi ?? defaultNewVersion();
  // Webhooks exist from OpenAPI 3.1 on; in a 3.0 document a webhook view is a path.
  const hasWebhooks = featuresOf(dialectOf(openapi)).webhooks;
  const paths: JsonObject = {};
  const webhooks: JsonObject = {};
  for (const endpoint of endpoints) {
    const root = endpoint.webhook === true && hasWebhooks ? webhooks : paths;
    let item = own(root, endpoint.path) as JsonObject | undefined;
    if (item === undefined) {
      item = {};
      setOwn(root, endpoint.path, item);
    }
    const method = endpoint.method.toLowerCase();
    if (Object.hasOwn(item, method)) continue;
    item[method] = buildOperation(endpoint, registry);
  }
  const documentInfo: JsonObject = {
    ...info,
    title: info?.title ?? DEFAULT_INFO.title,
    version: info?.version ?? DEFAULT_INFO.version,
  };
  if (info?.description === undefined) delete documentInfo.description;
  const doc: JsonObject = { openapi, info: documentInfo };
  if (extras.servers !== undefined) doc.servers = extras.servers;
  if (extras.security !== undefined) doc.security = extras.security;
  if (extras.tags !== undefined) doc.tags = extras.tags;
  doc.paths = paths;
  if (Object.keys(webhooks).length > 0) doc.webhooks = webhooks;
  const components: JsonObject = { schemas: registry.toObject() };
  if (extras.securitySchemes !== undefined) components.securitySchemes = extras.securitySchemes;
  doc.components = components;
  return doc;
}

/** Document-level parts of a generated document besides `info` (the document panel). */
export interface DocumentExtras {
  servers?: unknown[] | undefined;
  security?: unknown[] | undefined;
  tags?: unknown[] | undefined;
  securitySchemes?: JsonObject | undefined;
  /** Shared schemas kept under their names. */
  schemas?: Record<string, Schema> | undefined;
  /**
   * The `openapi` version to write (default 3.0.1). Schemas are written as given: a caller
   * generating 3.1/3.2 converts them (objectForDialect in schema-dialect.ts).
   */
  openapi?: string | undefined;
}

/** Component schemas by name, with conflict handling. */
export class SchemaRegistry {
  private readonly entries = new Map<string, Schema>();

  /** A kept component: its name is fixed because other schemas refer to it. */
  fix(name: string, schema: Schema): void {
    if (!this.entries.has(name)) this.entries.set(name, schema);
  }

  get(name: string): Schema | undefined {
    return this.entries.get(name);
  }

  /** Gives a body schema its name, or `<name>_<n>` when the name holds another schema. */
  claim(name: string, schema: Schema): string {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? name : `${name}_${n}`;
      const existing = this.entries.get(candidate);
      if (existing === undefined) {
        this.entries.set(candidate, schema);
        return candidate;
      }
      if (sameSchema(existing, schema)) return candidate;
    }
  }

  toObject(): Record<string, Schema> {
    const names = [...this.entries.keys()].sort();
    return Object.fromEntries(names.map((name) => [name, this.entries.get(name) as Schema]));
  }
}

export function buildOperation(endpoint: Endpoint, registry: SchemaRegistry): JsonObject {
  const operation: JsonObject = {};
  if (endpoint.tags !== undefined) operation.tags = endpoint.tags;
  if (endpoint.summary !== '' && endpoint.summary !== undefined)
    operation.summary = endpoint.summary;
  if (endpoint.description !== undefined) operation.description = endpoint.description;
  if (endpoint.operationId !== undefined) operation.operationId = endpoint.operationId;
  if (endpoint.deprecated !== undefined) operation.deprecated = endpoint.deprecated;
  if (endpoint.security !== undefined) operation.security = endpoint.security;
  const parameters = endpoint.parameters ?? [];
  if (parameters.length > 0) {
    operation.parameters = parameters.map((parameter) => buildParameter(parameter, registry));
  }
  const requestBody = buildRequestBody(endpoint, registry);
  if (requestBody !== undefined) operation.requestBody = requestBody;
  const responses: JsonObject = {};
  for (const response of endpoint.responses ?? []) {
    const code = response.statusCode;
    if (code === undefined || !Number.isInteger(code)) continue;
    const key = String(code);
    if (Object.hasOwn(responses, key)) continue;
    responses[key] = buildResponse(response, registry);
  }
  if (Object.keys(responses).length === 0) {
    responses.default = { description: DEFAULT_RESPONSE_DESCRIPTION };
  }
  operation.responses = responses;
  return operation;
}

/** The requestBody object of an endpoint, or undefined when it has no body. */
export function buildRequestBody(
  endpoint: Endpoint,
  registry: SchemaRegistry,
): JsonObject | undefined {
  const body = endpoint.requestBody;
  const media = body ? buildMedia(body, registry) : undefined;
  if (media === undefined || body === undefined) return undefined;
  const requestBody: JsonObject = {};
  if (body.description !== undefined) requestBody.description = body.description;
  requestBody.content = { [body.mediaType ?? JSON_MEDIA_TYPE]: media };
  if (endpoint.requestBodyRequired !== undefined)
    requestBody.required = endpoint.requestBodyRequired;
  return requestBody;
}

/** The response object of a response with a status code. */
export function buildResponse(response: ResponseModel, registry: SchemaRegistry): JsonObject {
  const code = response.statusCode ?? 0;
  const out: JsonObject = {
    description: response.description ?? response.body?.description ?? reasonPhrase(code),
  };
  const headers = buildHeaders(response.headers);
  if (headers !== undefined) out.headers = headers;
  const media = response.body ? buildMedia(response.body, registry) : undefined;
  if (media !== undefined) out.content = { [response.body.mediaType ?? JSON_MEDIA_TYPE]: media };
  return out;
}

/** Response headers as an OpenAPI `headers` map (undefined when there are none with a name). */
export function buildHeaders(headers: ResponseHeader[] | undefined): JsonObject | undefined {
  const named = (headers ?? []).filter((header) => header.name.trim() !== '');
  if (named.length === 0) return undefined;
  const out: JsonObject = {};
  for (const header of named) setOwn(out, header.name.trim(), buildHeader(header));
  return out;
}

/** One header object: description, schema (kept, else inferred from the example), example. */
export function buildHeader(header: ResponseHeader): JsonObject {
  const out: JsonObject = {};
  if (header.description !== '') out.description = header.description;
  const schema = header.schema ?? { type: inferExampleType(header.example) };
  out.schema = schema;
  if (header.example !== '') out.example = typedExample(header.example, schema.type);
  return out;
}

export function buildParameter(parameter: Parameter, registry: SchemaRegistry): JsonObject {
  const out: JsonObject = {
    in: parameter.location,
    name: parameter.name,
    required: parameter.location === 'path' ? true : parameter.required === true,
  };
  if (parameter.description !== '' && parameter.description !== undefined) {
    out.description = parameter.description;
  }
  if (parameter.deprecated !== undefined) out.deprecated = parameter.deprecated;
  const example = parameter.example ?? '';
  const schema = parameter.schema ?? { type: inferExampleType(example) };
  if (example !== '') out.example = typedExample(example, schemaType(schema, registry));
  out.schema = schema;
  return out;
}

const INTEGER_RE = /^-?(?:0|[1-9]\d*)$/;
const NUMBER_RE = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The `type` of a parameter inferred from its example text. */
export function inferExampleType(example: string): 'integer' | 'number' | 'boolean' | 'string' {
  const text = example.trim();
  if (INTEGER_RE.test(text) && Number.isSafeInteger(Number(text))) return 'integer';
  if (NUMBER_RE.test(text) && Number.isFinite(Number(text))) return 'number';
  if (text === 'true' || text === 'false') return 'boolean';
  return 'string';
}

/** The example text as a value of the schema's type (the text itself when it does not fit). */
export function typedExample(example: string, type: string | undefined): unknown {
  const text = example.trim();
  switch (type) {
    case 'integer':
    case 'number':
      // -0 is written as 0: it would not survive the example's JSON text on import.
      return NUMBER_RE.test(text) && Number.isFinite(Number(text)) ? Number(text) + 0 : example;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : example;
    case 'object':
    case 'array':
      try {
        const value: unknown = JSON.parse(text);
        if (type === 'array' ? Array.isArray(value) : isObject(value)) return value;
      } catch {
        // Not JSON: keep the text.
      }
      return example;
    default:
      return example;
  }
}

/** The type of a schema, following `$ref`s to known components and looking at `enum`. */
export function schemaType(schema: Schema, registry: SchemaRegistry): string | undefined {
  let current: Schema | undefined = schema;
  for (let hops = 0; current !== undefined && hops < 8; hops++) {
    if (typeof current.type === 'string') return current.type;
    if (Array.isArray(current.enum)) {
      const sample = current.enum.find((value) => value !== null);
      if (typeof sample === 'number') return Number.isInteger(sample) ? 'integer' : 'number';
      if (typeof sample === 'boolean') return 'boolean';
      if (typeof sample === 'string') return 'string';
    }
    const name: string | undefined =
      typeof current.$ref === 'string' ? schemaRefName(current.$ref) : undefined;
    current = name === undefined ? undefined : registry.get(name);
  }
  return undefined;
}

/** The `application/json` media type object of a body, or undefined when there is no body. */
export function buildMedia(body: BodyModel, registry: SchemaRegistry): JsonObject | undefined {
  const text = body.customerJson ?? '';
  const hasExample = text.trim() !== '';
  const more = (body.examples ?? []).filter(
    (example) => example.name.trim() !== '' && example.json.trim() !== '',
  );
  // Without an explicit schema, one example gives its own (spec §9); several are merged
  // (a property missing from some example is optional).
  const schema =
    body.schema ??
    (more.length === 0
      ? hasExample
        ? inferSchema(text)
        : undefined
      : inferSchemaFromSamples(
          [...(hasExample ? [text] : []), ...more.map((example) => example.json)].map(exampleValue),
        ));
  if (schema === undefined) return undefined;
  const name = (body.name ?? '').trim();
  let schemaOut: Schema;
  let exampleName = 'example';
  if (name === '') {
    schemaOut = schema;
  } else if (pureSchemaRef(schema) === name) {
    // Already a reference to its own (kept) component.
    schemaOut = { $ref: schemaRef(name) };
    exampleName = name;
  } else {
    exampleName = registry.claim(name, schema);
    schemaOut = { $ref: schemaRef(exampleName) };
  }
  const media: JsonObject = { schema: schemaOut };
  if (hasExample || more.length > 0) {
    // Every example under `examples:` by name, so none is lost; the first one first.
    const examples: JsonObject = {};
    if (hasExample) {
      const first = body.exampleName?.trim() || exampleName;
      setOwn(examples, first, { summary: first, value: exampleValue(text) });
    }
    for (const example of more) {
      const entry: JsonObject = {};
      if (example.summary !== undefined) entry.summary = example.summary;
      entry.value = exampleValue(example.json);
      setOwn(examples, example.name, entry);
    }
    media.examples = examples;
  }
  return media;
}

/** The parsed example (-0 normalised to 0 so it survives a JSON round trip), else the text. */
export function exampleValue(text: string): unknown {
  try {
    return text.includes('-0')
      ? (JSON.parse(text, (_key, value: unknown) => (Object.is(value, -0) ? 0 : value)) as unknown)
      : (JSON.parse(text) as unknown);
  } catch (error) {
    if (error instanceof RangeError) throw error;
    return text;
  }
}
