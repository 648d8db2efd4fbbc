/**
 * Import of an OpenAPI 3.0, 3.1 or 3.2 document (YAML or JSON) into the form model (spec §5).
 *
 * Rules:
 * - The version is read once (openapi-version.ts): Swagger 2.0 and other versions are refused.
 * - Operations get, post, put, delete, patch, options, head are read (and `query` in 3.2);
 *   `trace` is a warning. In 3.1 and 3.2, `webhooks` are read as endpoints with `webhook: true`
 *   (their `path` is the webhook's name).
 * - Schemas of a 3.0 document are read as valid OpenAPI 3.0 Schema Objects (sanitised); schemas
 *   of a 3.1 or 3.2 document are JSON Schema 2020-12 and are read as written.
 * - References to other files are kept as written and never fetched; one warning names them.
 * - Path-level parameters are merged into each operation; the operation wins on (name, in).
 * - `$ref`s to components/parameters, requestBodies, responses and examples are resolved in
 *   place. Schema `$ref`s are KEPT: every schema component an endpoint reaches (transitively,
 *   cycles included) is carried in `endpoint.schemaComponents`, so generation re-emits it by name.
 * - A JSON body whose schema is exactly `$ref: '#/components/schemas/X'` (X a valid body name)
 *   gets the name X and X's definition as its schema; any other body gets a name derived from
 *   the operationId (or method and path) plus `Request` or `Response<code>`.
 * - The body example comes from the media type's `example` or its first `examples` entry and is
 *   written as pretty JSON text (`customerJson`).
 * - Everything the model cannot hold is an {@link ImportWarning} with a JSON pointer into the
 *   source; nothing is dropped silently.
 */
import { CoreError } from './errors';
import type {
  BodyModel,
  DocumentInfo,
  Endpoint,
  HttpMethod,
  NamedExample,
  Parameter,
  ResponseHeader,
  ResponseModel,
  Schema,
} from './model';
import {
  BODY_NAME_RE,
  IMPORT_METHODS,
  isObject,
  own,
  pointerOf,
  pureSchemaRef,
  SCHEMA_REF_PREFIX,
  schemaRefName,
  setOwn,
  unescapePointer,
  type JsonObject,
} from './openapi-common';
import { sanitizeSchema } from './openapi-schema-sanitize';
import { detectVersion, type OpenApiDialect } from './openapi-version';
import { featuresOf } from './versions';
import { forEachRef } from './refs';
import type { BodySite, EndpointSite, ParameterSite, ResponseSite } from './document/sites';

/** Every code an {@link ImportWarning} can carry (the app maps them to translated text). */
export const IMPORT_WARNING_CODES = [
  // Document level
  'MISSING_OPENAPI_VERSION',
  /** References to other files: kept as written, never fetched (one warning per document). */
  'EXTERNAL_REF',
  'INFO_FIELD',
  'SERVERS',
  'SECURITY',
  'TAG_DEFINITIONS',
  'EXTERNAL_DOCS',
  'WEBHOOKS',
  'COMPONENTS_INLINED',
  'COMPONENTS_DROPPED',
  'UNUSED_SCHEMA',
  // Paths and operations
  'PATH_ITEM_FIELD',
  'PATH_ITEM_REF',
  'UNSUPPORTED_METHOD',
  'CALLBACKS',
  'OPERATION_SECURITY',
  'OPERATION_SERVERS',
  // Parameters
  'INVALID_PARAMETER',
  'COOKIE_PARAMETER',
  'UNSUPPORTED_PARAMETER_LOCATION',
  'PATH_PARAMETER_REQUIRED',
  'PARAMETER_SERIALIZATION',
  'PARAMETER_CONTENT',
  // Bodies and responses
  'UNSUPPORTED_STATUS_CODE',
  'NON_JSON_MEDIA_TYPE',
  'EXTRA_JSON_MEDIA_TYPE',
  'MEDIA_TYPE_WITHOUT_SCHEMA',
  'MEDIA_TYPE_ENCODING',
  'RESPONSE_HEADERS',
  'RESPONSE_LINKS',
  'EXTRA_EXAMPLES',
  'EXTERNAL_EXAMPLE',
  'EXAMPLE_METADATA',
  // Schemas (made valid OpenAPI 3.0)
  'SCHEMA_INVALID',
  'SCHEMA_KEYWORD',
  'SCHEMA_TYPE',
  'UNRESOLVED_REF',
  // Anywhere
  'EXTENSION',
  'UNSUPPORTED_FIELD',
  'INVALID_FIELD',
] as const;

export type ImportWarningCode = (typeof IMPORT_WARNING_CODES)[number];

/** Something of the document the model cannot hold; never dropped silently. */
export interface ImportWarning {
  /** One of {@link IMPORT_WARNING_CODES}, e.g. NON_JSON_MEDIA_TYPE, COOKIE_PARAMETER. */
  code: string;
  /** The URL path of the operation concerned (absent for document-level warnings). */
  path?: string;
  /** The method of the operation concerned, upper case (absent for document-level warnings). */
  method?: string;
  /** JSON pointer (RFC 6901) to the dropped thing in the source document. */
  pointer: string;
  message: string;
}

/**
 * An operation of the document that the form does not show as an endpoint and keeps as written
 * (nothing is dropped): an OpenAPI 3.2 `additionalOperations` entry (`COPY`, `LOCK`…), or a `trace`
 * operation. The navigator lists it, read-only, so that it can be found in the YAML.
 */
export interface KeptOperation {
  /** The URL path (a webhook's name under `webhooks`). */
  path: string;
  /** As written for an additional operation (`COPY`); `TRACE` for `trace`. */
  method: string;
  /** JSON pointer to the operation. */
  pointer: string;
  summary: string;
  operationId: string;
  tags: string[];
  /** Under `webhooks` (3.1 and later). */
  webhook?: true;
  /** An OpenAPI 3.2 `additionalOperations` entry (its method is written as the key). */
  additional?: true;
}

