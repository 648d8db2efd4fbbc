/** Payloads of the HTTP API of spec §7, shared by the server (schemas) and the app (calls). */

export interface RegistrationRequest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  acceptTerms: boolean;
}

export interface VerifyRequest {
  uuid: string;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface RefreshRequest {
  refreshToken: string;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/**
 * Login with the right password of an account whose e-mail is not verified yet: 403
 * `{ message, code: EMAIL_NOT_VERIFIED }`. Every other login failure is one 401.
 */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';

/** POST /registration/resend and POST /password/forgot. */
export interface EmailRequest {
  email: string;
}

/** POST /password/reset. */
export interface PasswordResetRequest {
  token: string;
  password: string;
}

/** Every error answer of the API carries a message (spec §7/§8). */
export interface MessageResponse {
  message: string;
}

export interface CustomerProfile {
  firstName: string;
  lastName: string;
  email: string;
  balance: number;
  /** `until` is in Unix seconds; null or missing when there has never been a subscription. */
  subscription: { until: number | null } | null;
}

export type PaymentType = 'MIR' | 'CRYPTO';

export interface Product {
  id: string;
  paymentType: PaymentType;
  /** Plan length in months (1 or 12). */
  months: number;
  price: { amount: number; currency: string };
}

export interface OrderRequest {
  plan: string;
}

export interface OrderResponse {
  order: string;
  status: string;
  tokensRequested: number;
  pricePerToken: number;
  priceTotal: number;
  url: string;
}

/** Operator details of spec §1, configured on the server and shown by the app. */
export interface SiteSettings {
  operatorName: string;
  /** The operator's name on the Russian pages; `operatorName` when absent. */
  operatorNameRu?: string;
  /** True when the server shows built-in demo details (a development install). */
  demo?: boolean;
  supportEmail: string;
  taxNumber: string;
  registrationNumber: string;
}
