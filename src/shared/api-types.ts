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
  supportEmail: string;
  taxNumber: string;
  registrationNumber: string;
}