export interface ParseResult {
  endpoints: Endpoint[];
  warnings: ImportWarning[];
  /** Operations the form does not show as endpoints, kept as written, in document order. */
  keptOperations: KeptOperation[];
  info?: DocumentInfo;
  /** The `openapi` field exactly as written ('' when the document has none). */
  version: string;
  /** The schema dialect the version implies (3.0's Schema Object, or JSON Schema 2020-12). */
  dialect: OpenApiDialect;
}

/** Where in the document an operation sits, for warnings. */
interface Site {
  path?: string;
  method?: string;
}

interface Context {
  doc: JsonObject;
  /** The document's dialect: 3.0 schemas are sanitised, 3.1/3.2 ones are read as written. */
  dialect: OpenApiDialect;
  /** Operation keys of a path item in this version. */
  methods: Readonly<Record<string, HttpMethod>>;
  /** components.schemas of the document (empty when absent). */
  schemas: JsonObject;
  warnings: ImportWarning[];
  /** Names already given to bodies that are not schema components (derived or aliases). */
  bodyNames: Map<string, string>;
  /** Direct component references of each schema component, computed once. */
  refsOf: Map<string, string[]>;
  /** Schema components reached by some endpoint. */
  used: Set<string>;
  /**
   * The components reached from a set of directly referenced names (its names sorted and
   * joined), computed once and shared by every endpoint that references the same set: on
   * Microsoft Graph's 22,000 operations each closure holds thousands of schemas.
   */
  closures: Map<string, Record<string, Schema>>;
  /** Schema components already made valid OpenAPI 3.0 (see sanitizeSchema). */
  sanitized: Set<string>;
  /** Where each endpoint's parts come from, by endpoint id. */
  sites: Map<string, EndpointSite>;
}

const OPERATION_FIELD_CODES: Readonly<Record<string, ImportWarningCode>> = {
  externalDocs: 'EXTERNAL_DOCS',
  callbacks: 'CALLBACKS',
  security: 'OPERATION_SECURITY',
  servers: 'OPERATION_SERVERS',
};

const ROOT_FIELD_CODES: Readonly<Record<string, ImportWarningCode>> = {
  servers: 'SERVERS',
  security: 'SECURITY',
  tags: 'TAG_DEFINITIONS',
  externalDocs: 'EXTERNAL_DOCS',
  webhooks: 'WEBHOOKS',
  'x-webhooks': 'WEBHOOKS',
};

/**
 * Reads the plain data of an OpenAPI 3.0 document into endpoint views, warnings and document
 * info, recording in `sites` where each view's parts come from. The data is never changed.
 */
export function readOpenApi(
  doc: unknown,
  sites: Map<string, EndpointSite> = new Map(),
): ParseResult {
  if (!isObject(doc)) throw new CoreError('NOT_OPENAPI', 'The document is not an OpenAPI object.');
  const warnings: ImportWarning[] = [];
  const { version, dialect } = checkVersion(doc, warnings);
  const components = own(doc, 'components');
  const schemas = isObject(components) ? own(components, 'schemas') : undefined;
  const ctx: Context = {
    doc,
    dialect,
    methods: featuresOf(dialect).queryMethod
      ? { ...IMPORT_METHODS, query: 'QUERY' }
      : IMPORT_METHODS,
    // A copy: sanitising replaces entries, and the source document is never changed.
    schemas: isObject(schemas) ? { ...schemas } : {},
    warnings,
    bodyNames: new Map(),
    refsOf: new Map(),
    used: new Set(),
    closures: new Map(),
    sanitized: new Set(),
    sites,
  };
  readRootFields(ctx);
  const info = readInfo(ctx);
  const kept: KeptOperation[] = [];
  const endpoints = readPaths(ctx, 'paths', kept);
  if (readsWebhooks(ctx)) endpoints.push(...readPaths(ctx, 'webhooks', kept));
  for (const name of Object.keys(ctx.schemas)) {
    if (!ctx.used.has(name)) {
      warn(
        ctx,
        'UNUSED_SCHEMA',
        pointerOf('/components/schemas', name),
        `Schema component '${name}' is not used by any operation; it is kept as written.`,
      );
    }
  }
  reportExternalRefs(ctx);
  const result: ParseResult = { endpoints, warnings, keptOperations: kept, version, dialect };
  if (info !== undefined) result.info = info;
  return result;
}

function checkVersion(
  doc: JsonObject,
  warnings: ImportWarning[],
): { version: string; dialect: OpenApiDialect } {
  const found = detectVersion(doc);
  if (found.missing === true) {
    warnings.push({
      code: 'MISSING_OPENAPI_VERSION',
      pointer: '',
      message: "The document has no 'openapi' version; it is read as OpenAPI 3.0.",
    });
  }
  return { version: found.version, dialect: found.dialect };
}

/** Whether `webhooks` are read as endpoints (OpenAPI 3.1 and later). */
function readsWebhooks(ctx: Context): boolean {
  return featuresOf(ctx.dialect).webhooks && isObject(own(ctx.doc, 'webhooks'));
}

/**
 * References to other files (or URLs) anywhere in the document: they are kept as written and
 * never fetched. One warning names them all, at the first one.
 */
function reportExternalRefs(ctx: Context): void {
  const files = new Map<string, string>();
  forEachRef(
    ctx.doc,
    (ref, site) => {
      if (site.kind !== '$ref' || !isExternalRef(ref)) return;
      const file = ref.split('#')[0] as string;
      if (!files.has(file)) files.set(file, pointerOf(site.pointer ?? '', '$ref'));
    },
    { pointers: true },
  );
  if (files.size === 0) return;
  const names = [...files.keys()];
  const listed = names
    .slice(0, 5)
    .map((name) => `'${name}'`)
    .join(', ');
  const more = names.length > 5 ? ` and ${names.length - 5} more` : '';
  warn(
    ctx,
    'EXTERNAL_REF',
    files.values().next().value as string,
    `References to other files (${listed}${more}) are kept as written; they are not fetched.`,
  );
}

/** A `$ref` to another file or URL (not a fragment of this document). */
export function isExternalRef(ref: string): boolean {
  return !ref.startsWith('#');
}

