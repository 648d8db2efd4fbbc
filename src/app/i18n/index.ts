import { i18n, type Messages } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type Locale, storeLocale, storedLocale } from './locales';

export { LOCALES, FALLBACK_LOCALE, isLocale, storedLocale, type Locale } from './locales';

/**
 * One dynamic import per locale, so each catalog is its own chunk; the Vite Lingui plugin
 * compiles the .po file on import.
 */
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../../locales/en/messages.po'),
  ru: () => import('../../../locales/ru/messages.po'),
};

const pageTitle = msg`Specform — OpenAPI from a form`;
const pageDescription = msg`Describe HTTP endpoints in a form and get an OpenAPI 3.0.1 YAML document. Load YAML back into the form.`;

/** Puts `<html lang>`, the page title and the meta description in step with the active language. */
export function applyDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = locale;
  document.title = i18n._(pageTitle);
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = i18n._(pageDescription);
}

/** Loads the catalog of `locale`, activates it, remembers the choice and updates the document. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages });
  storeLocale(locale);
  applyDocumentLanguage(locale);
}

/** Activates the stored language (fallback `ru`) before the first render. */
export function initI18n(): Promise<void> {
  return activateLocale(storedLocale());
}

export { i18n };
