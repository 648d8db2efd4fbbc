import type { PaymentType } from '../../shared/api-types';
import { parseMajorAmount } from './money';

/** The four plans of spec §1/§9: 1 and 12 months for each payment type. */
export const PLANS = [
  {
    id: 'mir-1m',
    paymentType: 'MIR',
    months: 1,
    currency: 'RUB',
    env: 'PRICE_MIR_1M',
    fallback: '490',
  },
  {
    id: 'mir-12m',
    paymentType: 'MIR',
    months: 12,
    currency: 'RUB',
    env: 'PRICE_MIR_12M',
    fallback: '4900',
  },
  {
    id: 'crypto-1m',
    paymentType: 'CRYPTO',
    months: 1,
    currency: 'USD',
    env: 'PRICE_CRYPTO_1M',
    fallback: '5',
  },
  {
    id: 'crypto-12m',
    paymentType: 'CRYPTO',
    months: 12,
    currency: 'USD',
    env: 'PRICE_CRYPTO_12M',
    fallback: '50',
  },
] as const satisfies readonly {
  id: string;
  paymentType: PaymentType;
  months: number;
  currency: string;
  env: string;
  fallback: string;
}[];

export type PlanId = (typeof PLANS)[number]['id'];

export interface TbankConfig {
  terminalKey: string;
  password: string;
  apiUrl: string;
}

export interface CryptomusConfig {
  merchantId: string;
  apiKey: string;
  apiUrl: string;
}

export interface PaymentsConfig {
  /** Base of every link we build (notification, success and sandbox URLs). */
  publicUrl: string;
  /** Price of each plan in minor units. */
  prices: Record<PlanId, number>;
  /** T-Bank acquiring for MIR; null → MIR goes through the sandbox (when allowed). */
  tbank: TbankConfig | null;
  /** Cryptomus for CRYPTO; null → CRYPTO goes through the sandbox (when allowed). */
  cryptomus: CryptomusConfig | null;
  /** Whether the built-in sandbox may stand in for an unconfigured provider. */
  sandbox: boolean;
  /** Per-IP limit on order creation (security.md §4). */
  orderRateLimit: { max: number; timeWindowMs: number };
  /** Timeout of one call to a provider's API. */
  providerTimeoutMs: number;
}

export class PaymentsConfigError extends Error {
  override name = 'PaymentsConfigError';
}

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

function httpUrl(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PaymentsConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PaymentsConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function pair<T>(
  env: Env,
  first: string,
  second: string,
  build: (a: string, b: string) => T,
): T | null {
  const a = value(env, first);
  const b = value(env, second);
  if (a === undefined && b === undefined) return null;
  if (a === undefined || b === undefined) {
    throw new PaymentsConfigError(`${first} and ${second} must be set together`);
  }
  return build(a, b);
}

/**
 * Reads the payment settings from the environment, validated with a message naming the variable.
 * `publicUrl` and `production` come from the server's own configuration (PUBLIC_URL, NODE_ENV).
 */
export function loadPaymentsConfig(
  env: Env,
  frame: { publicUrl: string; production: boolean },
): PaymentsConfig {
  const prices = {} as Record<PlanId, number>;
  for (const plan of PLANS) {
    const raw = value(env, plan.env) ?? plan.fallback;
    const minor = parseMajorAmount(raw);
    if (minor === undefined || minor <= 0) {
      throw new PaymentsConfigError(
        `${plan.env} must be a positive amount with at most two decimals (e.g. ${plan.fallback}), got "${raw}"`,
      );
    }
    prices[plan.id] = minor;
  }
  const tbank = pair(env, 'TBANK_TERMINAL_KEY', 'TBANK_PASSWORD', (terminalKey, password) => ({
    terminalKey,
    password,
    apiUrl: httpUrl(env, 'TBANK_API_URL', 'https://securepay.tinkoff.ru'),
  }));
  const cryptomus = pair(
    env,
    'CRYPTOMUS_MERCHANT_ID',
    'CRYPTOMUS_API_KEY',
    (merchantId, apiKey) => ({
      merchantId,
      apiKey,
      apiUrl: httpUrl(env, 'CRYPTOMUS_API_URL', 'https://api.cryptomus.com'),
    }),
  );
  const sandboxRaw = value(env, 'PAYMENTS_SANDBOX');
  if (sandboxRaw !== undefined && sandboxRaw !== 'true' && sandboxRaw !== 'false') {
    throw new PaymentsConfigError(
      `PAYMENTS_SANDBOX must be "true" or "false", got "${sandboxRaw}"`,
    );
  }
  // Free subscriptions must never be one missing variable away in production.
  const sandbox = sandboxRaw === undefined ? !frame.production : sandboxRaw === 'true';
  return {
    publicUrl: frame.publicUrl.replace(/\/+$/, ''),
    prices,
    tbank,
    cryptomus,
    sandbox,
    orderRateLimit: { max: 10, timeWindowMs: 60_000 },
    providerTimeoutMs: 15_000,
  };
}
