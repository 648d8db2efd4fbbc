import { HTTPError, publicHttp } from './http';

/**
 * The account calls: resend the verification link, ask for a
 * password-reset link, set a new password with it. Each failure becomes a kind the pages
 * translate; the technical detail goes to the console, never to the screen.
 */
export type AccountFailure =
  /** 429: too many requests from this address. */
  | 'rate-limited'
  /** 404 on reset: the link expired or never existed. */
  | 'link-expired'
  /** 400 on reset: malformed or already used link, or a password the server refused. */
  | 'link-invalid'
  /** Network down, 5xx or anything unexpected. */
  | 'unavailable';

export class AccountCallError extends Error {
  constructor(readonly kind: AccountFailure) {
    super(kind);
    this.name = 'AccountCallError';
  }
}

function classify(error: unknown, onReset = false): AccountCallError {
  console.warn('account call failed', error);
  if (error instanceof HTTPError) {
    const status = error.response.status;
    if (status === 429) return new AccountCallError('rate-limited');
    if (onReset && status === 404) return new AccountCallError('link-expired');
    if (onReset && status === 400) return new AccountCallError('link-invalid');
  }
  return new AccountCallError('unavailable');
}

async function call(request: () => Promise<unknown>, onReset = false): Promise<void> {
  try {
    await request();
  } catch (error) {
    throw classify(error, onReset);
  }
}

/** POST /registration/resend: the same answer for any address. */
export const resendVerification = (email: string): Promise<void> =>
  call(() => publicHttp.post('/api/public/v1/registration/resend', { json: { email } }));

/** POST /password/forgot: the same answer for any address. */
export const requestPasswordReset = (email: string): Promise<void> =>
  call(() => publicHttp.post('/api/public/v1/password/forgot', { json: { email } }));

/** POST /password/reset: sets the new password; every session of the account ends. */
export const resetPassword = (token: string, password: string): Promise<void> =>
  call(() => publicHttp.post('/api/public/v1/password/reset', { json: { token, password } }), true);

/** The shape of a link token we issue (32 random bytes, base64url). */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
