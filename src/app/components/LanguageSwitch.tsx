import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { activateLocale, isLocale, type Locale } from '../i18n';

const LABELS: Record<Locale, string> = { en: 'English', ru: 'Русский' };
const SHORT: Record<Locale, string> = { en: 'EN', ru: 'RU' };

/** English/Russian switch; the choice is stored locally (spec §1). */
export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  const [pending, setPending] = useState(false);
  const current = isLocale(i18n.locale) ? i18n.locale : 'ru';
  const choose = (locale: Locale) => {
    if (locale === current || pending) return;
    setPending(true);
    activateLocale(locale).finally(() => setPending(false));
  };
  return (
    <div className="shell-lang" role="group" aria-label={t`Language`}>
      {(['en', 'ru'] as const).map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className="shell-lang-btn"
          aria-pressed={locale === current}
          title={LABELS[locale]}
          onClick={() => choose(locale)}
        >
          <span aria-hidden="true">{SHORT[locale]}</span>
          <span className="visually-hidden">{LABELS[locale]}</span>
        </button>
      ))}
    </div>
  );
}