function warn(
  ctx: Context,
  code: ImportWarningCode,
  pointer: string,
  message: string,
  site?: Site,
): void {
  const warning: ImportWarning = { code, pointer, message };
  if (site?.path !== undefined) warning.path = site.path;
  if (site?.method !== undefined) warning.method = site.method;
  ctx.warnings.push(warning);
}

/** Warns about a field nobody reads: extensions, known-but-unsupported fields, unknown ones. */
function warnField(
  ctx: Context,
  key: string,
  pointer: string,
  codes: Readonly<Record<string, ImportWarningCode>>,
  site?: Site,
): void {
  const code = codes[key] ?? (key.startsWith('x-') ? 'EXTENSION' : 'UNSUPPORTED_FIELD');
  warn(
    ctx,
    code,
    pointerOf(pointer, key),
    `'${key}' is not shown in the form; it is kept as written.`,
    site,
  );
}

function readRootFields(ctx: Context): void {
  for (const key of Object.keys(ctx.doc)) {
    if (key === 'openapi' || key === 'info' || key === 'paths' || key === 'components') continue;
    if (key === 'webhooks' && readsWebhooks(ctx)) continue;
    warnField(ctx, key, '', ROOT_FIELD_CODES);
  }
  const components = own(ctx.doc, 'components');
  if (!isObject(components)) return;
  for (const key of Object.keys(components)) {
    if (key === 'schemas') continue;
    const pointer = pointerOf('/components', key);
    if (
      key === 'parameters' ||
      key === 'requestBodies' ||
      key === 'responses' ||
      key === 'examples'
    ) {
      warn(
        ctx,
        'COMPONENTS_INLINED',
        pointer,
        `components/${key} are shown where they are used; the document keeps them as written.`,
      );
    } else {
      warnField(ctx, key, '/components', { [key]: 'COMPONENTS_DROPPED' });
    }
  }
}

function readInfo(ctx: Context): DocumentInfo | undefined {
  const info = own(ctx.doc, 'info');
  if (!isObject(info)) return undefined;
  const title = own(info, 'title');
  const version = own(info, 'version');
  const description = own(info, 'description');
  const result: DocumentInfo = {
    title: typeof title === 'string' || typeof title === 'number' ? String(title) : '',
    version: typeof version === 'string' || typeof version === 'number' ? String(version) : '',
  };
  if (typeof description === 'string') result.description = description;
  for (const key of Object.keys(info)) {
    if (key === 'title' || key === 'version' || key === 'description') continue;
    warnField(ctx, key, '/info', { [key]: 'INFO_FIELD' });
  }
  return result;
}

/**
 * The operations under `paths`, or (3.1 and later) under `webhooks`, as endpoint views; the
 * operations the form does not show go to `kept`.
 */
function readPaths(
  ctx: Context,
  root: 'paths' | 'webhooks' = 'paths',
  kept: KeptOperation[] = [],
): Endpoint[] {
  const paths = own(ctx.doc, root);
  const endpoints: Endpoint[] = [];
  if (paths === undefined) return endpoints;
  if (!isObject(paths)) {
    warn(ctx, 'INVALID_FIELD', `/${root}`, `'${root}' is not an object.`);
    return endpoints;
  }
  for (const path of Object.keys(paths)) {
    const item = paths[path];
    const itemPointer = pointerOf(`/${root}`, path);
    if (path.startsWith('x-')) {
      warnField(ctx, path, `/${root}`, {});
      continue;
    }
    if (!isObject(item)) {
      warn(ctx, 'INVALID_FIELD', itemPointer, 'The path item is not an object.', { path });
      continue;
    }
    for (const key of Object.keys(item)) {
      if (key === 'parameters' || Object.hasOwn(ctx.methods, key)) continue;
      const value = item[key];
      if (key === 'trace' && isObject(value)) {
        // The form does not edit `trace`: listed, kept as written.
        kept.push(keptOperation(value, path, 'TRACE', pointerOf(itemPointer, key), root));
      }
      if (
        key === 'additionalOperations' &&
        featuresOf(ctx.dialect).additionalOperations &&
        isObject(value)
      ) {
        if (Object.keys(value).length > 0) {
          readAdditionalOperations(ctx, value, pointerOf(itemPointer, key), path, root, kept);
          continue;
        }
      }
      const codes: Record<string, ImportWarningCode> = {
        trace: 'UNSUPPORTED_METHOD',
        query: 'UNSUPPORTED_METHOD',
        additionalOperations: 'UNSUPPORTED_METHOD',
        $ref: 'PATH_ITEM_REF',
        summary: 'PATH_ITEM_FIELD',
        description: 'PATH_ITEM_FIELD',
        servers: 'PATH_ITEM_FIELD',
      };
      warnField(
        ctx,
        key,
        itemPointer,
        codes,
        key === 'trace' ? { path, method: 'TRACE' } : { path },
      );
    }
    for (const key of Object.keys(item)) {
      const method = ctx.methods[key];
      if (method === undefined || !Object.hasOwn(ctx.methods, key)) continue;
      const operation = item[key];
      const site = { path, method };
      const pointer = pointerOf(itemPointer, key);
      if (!isObject(operation)) {
        warn(ctx, 'INVALID_FIELD', pointer, 'The operation is not an object.', site);
        continue;
      }
      const endpoint = readOperation(ctx, operation, item, pointer, itemPointer, site, root);
      if (root === 'webhooks') endpoint.webhook = true;
      endpoints.push(endpoint);
    }
  }
  return endpoints;
}

/**
 * OpenAPI 3.2 `additionalOperations` (methods without a field of their own: `COPY`, `LOCK`…):
 * kept as written, each listed and reported (UNSUPPORTED_METHOD, with its path and method).
 */
function readAdditionalOperations(
  ctx: Context,
  operations: JsonObject,
  pointer: string,
  path: string,
  root: 'paths' | 'webhooks',
  kept: KeptOperation[],
): void {
  for (const method of Object.keys(operations)) {
    const at = pointerOf(pointer, method);
    warn(
      ctx,
      'UNSUPPORTED_METHOD',
      at,
      `The ${method} operation (an OpenAPI 3.2 additional operation) is not shown in the form; it is kept as written.`,
      { path, method },
    );
    const operation = operations[method];
    if (!isObject(operation)) continue;
    const entry = keptOperation(operation, path, method, at, root);
    entry.additional = true;
    kept.push(entry);
  }
}

