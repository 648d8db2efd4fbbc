/**
 * The length of a price plan in whole months, read the same way wherever a product is handled.
 * Servers and payment providers spell it differently; every shape below has been seen in
 * product lists. Anything else is unknown (undefined), never guessed.
 */

/** Days that count as one month / one year when a plan is given in days. */
const MONTH_DAYS = [28, 29, 30, 31];
const YEAR_DAYS = [360, 364, 365, 366];

function wholePositive(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 1200 ? n : undefined;
}

function fromDays(days: number): number | undefined {
  if (MONTH_DAYS.includes(days)) return 1;
  for (let years = 1; years <= 10; years++) {
    if (YEAR_DAYS.some((d) => d * years === days)) return years * 12;
  }
  // Whole multiples of 30 days (90 = 3 months); anything else is not a monthly plan.
  return days % 30 === 0 ? days / 30 : undefined;
}

/** ISO 8601 durations of whole months or years: `P1M`, `P12M`, `P1Y`, `P1Y6M`; `P30D`, `P365D`. */
export function periodMonthsFromIso(value: string): number | undefined {
  const match = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?$/i.exec(value.trim());
  if (!match || !(match[1] || match[2] || match[3])) return undefined;
  const years = Number(match[1] ?? 0);
  const months = Number(match[2] ?? 0);
  const days = Number(match[3] ?? 0);
  if (days > 0) return years === 0 && months === 0 ? fromDays(days) : undefined;
  return wholePositive(years * 12 + months);
}

/** `month`, `monthly`, `year`, `annual`… with an optional count (Stripe's `interval_count`). */
function fromInterval(interval: unknown, count: unknown): number | undefined {
  if (typeof interval !== 'string') return undefined;
  const times = count === undefined || count === null ? 1 : wholePositive(count);
  if (times === undefined) return undefined;
  const unit = interval.trim().toLowerCase();
  if (/^(month|months|monthly|mo)$/.test(unit)) return wholePositive(times);
  if (/^(year|years|yearly|annual|annually|yr)$/.test(unit)) return wholePositive(times * 12);
  return undefined;
}

/** Plan ids that name their length: `mir-1m`, `mir-12m`, `crypto-12`, `pro_1y`, `monthly`, `annual`. */
export function periodMonthsFromPlanId(id: string): number | undefined {
  const text = id.trim().toLowerCase();
  if (/(^|[^a-z])(monthly|month)([^a-z]|$)/.test(text)) return 1;
  if (/(^|[^a-z])(yearly|annual|annually|year)([^a-z]|$)/.test(text)) return 12;
  const unit = /(?:^|[-_.:/])(\d{1,3})\s*(m|mo|mon|month|months|y|yr|year|years)$/.exec(text);
  if (unit) {
    const n = Number(unit[1]);
    return wholePositive(unit[2]?.startsWith('y') ? n * 12 : n);
  }
  const bare = /[-_.:/](\d{1,2})$/.exec(text);
  return bare ? wholePositive(Number(bare[1])) : undefined;
}

/**
 * The plan length in months of a product as any server or provider sends it, in this order:
 * `months`, `durationMonths`, `period` (ISO 8601 or a word), `duration` (ISO 8601),
 * `interval` + `interval_count` / `intervalCount`, `durationDays` / `days`, then the plan id.
 * Undefined when none of them says.
 */
export function productPeriodMonths(product: unknown): number | undefined {
  if (!product || typeof product !== 'object') return undefined;
  const p = product as Record<string, unknown>;
  const months = wholePositive(p.months) ?? wholePositive(p.durationMonths);
  if (months !== undefined) return months;
  for (const key of ['period', 'duration', 'billingPeriod']) {
    const value = p[key];
    if (typeof value === 'string') {
      const read = periodMonthsFromIso(value) ?? fromInterval(value, undefined);
      if (read !== undefined) return read;
    }
  }
  const interval = fromInterval(p.interval, p.interval_count ?? p.intervalCount);
  if (interval !== undefined) return interval;
  const days = wholePositive(p.durationDays) ?? wholePositive(p.days);
  if (days !== undefined) return fromDays(days);
  if (typeof p.id === 'string' || typeof p.id === 'number')
    return periodMonthsFromPlanId(String(p.id));
  return undefined;
}
