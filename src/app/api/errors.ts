/**
 * One mapping from a failed call to words: whatever a call throws (ky's
 * HTTPError, fetch's "Failed to fetch", a proxy's 502 page, a thrown Error), the screen shows a
 * translated sentence and the details go to the console. Nothing raw is ever shown.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isHTTPError, isTimeoutError } from 'ky';

/** Why a call failed, in terms the pages translate. */
export type RequestFailure =
  | {
      kind: 'http';
      status: number;
      /** The `{ message }` of one of our API's 4xx answers (already in the user's language). */
      message?: string;
    }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

/** A server message longer than this, or with markup, is not shown (it is not one of ours). */
const MAX_SERVER_MESSAGE = 300;

function usableServerMessage(status: number, value: unknown): string | undefined {
  // 5xx texts come from crashes and proxies, never from a deliberate answer of our API.
  if (status >= 500 || typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '' || text.length > MAX_SERVER_MESSAGE || /[<>]/.test(text)) return undefined;
  return text;
}

/** Classifies an error thrown by a ky call; undefined when it is not a request failure. */
export async function describeRequestFailure(error: unknown): Promise<RequestFailure | undefined> {
  if (isHTTPError(error)) {
    const status = error.response.status;
    let message: string | undefined;
    try {
      const body: unknown = await error.response.clone().json();
      if (body && typeof body === 'object' && 'message' in body) {
        message = usableServerMessage(status, (body as { message: unknown }).message);
      }
    } catch {
      // no JSON body (a proxy's HTML page, or already read): the status alone describes it
    }
    return { kind: 'http', status, message };
  }
  if (isTimeoutError(error)) return { kind: 'timeout' };
  if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'aborted' };
  // fetch rejects with a TypeError ("Failed to fetch", "NetworkError…") when the network fails.
  if (error instanceof TypeError) return { kind: 'network' };
  return undefined;
}

const REASONS = {
  network: msg`Network Error`,
  timeout: msg`timeout exceeded`,
  aborted: msg`request aborted`,
  unavailable: msg`the service is temporarily unavailable`,
  tooMany: msg`too many requests`,
  session: msg`your session has ended`,
  forbidden: msg`access denied`,
  refused: msg`the server refused the request`,
} satisfies Record<string, MessageDescriptor>;

/**
 * The reason of a failed request as a short phrase that follows a colon (spec §8 'API request
 * failed: {reason}', 'Purchase failed: {reason}'): our API's own 4xx message when it sent one,
 * otherwise a translated phrase. Empty when there is no failure to describe.
 */
export function failureReason(i18n: I18n, failure: RequestFailure | undefined): string {
  if (!failure) return '';
  if (failure.kind !== 'http') return i18n._(REASONS[failure.kind]);
  if (failure.message) return failure.message;
  const { status } = failure;
  if (status >= 500 || status === 408) return i18n._(REASONS.unavailable);
  if (status === 429) return i18n._(REASONS.tooMany);
  if (status === 401) return i18n._(REASONS.session);
  if (status === 403) return i18n._(REASONS.forbidden);
  return i18n._(REASONS.refused);
}

const MESSAGES = {
  network: msg`Could not reach the server. Check your internet connection and try again.`,
  timeout: msg`The server took too long to answer. Try again.`,
  aborted: msg`The request was interrupted. Try again.`,
  unavailable: msg`The service is temporarily unavailable. Try again in a minute.`,
  tooMany: msg`Too many requests. Wait a minute and try again.`,
  session: msg`Your session has ended. Log in again.`,
  forbidden: msg`You do not have access to this.`,
  refused: msg`The server could not process the request. Try again.`,
  unexpected: msg`Something went wrong. Try again.`,
} satisfies Record<string, MessageDescriptor>;

/**
 * A whole translated sentence for a failure, for places without a message of their own:
 * our API's 4xx message when it sent one, otherwise one of the fixed sentences above.
 */
export function failureMessage(i18n: I18n, failure: RequestFailure | undefined): string {
  if (!failure) return i18n._(MESSAGES.unexpected);
  if (failure.kind !== 'http') return i18n._(MESSAGES[failure.kind]);
  if (failure.message) return failure.message;
  const { status } = failure;
  if (status >= 500 || status === 408) return i18n._(MESSAGES.unavailable);
  if (status === 429) return i18n._(MESSAGES.tooMany);
  if (status === 401) return i18n._(MESSAGES.session);
  if (status === 403) return i18n._(MESSAGES.forbidden);
  return i18n._(MESSAGES.refused);
}

/** The details of a failed call, for developers: to the console, never to the screen. */
export function logCallFailure(what: string, error: unknown): void {
  console.error(`${what} failed`, error);
}

/** The translated sentence for a failed call, its details logged (pages without their own wording). */
export async function callErrorMessage(i18n: I18n, what: string, error: unknown): Promise<string> {
  logCallFailure(what, error);
  return failureMessage(i18n, await describeRequestFailure(error));
}

/** The JSON body of a failed call's answer (a 412's current state, say), if it has one. */
export async function errorBody(error: unknown): Promise<Record<string, unknown> | undefined> {
  const response = (error as { response?: Response }).response;
  if (!response) return undefined;
  try {
    const value: unknown = await response.clone().json();
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