function keptOperation(
  operation: JsonObject,
  path: string,
  method: string,
  pointer: string,
  root: 'paths' | 'webhooks',
): KeptOperation {
  const summary = own(operation, 'summary');
  const operationId = own(operation, 'operationId');
  const tags = own(operation, 'tags');
  const entry: KeptOperation = {
    path,
    method,
    pointer,
    summary: typeof summary === 'string' ? summary : '',
    operationId: typeof operationId === 'string' ? operationId : '',
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [],
  };
  if (root === 'webhooks') entry.webhook = true;
  return entry;
}

/**
 * Ids of imported endpoints and parameters, derived from where they stand in the document
 * (path, method, name and location), so reading the same text again gives the same ids: a form
 * restored after a reload then lines up with the document it was read from.
 */
export function stableId(prefix: string, ...parts: string[]): string {
  const text = parts.join('\u0000');
  // Two independent 32-bit FNV-1a hashes: 64 bits, no collision in any real document.
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
    b ^= b >>> 13;
  }
  return `${prefix}-${a.toString(36)}${b.toString(36)}`;
}

function readOperation(
  ctx: Context,
  operation: JsonObject,
  item: JsonObject,
  pointer: string,
  itemPointer: string,
  site: Site & { path: string; method: string },
  root: 'paths' | 'webhooks' = 'paths',
): Endpoint {
  const summary = own(operation, 'summary');
  const endpoint: Endpoint = {
    id:
      root === 'webhooks'
        ? stableId('webhook', site.path, site.method)
        : stableId('endpoint', site.path, site.method),
    method: ctx.methods[site.method.toLowerCase()] ?? 'GET',
    path: site.path,
    summary: typeof summary === 'string' ? summary : '',
    parameters: [],
    responses: [],
  };
  const operationId = own(operation, 'operationId');
  if (typeof operationId === 'string') endpoint.operationId = operationId;
  const description = own(operation, 'description');
  if (typeof description === 'string') endpoint.description = description;
  const tags = own(operation, 'tags');
  if (Array.isArray(tags)) {
    endpoint.tags = tags.filter((tag): tag is string => typeof tag === 'string');
    if (endpoint.tags.length !== tags.length) {
      warn(
        ctx,
        'INVALID_FIELD',
        pointerOf(pointer, 'tags'),
        'Tags that are not strings are not shown in the form; they are kept as written.',
        site,
      );
    }
  }
  const deprecated = own(operation, 'deprecated');
  if (typeof deprecated === 'boolean') endpoint.deprecated = deprecated;

  const security = own(operation, 'security');
  if (Array.isArray(security) && security.every(isObject)) {
    endpoint.security = JSON.parse(JSON.stringify(security)) as Endpoint['security'];
  }
  const handled = new Set(['summary', 'operationId', 'description', 'tags', 'deprecated']);
  if (endpoint.security !== undefined) handled.add('security');
  handled.add('parameters').add('requestBody').add('responses');
  for (const key of Object.keys(operation)) {
    if (!handled.has(key)) warnField(ctx, key, pointer, OPERATION_FIELD_CODES, site);
  }

  const endpointSite: EndpointSite = {
    pathKey: site.path,
    ...(root === 'webhooks' ? { root } : {}),
    methodKey: pointer.slice(pointer.lastIndexOf('/') + 1),
    parameters: new Map(),
    responses: [],
  };
  ctx.sites.set(endpoint.id, endpointSite);
  endpoint.parameters = readParameters(ctx, item, operation, itemPointer, pointer, site);
  for (const parameter of endpoint.parameters) {
    const found = pendingParameterSites.get(parameter);
    if (found !== undefined) endpointSite.parameters.set(parameter.id, found);
  }
  const base = nameBase(endpoint);
  const bodySchemas: Schema[] = endpoint.parameters.flatMap((p) => (p.schema ? [p.schema] : []));

  const requestBody = own(operation, 'requestBody');
  if (requestBody !== undefined) {
    const resolved = resolve(ctx, requestBody, pointerOf(pointer, 'requestBody'), site);
    if (resolved !== undefined) {
      const bodySite: BodySite = { raw: requestBody, resolved: resolved.value };
      const body = readBody(
        ctx,
        resolved.value,
        resolved.pointer,
        site,
        base + 'Request',
        bodySite,
      );
      if (body !== undefined) {
        endpoint.requestBody = body;
        endpointSite.requestBody = bodySite;
        if (body.schema !== undefined) bodySchemas.push(body.schema);
        const required = own(resolved.value, 'required');
        if (typeof required === 'boolean') endpoint.requestBodyRequired = required;
      }
    }
  }

  const responses = own(operation, 'responses');
  if (isObject(responses)) {
    for (const code of Object.keys(responses)) {
      const responsePointer = pointerOf(pointer, 'responses', code);
      if (!/^[1-5]\d\d$/.test(code)) {
        if (code.startsWith('x-')) {
          warn(ctx, 'EXTENSION', responsePointer, `Extension '${code}' is not shown.`, site);
          continue;
        }
        (endpoint.otherResponses ??= []).push(code);
        warn(
          ctx,
          'UNSUPPORTED_STATUS_CODE',
          responsePointer,
          `Response '${code}' has no numeric status code: the form does not show it; the document keeps it.`,
          site,
        );
        continue;
      }
      const resolved = resolve(ctx, responses[code], responsePointer, site);
      if (resolved === undefined) continue;
      const statusCode = Number(code);
      const responseSite: ResponseSite = { code, raw: responses[code], resolved: resolved.value };
      const body = readBody(
        ctx,
        resolved.value,
        resolved.pointer,
        site,
        `${base}Response${code}`,
        responseSite,
      );
      endpointSite.responses.push(responseSite);
      const response: ResponseModel = { statusCode, body: body ?? { name: '', customerJson: '' } };
      const responseDescription = own(resolved.value, 'description');
      if (typeof responseDescription === 'string') response.description = responseDescription;
      const headers = own(resolved.value, 'headers');
      if (readableHeaders(headers)) {
        response.headers = Object.keys(headers).map((name) => {
          const header = headers[name] as JsonObject;
          const description = own(header, 'description');
          const example = own(header, 'example');
          const schema = own(header, 'schema');
          const view: ResponseHeader = {
            id: stableId('header', site.path, site.method, code, name),
            name,
            description: typeof description === 'string' ? description : '',
            example: example === undefined ? '' : exampleText(example),
          };
          if (isObject(schema)) view.schema = JSON.parse(JSON.stringify(schema)) as Schema;
          return view;
        });
      }
      if (body?.schema !== undefined) bodySchemas.push(body.schema);
      endpoint.responses.push(response);
    }
  } else if (responses !== undefined) {
    warn(
      ctx,
      'INVALID_FIELD',
      pointerOf(pointer, 'responses'),
      "'responses' is not an object.",
      site,
    );
  }

  const kept = collectComponents(ctx, bodySchemas);
  if (kept !== undefined) endpoint.schemaComponents = kept;
  return endpoint;
}

