import type { PaymentType } from '../../../shared/api-types';
import type { PaymentsConfig } from '../payments-config';
import type { PaymentProvider, ProviderName } from '../types';
import { createCryptomusProvider } from './cryptomus';
import { createSandboxProvider } from './sandbox';
import { createTbankProvider } from './tbank';

export interface Providers {
  /** The provider that takes payments of a type; null when the type cannot be sold now. */
  forType(type: PaymentType): PaymentProvider | null;
  byName(name: ProviderName): PaymentProvider | null;
  /** Whether any type falls back to the sandbox (its page and routes exist only then). */
  readonly sandboxInUse: boolean;
}

/** Real providers where credentials are configured; the sandbox elsewhere, when it is allowed. */
export function createProviders(config: PaymentsConfig, sandboxKey: string): Providers {
  const sandbox = config.sandbox ? createSandboxProvider(config.publicUrl, sandboxKey) : null;
  const tbank = config.tbank
    ? createTbankProvider(config.tbank, config.publicUrl, config.providerTimeoutMs)
    : null;
  const cryptomus = config.cryptomus
    ? createCryptomusProvider(config.cryptomus, config.publicUrl, config.providerTimeoutMs)
    : null;
  const byType: Record<PaymentType, PaymentProvider | null> = {
    MIR: tbank ?? sandbox,
    CRYPTO: cryptomus ?? sandbox,
  };
  const byName: Record<ProviderName, PaymentProvider | null> = { tbank, cryptomus, sandbox };
  return {
    forType: (type) => byType[type] ?? null,
    byName: (name) => byName[name] ?? null,
    sandboxInUse: sandbox !== null && (byType.MIR === sandbox || byType.CRYPTO === sandbox),
  };
}
