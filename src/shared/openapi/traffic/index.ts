/**
 * Import from recorded traffic: cURL commands and HAR files into the form's
 * endpoint model, as `{ endpoints, warnings, stats }`. Malformed input is a typed CoreError
 * (CURL_INVALID, CURL_TOO_LARGE, HAR_INVALID, HAR_TOO_LARGE, INPUT_TOO_LARGE, TOO_DEEP), never anything else.
 */
import { CoreError } from '../errors';
import type { ImportWarning } from '../read-openapi';
import { buildEndpoints, type TrafficResult } from './build';
import { assertCurlSize, readCurl } from './curl';
import { readHar } from './har';

export type { TrafficEndpointStats, TrafficResult } from './build';
export { MAX_EXAMPLES_PER_BODY, segmentKind, singular } from './build';
export { MAX_HAR_CHARS } from './har';
export type { TrafficUnparsedBody } from './build';
export { isNoiseRequestHeader } from './record';
export {
  REDACTED,
  isHighEntropy,
  isJwt,
  isSecretHeader,
  isSecretName,
  isSecretQueryName,
  isSecretValue,
} from './redact';
export { MAX_CURL_CHARS, shellWords } from './curl';

/** Turns anything unexpected into a typed error, so no stack ever reaches the caller. */
function typed<T>(code: 'CURL_INVALID' | 'HAR_INVALID', fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof CoreError) throw error;
    if (error instanceof RangeError)
      throw new CoreError('TOO_DEEP', 'The input is nested too deeply.');
    throw new CoreError(code, 'The input could not be read.');
  }
}

/** Endpoints from one or more cURL commands (DevTools "Copy as cURL", bash or cmd). */
export function importCurl(text: string): TrafficResult {
  if (typeof text === 'string') assertCurlSize(text);
  return typed('CURL_INVALID', () => {
    const warnings: ImportWarning[] = [];
    return buildEndpoints(readCurl(text, warnings), warnings);
  });
}

/** Endpoints from a HAR file's text (DevTools "Save all as HAR"). */
export function importHar(text: string): TrafficResult {
  return typed('HAR_INVALID', () => {
    const warnings: ImportWarning[] = [];
    return buildEndpoints(readHar(text, warnings), warnings);
  });
}
