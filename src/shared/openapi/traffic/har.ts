/**
 * HAR 1.2 files (DevTools "Save all as HAR", proxies' exports) read into {@link TrafficRecord}s.
 * The size is checked before anything is parsed. Calls that are not API traffic are left out,
 * with one warning per kind: pages, scripts, styles, images, fonts and media (by Chrome's
 * `_resourceType`, else by the response's media type), CORS preflights, failed calls (status 0)
 * and non-HTTP URLs (data:, blob:, extensions).
 */
import { CoreError } from '../errors';
import { assertDepth, jsonInvalid } from '../limits';
import type { ImportWarning } from '../read-openapi';
import { baseMediaType, isTextMediaType, type TrafficBody, type TrafficRecord } from './record';

/** Largest HAR text accepted (UTF-16 code units): 32 MiB. See docs/decisions.md. */
export const MAX_HAR_CHARS = 32 * 1024 * 1024;

/** Nesting allowed in a HAR (the format itself is ~6 deep; bodies are strings inside it). */
const MAX_HAR_DEPTH = 64;

/** Chrome's resource types that are API calls. */
const API_RESOURCE_TYPES = new Set(['xhr', 'fetch', 'eventsource', 'other', 'ping', 'preflight']);
/** Response media types of page resources (when the HAR has no resource types). */
const STATIC_MEDIA_RE =
  /^(?:text\/html|text\/css|(?:text|application)\/(?:x-)?javascript|application\/wasm|image\/|font\/|audio\/|video\/|application\/font|application\/x-font)/;