/** The base of derived body names: the operationId, else method and path. */
function nameBase(endpoint: Endpoint): string {
  const fromId = sanitizeName(endpoint.operationId ?? '');
  if (fromId !== '') return fromId;
  return (
    sanitizeName(`${endpoint.method.toLowerCase()}_${endpoint.path}`) ||
    endpoint.method.toLowerCase()
  );
}

/** Replaces characters a body name may not hold (spec §5) and trims separators. */
function sanitizeName(text: string): string {
  return text
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '');
}

// ---------------------------------------------------------------- references

interface Resolved {
  value: JsonObject;
  /** Pointer of the resolved object in the source document. */
  pointer: string;
}

/** Follows local `$ref`s (components/parameters, requestBodies, responses, examples). */
function resolve(ctx: Context, value: unknown, pointer: string, site: Site): Resolved | undefined {
  let current = value;
  let currentPointer = pointer;
  const seen = new Set<string>();
  while (isObject(current) && typeof own(current, '$ref') === 'string') {
    const ref = own(current, '$ref') as string;
    if (seen.has(ref)) {
      warn(ctx, 'UNRESOLVED_REF', currentPointer, `'${ref}' refers to itself.`, site);
      return undefined;
    }
    seen.add(ref);
    const target = ref.startsWith('#') ? getByPointer(ctx.doc, ref.slice(1)) : undefined;
    // Another file: kept as written and never fetched; reportExternalRefs names it once.
    if (target === undefined && isExternalRef(ref)) return undefined;
    if (target === undefined) {
      warn(
        ctx,
        'UNRESOLVED_REF',
        currentPointer,
        `'${ref}' cannot be resolved; it is not shown in the form and is kept as written.`,
        site,
      );
      return undefined;
    }
    current = target;
    currentPointer = decodePointer(ref.slice(1));
  }
  if (!isObject(current)) {
    warn(
      ctx,
      'INVALID_FIELD',
      currentPointer,
      'Expected an object; it is not shown in the form and is kept as written.',
      site,
    );
    return undefined;
  }
  return { value: current, pointer: currentPointer };
}

function decodePointer(pointer: string): string {
  try {
    return decodeURIComponent(pointer);
  } catch {
    return pointer;
  }
}

function getByPointer(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  if (!pointer.startsWith('/')) return undefined;
  let current: unknown = doc;
  for (const raw of decodePointer(pointer).slice(1).split('/')) {
    const token = unescapePointer(raw);
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(token)) return undefined;
      current = current[Number(token)];
    } else if (isObject(current)) {
      current = own(current, token);
    } else {
      return undefined;
    }
    if (current === undefined) return undefined;
  }
  return current;
}

// ---------------------------------------------------------------- parameters

/** Sites of parameters just read, picked up by readOperation (weak: nothing outlives a read). */
const pendingParameterSites = new WeakMap<Parameter, ParameterSite>();

const DEFAULT_STYLE: Readonly<Record<string, string>> = {
  query: 'form',
  path: 'simple',
  header: 'simple',
  cookie: 'form',
};

function readParameters(
  ctx: Context,
  item: JsonObject,
  operation: JsonObject,
  itemPointer: string,
  pointer: string,
  site: Site,
): Parameter[] {
  const merged = new Map<string, Resolved & { site: ParameterSite }>();
  for (const [list, listPointer, level] of [
    [own(item, 'parameters'), pointerOf(itemPointer, 'parameters'), 'path'],
    [own(operation, 'parameters'), pointerOf(pointer, 'parameters'), 'operation'],
  ] as const) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      warn(ctx, 'INVALID_FIELD', listPointer, "'parameters' is not a list.", site);
      continue;
    }
    list.forEach((raw: unknown, index) => {
      const resolved = resolve(ctx, raw, pointerOf(listPointer, index), site);
      if (resolved === undefined) return;
      const name = own(resolved.value, 'name');
      const location = own(resolved.value, 'in');
      if (typeof name !== 'string' || typeof location !== 'string') {
        warn(
          ctx,
          'INVALID_PARAMETER',
          resolved.pointer,
          "A parameter without 'name' and 'in' is not shown in the form; it is kept as written.",
          site,
        );
        return;
      }
      // The operation's parameter replaces the path item's one in its place.
      merged.set(`${location}\u0000${name}`, {
        ...resolved,
        site: { level, raw, resolved: resolved.value },
      });
    });
  }
  const parameters: Parameter[] = [];
  for (const { value, pointer: paramPointer, site: parameterSite } of merged.values()) {
    const parameter = readParameter(
      ctx,
      value,
      paramPointer,
      site,
      stableId(
        'parameter',
        String(site.path),
        String(site.method),
        String(value.in),
        String(value.name),
      ),
    );
    if (parameter !== undefined) {
      parameters.push(parameter);
      pendingParameterSites.set(parameter, parameterSite);
    }
  }
  return parameters;
}

