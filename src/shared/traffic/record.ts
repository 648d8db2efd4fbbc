/**
 * One recorded HTTP call, as both importers (cURL, HAR) read it, and the rules that decide what
 * of it is kept: which headers are noise, and which values are secrets that are never copied.
 */

export interface TrafficBody {
  /** The media type without parameters, lower case ('' when unknown). */
  mediaType: string;
  text: string;
}

export interface TrafficResponse {
  status: number;
  headers: [string, string][];
  body?: TrafficBody;
}

export interface TrafficRecord {
  method: string;
  url: string;
  headers: [string, string][];
  body?: TrafficBody;
  response?: TrafficResponse;
  /** JSON pointer of the call in its source (HAR) or '/<n>' for the n-th cURL command. */
  pointer: string;
}

/** What replaces every secret value. */
export const REDACTED = '<redacted>';

/**
 * Request headers that describe the connection or the browser, not the API: they are not
 * turned into parameters. Cookie is here too: its value is a secret and never copied.
 */
const NOISE_REQUEST_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'access-control-request-headers',
  'access-control-request-method',
  'cache-control',
  'connection',
  'content-length',
  'content-type',
  'cookie',
  'dnt',
  'expect',
  'host',
  'if-modified-since',
  'if-none-match',
  'keep-alive',
  'origin',
  'pragma',
  'priority',
  'proxy-connection',
  'purpose',
  'referer',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'upgrade-insecure-requests',
  'user-agent',
  'via',
  'x-requested-with',
]);

/** Response headers that describe the transport or the server, not the API. */
const NOISE_RESPONSE_HEADERS = new Set([
  'accept-ranges',
  'age',
  'alt-svc',
  'cache-control',
  'cf-cache-status',
  'cf-ray',
  'connection',
  'content-encoding',
  'content-length',
  'content-security-policy',
  'content-security-policy-report-only',
  'content-type',
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'date',
  'expires',
  'keep-alive',
  'last-modified',
  'nel',
  'permissions-policy',
  'pragma',
  'referrer-policy',
  'report-to',
  'server',
  'server-timing',
  'strict-transport-security',
  'timing-allow-origin',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'vary',
  'via',
  'x-cache',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-frame-options',
  'x-powered-by',
  'x-xss-protection',
]);

/** Whether a request header is left out of the parameters. */
export function isNoiseRequestHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    lower.startsWith(':') ||
    lower.startsWith('sec-') ||
    lower.startsWith('proxy-') ||
    NOISE_REQUEST_HEADERS.has(lower)
  );
}

/** Whether a response header is left out of the response's headers. */
export function isNoiseResponseHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    lower.startsWith(':') ||
    lower.startsWith('access-control-') ||
    NOISE_RESPONSE_HEADERS.has(lower)
  );
}

/** Header names whose values are always secrets. */
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'set-cookie2',
]);

/**
 * Name parts that mark a secret (matched in names with separators removed, lower case):
 * API keys, tokens, secrets, passwords, signatures, sessions, credentials.
 */
const SECRET_NAME_RE =
  /(?:apikey|accesskey|secret|token|passw(?:or)?d|passwd|pwd|signature|credential|session|sessid|authoriz|privatekey|csrf|xsrf|bearer|jwt)/;
/** Whole names that are secrets only on their own (too short to match as parts). */
const SECRET_EXACT = new Set(['key', 'sig', 'auth', 'hmac', 'sid', 'pass', 'otp']);
/** Query parameter names that are secrets in URLs (OAuth codes, tickets), not in bodies. */
const SECRET_QUERY_EXACT = new Set(['code', 'ticket', 'pin', 'hash']);

