import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ProviderError } from '../types';

/**
 * POSTs JSON text to a provider and returns the parsed JSON answer; ProviderError on any failure.
 * Each call opens its own connection: orders are rare, and a pooled keep-alive socket that the
 * provider has just closed would fail a POST we must not blindly repeat.
 */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; json: unknown }> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const { status, text } = await new Promise<{ status: number; text: string }>(
    (resolve, reject) => {
      const request = send(
        target,
        {
          method: 'POST',
          agent: false,
          timeout: timeoutMs,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'content-length': Buffer.byteLength(body),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) request.destroy(new Error('answer too large'));
            else chunks.push(chunk);
          });
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer in ${timeoutMs} ms`)));
      request.on('error', reject);
      request.end(body);
    },
  ).catch((error: Error & { code?: string }) => {
    throw new ProviderError(`Provider unreachable: ${error.code ?? ''} ${error.message}`.trim());
  });
  try {
    return { status, json: JSON.parse(text) as unknown };
  } catch {
    throw new ProviderError(`Provider answered ${status} with a body that is not JSON`);
  }
}

/** Largest provider answer we read. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** Parses a JSON object from a raw body; undefined when it is not one. */
export function parseObject(rawBody: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(rawBody.toString('utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** "5", "5.0", "5.000000" → 500; anything with non-zero digits beyond cents → undefined. */
export function decimalToMinor(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (/[^0]/.test(fraction.slice(2))) return undefined;
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
}