function readParameter(
  ctx: Context,
  value: JsonObject,
  pointer: string,
  site: Site,
  id: string,
): Parameter | undefined {
  const name = own(value, 'name') as string;
  const location = own(value, 'in') as string;
  if (location === 'cookie') {
    warn(
      ctx,
      'COOKIE_PARAMETER',
      pointer,
      `Cookie parameter '${name}' is not shown in the form; it is kept as written.`,
      site,
    );
    return undefined;
  }
  if (location !== 'query' && location !== 'header' && location !== 'path') {
    warn(
      ctx,
      'UNSUPPORTED_PARAMETER_LOCATION',
      pointer,
      `Parameter '${name}' in '${location}' is not shown in the form; it is kept as written.`,
      site,
    );
    return undefined;
  }
  const description = own(value, 'description');
  const required = own(value, 'required');
  const parameter: Parameter = {
    id,
    name,
    location,
    required: location === 'path' ? true : required === true,
    description: typeof description === 'string' ? description : '',
    example: '',
  };
  if (location === 'path') {
    parameter.hideRequired = true;
    if (required !== true) {
      warn(
        ctx,
        'PATH_PARAMETER_REQUIRED',
        pointerOf(pointer, 'required'),
        `Path parameter '${name}' is always required.`,
        site,
      );
    }
  }
  const schema = own(value, 'schema');
  if (schema !== undefined)
    parameter.schema = sanitizeInline(ctx, schema, pointerOf(pointer, 'schema'), site);
  const deprecated = own(value, 'deprecated');
  if (typeof deprecated === 'boolean') parameter.deprecated = deprecated;

  const example = own(value, 'example');
  const examples = own(value, 'examples');
  if (example !== undefined) {
    parameter.example = exampleText(example);
    if (examples !== undefined) {
      warn(
        ctx,
        'EXTRA_EXAMPLES',
        pointerOf(pointer, 'examples'),
        "'examples' next to 'example' are not shown in the form; they are kept as written.",
        site,
      );
    }
  } else if (examples !== undefined) {
    const first = firstExample(ctx, examples, pointerOf(pointer, 'examples'), site);
    if (first !== undefined) {
      parameter.example = exampleText(first.value);
      warn(
        ctx,
        'EXAMPLE_METADATA',
        first.pointer,
        `Only the value of example '${first.key}' is shown, as the parameter's example; the document keeps the rest as written.`,
        site,
      );
    }
  }

  const style = own(value, 'style');
  const explode = own(value, 'explode');
  const defaultStyle = DEFAULT_STYLE[location];
  if (style !== undefined && style !== defaultStyle) {
    warn(
      ctx,
      'PARAMETER_SERIALIZATION',
      pointerOf(pointer, 'style'),
      `Style '${String(style)}' is not shown in the form; it is kept as written.`,
      site,
    );
  }
  const effectiveStyle = typeof style === 'string' ? style : defaultStyle;
  if (explode !== undefined && explode !== (effectiveStyle === 'form')) {
    warn(
      ctx,
      'PARAMETER_SERIALIZATION',
      pointerOf(pointer, 'explode'),
      `'explode: ${String(explode)}' is not shown in the form; it is kept as written.`,
      site,
    );
  }
  for (const key of Object.keys(value)) {
    if (
      [
        'name',
        'in',
        'description',
        'required',
        'schema',
        'deprecated',
        'example',
        'examples',
        'style',
        'explode',
      ].includes(key)
    ) {
      continue;
    }
    const codes: Record<string, ImportWarningCode> = {
      content: 'PARAMETER_CONTENT',
      allowReserved: 'PARAMETER_SERIALIZATION',
      allowEmptyValue: 'PARAMETER_SERIALIZATION',
    };
    if ((key === 'allowReserved' || key === 'allowEmptyValue') && value[key] === false) continue;
    warnField(ctx, key, pointer, codes, site);
  }
  return parameter;
}

/** Response headers the form can show: a map of plain header objects (no `$ref`s). */
function readableHeaders(value: unknown): value is Record<string, JsonObject> {
  return (
    isObject(value) &&
    Object.values(value).every((header) => isObject(header) && header.$ref === undefined)
  );
}

/** The example as the form shows it: strings as they are, anything else as JSON. */
function exampleText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '';
}

interface FirstExample {
  key: string;
  value: unknown;
  summary: unknown;
  /** Pointer of the example entry as listed. */
  pointer: string;
}

/** The first entry of an `examples` map; the others are warned about. */
function firstExample(
  ctx: Context,
  examples: unknown,
  pointer: string,
  site: Site,
  /** A body keeps the others too ({@link moreExamples}); a parameter has one example. */
  keepRest = false,
): FirstExample | undefined {
  if (!isObject(examples)) {
    warn(ctx, 'INVALID_FIELD', pointer, "'examples' is not an object.", site);
    return undefined;
  }
  const keys = Object.keys(examples);
  if (!keepRest)
    keys.slice(1).forEach((key) => {
      warn(
        ctx,
        'EXTRA_EXAMPLES',
        pointerOf(pointer, key),
        `Example '${key}' is not shown in the form (only the first example is); it is kept as written.`,
        site,
      );
    });
  const firstKey = keys[0];
  if (firstKey === undefined) return undefined;
  const entryPointer = pointerOf(pointer, firstKey);
  const resolved = resolve(ctx, examples[firstKey], entryPointer, site);
  if (resolved === undefined) return undefined;
  for (const key of Object.keys(resolved.value)) {
    if (key === 'value' || key === 'summary') continue;
    warnField(ctx, key, resolved.pointer, { externalValue: 'EXTERNAL_EXAMPLE' }, site);
  }
  return {
    key: firstKey,
    value: own(resolved.value, 'value'),
    summary: own(resolved.value, 'summary'),
    pointer: entryPointer,
  };
}

/**
 * A body's first example keeps its name (`exampleName`) and value in the form; a summary of its
 * own is not shown there (the document keeps it).
 */
function checkExampleName(ctx: Context, first: FirstExample | undefined, site: Site): void {
  if (first === undefined || first.summary === undefined || first.summary === first.key) return;
  warn(
    ctx,
    'EXAMPLE_METADATA',
    first.pointer,
    `The summary of example '${first.key}' is not shown in the form; only its name and value are.`,
    site,
  );
}

