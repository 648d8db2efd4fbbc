import { i18n } from '@lingui/core';
import ky, { HTTPError, type KyInstance } from 'ky';
import { forceLogout, getAccessToken, reasonFor, refreshAccessToken } from '../session';

/** Calls under this prefix carry no bearer token (spec §7). */
export const PUBLIC_PREFIX = '/api/public/v1';

function isPublic(url: string): boolean {
  return new URL(url, window.location.href).pathname.includes(PUBLIC_PREFIX);
}

function bearer(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

/**
 * Any 401 from a non-public call: ONE shared refresh, then the original request again, once,
 * with the new token. When another request has already refreshed since this one was sent, the
 * stored token is newer and is used without a second refresh. A failed refresh ends the session.
 */
async function refreshAndRetry(request: Request, response: Response): Promise<Response | void> {
  if (response.status !== 401 || isPublic(request.url)) return;
  let token = getAccessToken();
  if (!token || token === bearer(request)) {
    try {
      token = await refreshAccessToken();
    } catch (error) {
      forceLogout(reasonFor(error));
      throw error;
    }
  }
  const retry = new Request(request);
  retry.headers.set('authorization', `Bearer ${token}`);
  return globalThis.fetch(retry);
}

/** Our API answers `{ message }` in the language of the page, not of the browser. */
function sendLanguage(request: Request): void {
  if (i18n.locale) request.headers.set('accept-language', i18n.locale);
}

const common = {
  // Spec §7: no timeout; 2xx is success. No hidden retries: one request is one call.
  timeout: false,
  retry: 0,
} as const;

/** Same-origin API client for signed-in calls: bearer token, refresh on 401, retry once. */
export const http: KyInstance = ky.create({
  ...common,
  hooks: {
    beforeRequest: [
      sendLanguage,
      (request) => {
        if (isPublic(request.url)) return;
        const token = getAccessToken();
        if (token) request.headers.set('authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [(request, _options, response) => refreshAndRetry(request, response)],
  },
});

/** Same-origin API client for `/api/public/v1` calls: never sends a token. */
export const publicHttp: KyInstance = ky.create({
  ...common,
  hooks: { beforeRequest: [sendLanguage] },
});

export { HTTPError };
