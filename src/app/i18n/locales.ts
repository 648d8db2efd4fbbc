/**
 * The interface languages of spec §1. A stored choice wins; otherwise the browser's preferred
 * language when it is one of ours, and Russian (the fallback) when it is not.
 */
export const LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'ru';
/** localStorage key of the language choice. */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language the visitor chose (the footer switch), if a valid one is stored. */
export function storedChoice(): Locale | undefined {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The stored language, or the fallback when nothing valid is stored. */
export function storedLocale(): Locale {
  return storedChoice() ?? FALLBACK_LOCALE;
}

/** The browser's preferred languages, most preferred first (empty when unknown). */
function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/**
 * The first of the browser's preferred languages that we have (`en-GB` counts as `en`), in the
 * browser's order; the fallback (Russian) when none is English or Russian.
 */
export function preferredLocale(languages: readonly string[] = browserLanguages()): Locale {
  for (const tag of languages) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return FALLBACK_LOCALE;
}

/** The language of the first render: the stored choice, else the browser's preference. */
export function initialLocale(): Locale {
  return storedChoice() ?? preferredLocale();
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
}