// ---------------------------------------------------------------- bodies

function isJsonMediaType(mediaType: string): boolean {
  return mediaType.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * Reads a requestBody or response object: its JSON media type becomes a body, every other
 * media type and every unsupported field (response headers, links, extensions) a warning.
 */
function readBody(
  ctx: Context,
  container: JsonObject,
  pointer: string,
  site: Site,
  derivedName: string,
  out: BodySite,
): BodyModel | undefined {
  for (const key of Object.keys(container)) {
    if (key === 'description' || key === 'content' || key === 'required') continue;
    // Response headers are shown by the form unless they are references.
    if (key === 'headers' && readableHeaders(container.headers)) continue;
    warnField(ctx, key, pointer, { headers: 'RESPONSE_HEADERS', links: 'RESPONSE_LINKS' }, site);
  }
  const content = own(container, 'content');
  if (content === undefined) return undefined;
  const contentPointer = pointerOf(pointer, 'content');
  if (!isObject(content)) {
    warn(ctx, 'INVALID_FIELD', contentPointer, "'content' is not an object.", site);
    return undefined;
  }
  let jsonKey: string | undefined;
  for (const key of Object.keys(content)) {
    if (jsonKey === undefined && isJsonMediaType(key)) {
      jsonKey = key;
      continue;
    }
    const code = isJsonMediaType(key) ? 'EXTRA_JSON_MEDIA_TYPE' : 'NON_JSON_MEDIA_TYPE';
    warn(
      ctx,
      code,
      pointerOf(contentPointer, key),
      `Media type '${key}' is not shown in the form (only application/json is); it is kept as written.`,
      site,
    );
  }
  if (jsonKey === undefined) return undefined;
  out.mediaKey = jsonKey;
  const mediaPointer = pointerOf(contentPointer, jsonKey);
  const media = content[jsonKey];
  if (!isObject(media)) {
    warn(
      ctx,
      'MEDIA_TYPE_WITHOUT_SCHEMA',
      mediaPointer,
      'The JSON media type is empty; the form shows no body, and the document keeps it as written.',
      site,
    );
    return undefined;
  }
  for (const key of Object.keys(media)) {
    if (key === 'schema' || key === 'example' || key === 'examples') continue;
    warnField(ctx, key, mediaPointer, { encoding: 'MEDIA_TYPE_ENCODING' }, site);
  }
  let customerJson = '';
  let first: FirstExample | undefined;
  let more: NamedExample[] = [];
  const example = own(media, 'example');
  const examples = own(media, 'examples');
  if (example !== undefined) {
    customerJson = jsonText(example);
    out.example = { kind: 'example' };
    if (examples !== undefined) {
      warn(
        ctx,
        'EXTRA_EXAMPLES',
        pointerOf(mediaPointer, 'examples'),
        "'examples' next to 'example' are not shown in the form; they are kept as written.",
        site,
      );
    }
  } else if (examples !== undefined) {
    first = firstExample(ctx, examples, pointerOf(mediaPointer, 'examples'), site, true);
    more = moreExamples(ctx, examples, pointerOf(mediaPointer, 'examples'), site);
    if (first !== undefined) {
      customerJson = jsonText(first.value);
      out.example = { kind: 'examples', key: first.key };
    }
  }
  const rawSchema = own(media, 'schema');
  if (!isObject(rawSchema)) {
    if (customerJson === '') {
      warn(
        ctx,
        'MEDIA_TYPE_WITHOUT_SCHEMA',
        mediaPointer,
        'The JSON media type has no schema; the form shows no body, and the document keeps it as written.',
        site,
      );
      return undefined;
    }
    warn(
      ctx,
      'MEDIA_TYPE_WITHOUT_SCHEMA',
      mediaPointer,
      'The JSON media type has no schema; the schema will be inferred from its example.',
      site,
    );
    const name = claimDerivedName(ctx, derivedName);
    checkExampleName(ctx, first, site);
    return withExamples(withDescription({ name, customerJson }, container), first, more);
  }
  const schema = sanitizeInline(ctx, rawSchema, pointerOf(mediaPointer, 'schema'), site);
  const refName = pureSchemaRef(rawSchema as Schema);
  if (refName !== undefined) out.schemaRef = refName;
  const named = nameBody(ctx, schema, derivedName);
  checkExampleName(ctx, first, site);
  return withExamples(
    withDescription({ name: named.name, customerJson, schema: named.schema }, container),
    first,
    more,
  );
}

/** The first example's own name (when it is not the body's) and the further examples. */
function withExamples(
  body: BodyModel,
  first: FirstExample | undefined,
  more: NamedExample[],
): BodyModel {
  if (first !== undefined && first.key !== body.name) body.exampleName = first.key;
  if (more.length > 0) body.examples = more;
  return body;
}

/** Every entry of a body's `examples` after the first, by name (all of them are edited). */
function moreExamples(
  ctx: Context,
  examples: unknown,
  pointer: string,
  site: Site,
): NamedExample[] {
  if (!isObject(examples)) return [];
  const out: NamedExample[] = [];
  for (const key of Object.keys(examples).slice(1)) {
    const entryPointer = pointerOf(pointer, key);
    const resolved = resolve(ctx, examples[key], entryPointer, site);
    if (resolved === undefined) continue;
    const value = own(resolved.value, 'value');
    if (value === undefined) {
      warnField(
        ctx,
        'externalValue',
        resolved.pointer,
        { externalValue: 'EXTERNAL_EXAMPLE' },
        site,
      );
      continue;
    }
    const example: NamedExample = { name: key, json: jsonText(value) };
    const summary = own(resolved.value, 'summary');
    if (typeof summary === 'string') example.summary = summary;
    out.push(example);
  }
  return out;
}

function withDescription(body: BodyModel, container: JsonObject): BodyModel {
  const description = own(container, 'description');
  if (typeof description === 'string') body.description = description;
  return body;
}

/** Pretty JSON (indent 2) of an example value, as the body editor shows it. */
function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? '';
}

