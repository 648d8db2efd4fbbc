import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two hex or text signatures (length leaks, content does not). */
export function safeEqual(expected: string, actual: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(actual, 'utf8');
  if (a.length !== b.length) {
    // Still spend one comparison so that a wrong length costs the same as a wrong value.
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}

/**
 * T-Bank token: the root-level scalar values plus `Password`, ordered by key, concatenated,
 * SHA-256 in hex. Nested objects (DATA, Receipt) and the Token itself are left out.
 */
export function tbankToken(params: Record<string, unknown>, password: string): string {
  const pairs: [string, string][] = [['Password', password]];
  for (const [key, val] of Object.entries(params)) {
    if (key === 'Token' || val === null || val === undefined) continue;
    if (typeof val === 'string' || typeof val === 'number' || typeof val === 'boolean') {
      pairs.push([key, String(val)]);
    }
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(pairs.map(([, v]) => v).join(''), 'utf8')
    .digest('hex');
}

/**
 * JSON as PHP's `json_encode($data, JSON_UNESCAPED_UNICODE)` writes it: like JSON.stringify but
 * with every '/' escaped as '\/'. Cryptomus signs that text.
 */
export function phpJson(data: unknown): string {
  return JSON.stringify(data).replace(/\//g, '\\/');
}

/** Cryptomus sign: md5(base64(json) + API key), hex. */
export function cryptomusSign(json: string, apiKey: string): string {
  return createHash('md5')
    .update(Buffer.from(json, 'utf8').toString('base64') + apiKey, 'utf8')
    .digest('hex');
}

/** Sandbox signature: HMAC-SHA256 of the raw body with the server-side key, hex. */
export function sandboxSignature(rawBody: Buffer | string, key: string): string {
  return createHmac('sha256', key).update(rawBody).digest('hex');
}
