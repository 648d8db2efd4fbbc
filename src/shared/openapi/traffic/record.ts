/**
 * One recorded HTTP call, as both importers (cURL, HAR) read it, and the rules that decide what
 * of it is kept: which headers are noise. Which values are secrets is redact.ts's concern.
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

/** Newline-delimited JSON (one JSON value per line). */
export function isNdjsonMediaType(mediaType: string): boolean {
  return (
    mediaType === 'application/x-ndjson' ||
    mediaType === 'application/ndjson' ||
    mediaType === 'application/jsonl' ||
    mediaType === 'application/x-jsonlines' ||
    mediaType === 'application/jsonlines' ||
    mediaType === 'application/json-seq'
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
    isNdjsonMediaType(mediaType) ||
    mediaType === 'multipart/form-data'
  );
}