/**
 * Names a body. A pure `$ref` to a schema component with a valid body name gives that name
 * and the component's definition; a component whose name has other characters gets a
 * sanitised alias name (schema kept as the `$ref`); anything else a derived name.
 */
function nameBody(
  ctx: Context,
  schema: Schema,
  derivedName: string,
): { name: string; schema: Schema } {
  const refName = pureSchemaRef(schema);
  if (refName !== undefined && Object.hasOwn(ctx.schemas, refName)) {
    const definition = ctx.schemas[refName];
    if (isObject(definition)) {
      ctx.used.add(refName);
      sanitizeComponent(ctx, refName);
      if (BODY_NAME_RE.test(refName))
        return { name: refName, schema: ctx.schemas[refName] as Schema };
      const alias = sanitizeName(refName);
      const owner = ctx.bodyNames.get(alias);
      if (
        alias !== '' &&
        !Object.hasOwn(ctx.schemas, alias) &&
        (owner === undefined || owner === refName)
      ) {
        ctx.bodyNames.set(alias, refName);
        return { name: alias, schema };
      }
    }
  }
  return { name: claimDerivedName(ctx, derivedName), schema };
}

/** A derived body name that no schema component and no other body uses yet. */
function claimDerivedName(ctx: Context, wanted: string): string {
  let name = wanted;
  for (let n = 2; Object.hasOwn(ctx.schemas, name) || ctx.bodyNames.has(name); n++) {
    name = `${wanted}_${n}`;
  }
  ctx.bodyNames.set(name, '');
  return name;
}

/** Makes a schema component valid OpenAPI 3.0 once; changes are document-level warnings. */
function sanitizeComponent(ctx: Context, name: string): void {
  if (ctx.sanitized.has(name)) return;
  ctx.sanitized.add(name);
  // A 3.1/3.2 schema is JSON Schema 2020-12: it is read as written, never made 3.0.
  if (featuresOf(ctx.dialect).jsonSchema) return;
  const pointer = pointerOf('/components/schemas', name);
  const fixed = sanitizeSchema(
    ctx.schemas[name],
    pointer,
    (code, at, message) => warn(ctx, code, at, message),
    (ref) => refOk(ctx, ref),
  );
  if (fixed !== ctx.schemas[name]) setOwn(ctx.schemas, name, fixed);
}

/** Makes an inline schema valid OpenAPI 3.0; changes are warnings of the operation. */
function sanitizeInline(ctx: Context, schema: unknown, pointer: string, site: Site): Schema {
  if (featuresOf(ctx.dialect).jsonSchema) {
    if (isObject(schema) || typeof schema === 'boolean') return schema as Schema;
    warn(
      ctx,
      'SCHEMA_INVALID',
      pointer,
      'A schema that is not an object is not shown in the form.',
      site,
    );
    return {};
  }
  return sanitizeSchema(
    schema,
    pointer,
    (code, at, message) => warn(ctx, code, at, message, site),
    (ref) => refOk(ctx, ref),
  ) as Schema;
}

/** Whether a schema `$ref` points to an existing schema component (the only kind kept). */
function refOk(ctx: Context, ref: string): boolean {
  // A reference to another file is kept as written (reported once, never fetched).
  if (isExternalRef(ref)) return true;
  const name = schemaRefName(ref);
  return name !== undefined && isObject(own(ctx.schemas, name));
}

/** The existing schema component a `$ref` (or discriminator mapping target) names. */
function componentOf(ctx: Context, ref: string): string | undefined {
  // A pointer inside a component (`#/components/schemas/Order/allOf/0`, as Stoplight writes
  // them) reaches that component as a whole: the example checks resolve the pointer in it.
  const slash = ref.startsWith(SCHEMA_REF_PREFIX) ? ref.indexOf('/', SCHEMA_REF_PREFIX.length) : -1;
  const name = schemaRefName(slash < 0 ? ref : ref.slice(0, slash));
  return name !== undefined && Object.hasOwn(ctx.schemas, name) ? name : undefined;
}

/**
 * Names of the schema components one component refers to directly, computed once per name
 * (after the component is sanitised). Only valid references remain after sanitising;
 * discriminator mappings that point nowhere are kept as written and not followed.
 */
function refsOf(ctx: Context, name: string): string[] {
  let refs = ctx.refsOf.get(name);
  if (refs === undefined) {
    sanitizeComponent(ctx, name);
    const found = new Set<string>();
    forEachRef(
      ctx.schemas[name],
      (ref) => {
        const target = componentOf(ctx, ref);
        if (target !== undefined) found.add(target);
      },
      { scope: 'schema' },
    );
    refs = [...found];
    ctx.refsOf.set(name, refs);
  }
  return refs;
}

/**
 * Every schema component the given schemas reach, transitively (cycles included), in
 * breadth-first order (generation sorts names itself).
 */
function collectComponents(ctx: Context, schemas: Schema[]): Record<string, Schema> | undefined {
  const names = new Set<string>();
  for (const schema of schemas) {
    forEachRef(
      schema,
      (ref) => {
        const name = componentOf(ctx, ref);
        if (name !== undefined) names.add(name);
      },
      { scope: 'schema' },
    );
  }
  if (names.size === 0) return undefined;
  const key = [...names].sort().join('\u0000');
  const known = ctx.closures.get(key);
  if (known !== undefined) return known;
  // A Set iterates entries added during iteration: this is the breadth-first walk.
  for (const name of names) for (const target of refsOf(ctx, name)) names.add(target);
  // Different direct sets often reach the same closure (a ring of schemas, a common envelope):
  // they share one object, so the example checks dereference each closure once. A closed set is
  // its own closure, so its key stands in the same map.
  const closed = [...names].sort().join('\u0000');
  const same = ctx.closures.get(closed);
  if (same !== undefined) {
    ctx.closures.set(key, same);
    return same;
  }
  const kept: Record<string, Schema> = {};
  for (const name of names) {
    ctx.used.add(name);
    if (name === '__proto__') setOwn(kept, name, ctx.schemas[name]);
    else kept[name] = ctx.schemas[name] as Schema;
  }
  ctx.closures.set(key, kept);
  ctx.closures.set(closed, kept);
  return kept;
}
