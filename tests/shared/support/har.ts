/** Traffic the import tests feed in: JWT-shaped tokens and Chrome-shaped HAR files. */

const b64url = (text: string) => Buffer.from(text).toString('base64url');

/** A JWT-shaped token (header, payload, signature) that differs by `sub` and `type`. */
export const jwt = (sub: string, type = 'access'): string =>
  `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(
    JSON.stringify({ token_type: type, sub, exp: 1900000000, jti: `${sub}-${type}-9f2c` }),
  )}.${b64url(`signature-of-${sub}-${type}-0123456789`)}`;

/** One call of a HAR file: its request and, when given, its response. */
export interface HarCall {
  method?: string;
  url: string;
  headers?: [string, string][];
  body?: { mimeType: string; text: string };
  status?: number;
  responseHeaders?: [string, string][];
  response?: { mimeType: string; text: string };
}

/** A Chrome-shaped HAR of the given calls. */
export function har(calls: HarCall[]): string {
  const pairs = (list: [string, string][] = []) => list.map(([name, value]) => ({ name, value }));
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'WebInspector', version: '537.36' },
      entries: calls.map((call) => ({
        _resourceType: 'fetch',
        request: {
          method: call.method ?? 'GET',
          url: call.url,
          httpVersion: 'HTTP/1.1',
          headers: pairs(call.headers),
          queryString: [],
          cookies: [],
          ...(call.body ? { postData: call.body } : {}),
        },
        response: {
          status: call.status ?? 200,
          statusText: '',
          headers: pairs(call.responseHeaders),
          content: call.response
            ? { size: call.response.text.length, ...call.response }
            : { size: 0, mimeType: 'x-unknown' },
        },
      })),
    },
  });
}
