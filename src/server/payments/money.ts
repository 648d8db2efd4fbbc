/** Money is kept in minor units (kopecks, cents) as integers so that no float ever touches a price. */

const MONEY = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** Parses a decimal amount in major units ("490", "4.99") into minor units; undefined when malformed. */
export function parseMajorAmount(text: string): number | undefined {
  const match = MONEY.exec(text.trim());
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Minor units → a major-unit number for JSON answers (49000 → 490). */
export function toMajor(minor: number): number {
  return minor / 100;
}

/** Minor units → a fixed two-decimal string as providers expect ("5.00"). */
export function formatMajor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Human-readable price for the sandbox page. */
export function displayPrice(minor: number, currency: string): string {
  const symbols: Record<string, string> = { RUB: '₽', USD: '$', EUR: '€' };
  const amount = formatMajor(minor);
  const symbol = symbols[currency];
  if (!symbol) return `${amount} ${currency}`;
  return currency === 'RUB' ? `${amount} ${symbol}` : `${symbol}${amount}`;
}
