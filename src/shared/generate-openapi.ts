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
import { stringify } from 'yaml';
import { CoreError } from './errors';
import { inferSchema } from './infer-schema';
import { assertDepth } from './limits';
import type { BodyModel, DocumentInfo, Endpoint, Parameter, Schema } from './model';
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
    return stringify(doc, {
      indent: 2,
      lineWidth: 0,
      minContentWidth: 0,
      aliasDuplicateObjects: false,
    });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new CoreError('TOO_DEEP', 'The endpoints are nested too deeply to generate.');
    }
    throw error;
  }
}

/** Builds the document as plain data (exposed for benchmarks and tests). */
export function buildDocument(endpoints: Endpoint[], info?: Partial<DocumentInfo>): JsonObject {
  const registry = new SchemaRegistry();
  for (const endpoint of endpoints) {
    const kept = endpoint.schemaComponents;
    if (kept === undefined) continue;
    for (const name of Object.keys(kept)) registry.fix(name, kept[name] as Schema);
  }
  const paths: JsonObject = {};
  for (const endpoint of endpoints) {
    let item = own(paths, endpoint.path) as JsonObject | undefined;
    if (item === undefined) {
      item = {};
      setOwn(paths, endpoint.path, item);
    }
    const method = endpoint.method.toLowerCase();
    if (Object.hasOwn(item, method)) continue;
    item[method] = buildOperation(endpoint, registry);
  }
  const documentInfo: JsonObject = {
    title: info?.title ?? DEFAULT_INFO.title,
    version: info?.version ?? DEFAULT_INFO.version,
  };
  if (info?.description !== undefined) documentInfo.description = info.description;
  return {
    openapi: '3.0.1',
    info: documentInfo,
    paths,
    components: { schemas: registry.toObject() },
  };
}

/** Component schemas by name, with conflict handling. */
class SchemaRegistry {
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

function buildOperation(endpoint: Endpoint, registry: SchemaRegistry): JsonObject {
  const operation: JsonObject = {};
  if (endpoint.tags !== undefined) operation.tags = endpoint.tags;
  if (endpoint.summary !== '' && endpoint.summary !== undefined)
    operation.summary = endpoint.summary;
  if (endpoint.description !== undefined) operation.description = endpoint.description;
  if (endpoint.operationId !== undefined) operation.operationId = endpoint.operationId;
  if (endpoint.deprecated !== undefined) operation.deprecated = endpoint.deprecated;
  const parameters = endpoint.parameters ?? [];
  if (parameters.length > 0) {
    operation.parameters = parameters.map((parameter) => buildParameter(parameter, registry));
  }
  const requestMedia = endpoint.requestBody
    ? buildMedia(endpoint.requestBody, registry)
    : undefined;
  if (requestMedia !== undefined && endpoint.requestBody !== undefined) {
    const requestBody: JsonObject = {};
    if (endpoint.requestBody.description !== undefined) {
      requestBody.description = endpoint.requestBody.description;
    }
    requestBody.content = { [JSON_MEDIA_TYPE]: requestMedia };
    if (endpoint.requestBodyRequired !== undefined)
      requestBody.required = endpoint.requestBodyRequired;
    operation.requestBody = requestBody;
  }
  const responses: JsonObject = {};
  for (const response of endpoint.responses ?? []) {
    const code = response.statusCode;
    if (code === undefined || !Number.isInteger(code)) continue;
    const key = String(code);
    if (Object.hasOwn(responses, key)) continue;
    const out: JsonObject = {
      description: response.description ?? response.body?.description ?? reasonPhrase(code),
    };
    const media = response.body ? buildMedia(response.body, registry) : undefined;
    if (media !== undefined) out.content = { [JSON_MEDIA_TYPE]: media };
    responses[key] = out;
  }
  if (Object.keys(responses).length === 0) {
    responses.default = { description: DEFAULT_RESPONSE_DESCRIPTION };
  }
  operation.responses = responses;
  return operation;
}

function buildParameter(parameter: Parameter, registry: SchemaRegistry): JsonObject {
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
function typedExample(example: string, type: string | undefined): unknown {
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
function schemaType(schema: Schema, registry: SchemaRegistry): string | undefined {
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
function buildMedia(body: BodyModel, registry: SchemaRegistry): JsonObject | undefined {
  const text = body.customerJson ?? '';
  const hasExample = text.trim() !== '';
  const schema = body.schema ?? (hasExample ? inferSchema(text) : undefined);
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
  if (hasExample) {
    const examples: JsonObject = {};
    setOwn(examples, exampleName, { summary: exampleName, value: exampleValue(text) });
    media.examples = examples;
  }
  return media;
}

/** The parsed example (-0 normalised to 0 so it survives a JSON round trip), else the text. */
function exampleValue(text: string): unknown {
  try {
    return text.includes('-0')
      ? (JSON.parse(text, (_key, value: unknown) => (Object.is(value, -0) ? 0 : value)) as unknown)
      : (JSON.parse(text) as unknown);
  } catch (error) {
    if (error instanceof RangeError) throw error;
    return text;
  }
}