function squash(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Whether a header's value is a secret (never copied). */
export function isSecretHeader(name: string): boolean {
  const lower = name.toLowerCase();
  if (SECRET_HEADERS.has(lower)) return true;
  const squashed = squash(lower);
  return SECRET_NAME_RE.test(squashed) || squashed.endsWith('key') || SECRET_EXACT.has(squashed);
}

/** Whether a body field's value is a secret (never copied). */
export function isSecretName(name: string): boolean {
  const squashed = squash(name);
  if (squashed === '') return false;
  if (SECRET_EXACT.has(squashed)) return true;
  if (SECRET_NAME_RE.test(squashed)) return true;
  // api_key, x-api-key, client_key, …: a name that ends in "key" (but not "monkey"-like words).
  return (
    /(?:^|[^a-z])key$/i.test(name) || /(?:api|client|access|secret|private)key$/.test(squashed)
  );
}

/** Whether a query parameter's value is a secret (never copied). */
export function isSecretQueryName(name: string): boolean {
  return isSecretName(name) || SECRET_QUERY_EXACT.has(squash(name));
}

/** The placeholder for a secret header value; an auth scheme word (Bearer, Basic) is kept. */
export function redactHeaderValue(name: string, value: string): string {
  if (name.toLowerCase().endsWith('authorization')) {
    const scheme = /^([A-Za-z][A-Za-z0-9-]*)\s+\S/.exec(value.trim());
    if (scheme !== null) return `${scheme[1]} ${REDACTED}`;
  }
  return REDACTED;
}

/**
 * A copy of a parsed JSON value with the values of secret-named fields replaced by
 * {@link REDACTED} (strings) — bodies of login and token calls carry passwords and tokens.
 * Counts replacements in `counter`. Iterative, so hostile depth cannot overflow the stack.
 */
export function redactJson(value: unknown, counter: { count: number }): unknown {
  if (value === null || typeof value !== 'object') return value;
  const root: { v: unknown } = { v: undefined };
  const stack: {
    source: unknown;
    target: Record<string, unknown> | unknown[];
    key: string | number;
  }[] = [{ source: value, target: root as unknown as Record<string, unknown>, key: 'v' }];
  while (stack.length > 0) {
    const { source, target, key } = stack.pop() as (typeof stack)[number];
    let copy: unknown;
    if (source === null || typeof source !== 'object') {
      copy = source;
    } else if (Array.isArray(source)) {
      const list: unknown[] = new Array<unknown>(source.length);
      for (let i = 0; i < source.length; i++)
        stack.push({ source: source[i], target: list, key: i });
      copy = list;
    } else {
      const object: Record<string, unknown> = {};
      for (const name of Object.keys(source)) {
        const child = (source as Record<string, unknown>)[name];
        if (typeof child === 'string' && child !== '' && isSecretName(name)) {
          counter.count++;
          Object.defineProperty(object, name, {
            value: REDACTED,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        } else {
          Object.defineProperty(object, name, {
            value: undefined,
            enumerable: true,
            writable: true,
            configurable: true,
          });
          stack.push({ source: child, target: object, key: name });
        }
      }
      copy = object;
    }
    (target as Record<string | number, unknown>)[key] = copy;
  }
  return root.v;
}

/** `application/json; charset=utf-8` → `application/json`. */
export function baseMediaType(value: string | undefined): string {
  if (value === undefined) return '';
  return (value.split(';')[0] as string).trim().toLowerCase();
}

export function isJsonMediaType(mediaType: string): boolean {
  return (
    mediaType === 'application/json' || mediaType.endsWith('+json') || mediaType === 'text/json'
  );
}

/** Media types whose bodies are text (kept as a string example); others are binary. */
export function isTextMediaType(mediaType: string): boolean {
  return (
    mediaType === '' ||
    mediaType.startsWith('text/') ||
    isJsonMediaType(mediaType) ||
    mediaType.endsWith('+xml') ||
    mediaType === 'application/xml' ||
    mediaType === 'application/x-www-form-urlencoded' ||
    mediaType === 'application/javascript' ||
    mediaType === 'application/graphql' ||
    mediaType === 'application/x-ndjson' ||
    mediaType === 'multipart/form-data'
  );
}

/** Form-encoded body text with the values of secret-named fields replaced. */
export function redactFormBody(text: string, counter: { count: number }): string {
  return text
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // keep the raw name
      }
      if (!isSecretQueryName(name) || eq === pair.length - 1) return pair;
      counter.count++;
      return `${pair.slice(0, eq)}=${encodeURIComponent(REDACTED)}`;
    })
    .join('&');
}