function invalid(message: string, line?: number, column?: number): CoreError {
  return new CoreError('HAR_INVALID', message, line, column);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function headerList(value: unknown): [string, string][] {
  if (!Array.isArray(value)) return [];
  const out: [string, string][] = [];
  for (const header of value) {
    if (!isRecord(header)) continue;
    const name = str(header.name);
    const text = header.value;
    if (name === undefined || name === '') continue;
    out.push([name, typeof text === 'string' ? text : String(text ?? '')]);
  }
  return out;
}

function headerValue(headers: [string, string][], name: string): string | undefined {
  const lower = name.toLowerCase();
  return headers.find(([key]) => key.toLowerCase() === lower)?.[1];
}

function decodeBase64(text: string): string | undefined {
  try {
    const binary = atob(text.replace(/\s+/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

interface Skips {
  static: number;
  preflight: number;
  failed: number;
  scheme: number;
  broken: number;
  binary: number;
}

/** Reads the calls of a HAR text; HAR_TOO_LARGE / HAR_INVALID as typed errors. */
export function readHar(text: string, warnings: ImportWarning[]): TrafficRecord[] {
  if (typeof text !== 'string') throw invalid('Expected the text of a HAR file.');
  if (text.length > MAX_HAR_CHARS) {
    throw new CoreError(
      'HAR_TOO_LARGE',
      `The HAR file is ${(text.length / 1024 / 1024).toFixed(1)} MB; the limit is ${
        MAX_HAR_CHARS / 1024 / 1024
      } MB.`,
    );
  }
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let document: unknown;
  try {
    document = JSON.parse(source);
  } catch (error) {
    const syntax = jsonInvalid(source, error);
    throw invalid(`The HAR file is not valid JSON: ${syntax.message}`, syntax.line, syntax.column);
  }
  assertDepth(document, MAX_HAR_DEPTH);
  if (!isRecord(document) || !isRecord(document.log) || !Array.isArray(document.log.entries)) {
    throw invalid('The file has no log.entries: it is not a HAR file.');
  }
  const entries = document.log.entries as unknown[];
  const records: TrafficRecord[] = [];
  const skips: Skips = { static: 0, preflight: 0, failed: 0, scheme: 0, broken: 0, binary: 0 };
  for (let index = 0; index < entries.length; index++) {
    const record = readEntry(entries[index], index, skips);
    if (record !== undefined) records.push(record);
  }
  const note = (count: number, code: string, message: string) => {
    if (count > 0) warnings.push({ code, pointer: '/log/entries', message: `${count} ${message}` });
  };
  note(
    skips.static,
    'HAR_STATIC_SKIPPED',
    'page resources (documents, scripts, styles, images, fonts, media) are skipped.',
  );
  note(skips.preflight, 'HAR_PREFLIGHT_SKIPPED', 'CORS preflight calls are skipped.');
  note(
    skips.failed,
    'HAR_FAILED_SKIPPED',
    'calls without a response (blocked or failed) are skipped.',
  );
  note(skips.scheme, 'HAR_SCHEME_SKIPPED', 'calls to non-HTTP URLs are skipped.');
  note(skips.broken, 'HAR_ENTRY_INVALID', 'entries without a valid request are skipped.');
  note(skips.binary, 'HAR_BINARY_BODY', 'binary bodies are not kept as examples.');
  return records;
}

function body(
  mediaTypeRaw: string | undefined,
  textRaw: unknown,
  encoding: unknown,
  skips: Skips,
): TrafficBody | undefined {
  const mediaType = baseMediaType(mediaTypeRaw);
  if (typeof textRaw !== 'string' || textRaw === '') return undefined;
  if (!isTextMediaType(mediaType)) {
    skips.binary++;
    return undefined;
  }
  if (encoding === 'base64') {
    const decoded = decodeBase64(textRaw);
    if (decoded === undefined) {
      skips.binary++;
      return undefined;
    }
    return { mediaType, text: decoded };
  }
  return { mediaType, text: textRaw };
}

function readEntry(entry: unknown, index: number, skips: Skips): TrafficRecord | undefined {
  if (!isRecord(entry) || !isRecord(entry.request)) {
    skips.broken++;
    return undefined;
  }
  const request = entry.request;
  const method = str(request.method)?.toUpperCase();
  const url = str(request.url);
  if (method === undefined || url === undefined || !/^[A-Z]+$/.test(method)) {
    skips.broken++;
    return undefined;
  }
  if (!/^https?:\/\//i.test(url)) {
    skips.scheme++;
    return undefined;
  }
  const headers = headerList(request.headers);
  const response = isRecord(entry.response) ? entry.response : undefined;
  const status = typeof response?.status === 'number' ? response.status : 0;
  const content = isRecord(response?.content) ? response.content : undefined;
  const responseHeaders = headerList(response?.headers);
  const responseMedia = str(content?.mimeType) ?? headerValue(responseHeaders, 'content-type');
  const resourceType = str(entry._resourceType)?.toLowerCase();
  if (resourceType !== undefined) {
    if (!API_RESOURCE_TYPES.has(resourceType)) {
      skips.static++;
      return undefined;
    }
  } else if (STATIC_MEDIA_RE.test(baseMediaType(responseMedia)) && method === 'GET') {
    skips.static++;
    return undefined;
  }
  if (method === 'OPTIONS' && headerValue(headers, 'access-control-request-method') !== undefined) {
    skips.preflight++;
    return undefined;
  }
  if (status < 100 || status > 599) {
    skips.failed++;
    return undefined;
  }
  const postData = isRecord(request.postData) ? request.postData : undefined;
  let requestBody: TrafficBody | undefined;
  if (postData !== undefined) {
    const media = str(postData.mimeType) ?? headerValue(headers, 'content-type');
    let text = postData.text;
    if ((typeof text !== 'string' || text === '') && Array.isArray(postData.params)) {
      const params = (postData.params as unknown[]).filter(isRecord);
      // Multipart params read as cURL's `-F name=value` lines (files by name), forms as pairs.
      text =
        baseMediaType(media) === 'multipart/form-data'
          ? params
              .map((p) =>
                typeof p.fileName === 'string'
                  ? `${String(p.name ?? '')}=@${p.fileName}`
                  : `${String(p.name ?? '')}=${String(p.value ?? '')}`,
              )
              .join('\n')
          : params
              .map(
                (p) =>
                  `${encodeURIComponent(String(p.name ?? ''))}=${encodeURIComponent(String(p.value ?? ''))}`,
              )
              .join('&');
    }
    requestBody = body(media, text, undefined, skips);
  }
  const responseBody =
    content === undefined ? undefined : body(responseMedia, content.text, content.encoding, skips);
  return {
    method,
    url,
    headers,
    ...(requestBody === undefined ? {} : { body: requestBody }),
    response: {
      status,
      headers: responseHeaders,
      ...(responseBody === undefined ? {} : { body: responseBody }),
    },
    pointer: `/log/entries/${index}`,
  };
}
