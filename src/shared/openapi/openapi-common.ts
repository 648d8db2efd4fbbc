/** Small helpers shared by OpenAPI generation and import. */
import type { HttpMethod, Schema } from './model';

/** Operation keys the import reads, in the form's terms (spec §5); `trace` is only warned. */
export const IMPORT_METHODS: Readonly<Record<string, HttpMethod>> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  delete: 'DELETE',
  patch: 'PATCH',
  options: 'OPTIONS',
  head: 'HEAD',
};

/** Prefix of a local reference to a schema component. */
export const SCHEMA_REF_PREFIX = '#/components/schemas/';

/** Body and response names: letters, digits, '-' and '_' (spec §5). */
export const BODY_NAME_RE = /^[A-Za-z0-9_-]+$/;

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Own property lookup: names from documents may be `__proto__` or `constructor`. */
export function own(object: JsonObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Sets an own data property, also for the key `__proto__` (where `=` would set the prototype). */
export function setOwn(object: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    object[key] = value;
  }
}

/** Escapes one JSON pointer token (RFC 6901). */
export function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Unescapes one JSON pointer token (RFC 6901). */
export function unescapePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Appends tokens to a JSON pointer. */
export function pointerOf(base: string, ...tokens: (string | number)[]): string {
  let out = base;
  for (const token of tokens) out += '/' + escapePointer(String(token));
  return out;
}

/** The component name of a `#/components/schemas/<name>` reference, else undefined. */
export function schemaRefName(ref: string): string | undefined {
  if (!ref.startsWith(SCHEMA_REF_PREFIX)) return undefined;
  const token = ref.slice(SCHEMA_REF_PREFIX.length);
  if (token.length === 0 || token.includes('/')) return undefined;
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // Not percent-encoded: use it as written.
  }
  return unescapePointer(decoded);
}

/** The `#/components/schemas/<name>` reference of a component name. */
export function schemaRef(name: string): string {
  return SCHEMA_REF_PREFIX + escapePointer(name);
}

/** The referenced component name when `schema` is exactly `{ $ref }` to a schema component. */
export function pureSchemaRef(schema: Schema | undefined): string | undefined {
  if (schema === undefined || typeof schema.$ref !== 'string') return undefined;
  for (const key in schema) if (key !== '$ref') return undefined;
  return schemaRefName(schema.$ref);
}

const shapeCache = new WeakMap<object, string>();

/**
 * A canonical text of a schema's shape: object keys sorted, `required` as a set, and schema
 * `example`s left out (a property NAMED example is kept). Two bodies with the same shape may
 * share one component; this matches the BODY_NAME_SCHEMA_CLASH rule of validateEndpoints.
 */
export function schemaShape(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const cached = shapeCache.get(value);
  if (cached !== undefined) return cached;
  let out: string;
  if (Array.isArray(value)) {
    out = '[' + value.map((item) => schemaShape(item)).join(',') + ']';
  } else {
    const record = value as JsonObject;
    const parts: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const item = record[key];
      if (key === 'example' || item === undefined) continue;
      let part: string;
      if (key === 'properties' && isObject(item)) {
        part =
          '{' +
          Object.keys(item)
            .sort()
            .map((name) => JSON.stringify(name) + ':' + schemaShape(item[name]))
            .join(',') +
          '}';
      } else if (key === 'required' && Array.isArray(item)) {
        part = JSON.stringify(item.map(String).sort());
      } else {
        part = schemaShape(item);
      }
      parts.push(JSON.stringify(key) + ':' + part);
    }
    out = '{' + parts.join(',') + '}';
  }
  shapeCache.set(value, out);
  return out;
}

/** Whether two schemas have the same shape (identity first, {@link schemaShape} otherwise). */
export function sameSchema(a: Schema, b: Schema): boolean {
  return a === b || schemaShape(a) === schemaShape(b);
}

const REASONS: Readonly<Record<number, string>> = {
  100: 'Continue',
  101: 'Switching Protocols',
  102: 'Processing',
  103: 'Early Hints',
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  203: 'Non-Authoritative Information',
  204: 'No Content',
  205: 'Reset Content',
  206: 'Partial Content',
  207: 'Multi-Status',
  208: 'Already Reported',
  226: 'IM Used',
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a Teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Content',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  510: 'Not Extended',
  511: 'Network Authentication Required',
};

/** The default response description: the HTTP reason phrase, else 'Response <code>'. */
export function reasonPhrase(code: number): string {
  return REASONS[code] ?? `Response ${code}`;
}
