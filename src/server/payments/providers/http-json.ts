import { ProviderError } from '../types';

/** POSTs JSON text to a provider and returns the parsed JSON answer; ProviderError on any failure. */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; json: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new ProviderError(`Provider unreachable: ${(error as Error).message}`);
  }
  const text = await response.text();
  try {
    return { status: response.status, json: JSON.parse(text) as unknown };
  } catch {
    throw new ProviderError(`Provider answered ${response.status} with a body that is not JSON`);
  }
}

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
