import { i18n, type Messages } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { initialLocale, type Locale, storeLocale, storedChoice } from './locales';

export {
  LOCALES,
  FALLBACK_LOCALE,
  initialLocale,
  isLocale,
  preferredLocale,
  storedChoice,
  storedLocale,
  type Locale,
} from './locales';

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

/**
 * Loads the catalog of `locale`, activates it and updates the document. The visitor's own choice
 * (the language switch) is remembered; a language picked for them (`remember: false`: the
 * browser's preference, the fallback) is not, so a later change of browser language still counts.
 */
export async function activateLocale(
  locale: Locale,
  { remember = true }: { remember?: boolean } = {},
): Promise<void> {
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages });
  if (remember) storeLocale(locale);
  applyDocumentLanguage(locale);
}

/**
 * Activates the first render's language: the stored choice, else the browser's preferred
 * language when it is English or Russian, else Russian.
 */
export function initI18n(): Promise<void> {
  return activateLocale(initialLocale(), { remember: storedChoice() !== undefined });
}

export { i18n };
