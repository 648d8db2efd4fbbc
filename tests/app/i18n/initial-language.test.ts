/**
 * Issue 21 §9: a first visit uses the browser's preferred language when it is English or
 * Russian (navigator.languages, in order), Russian otherwise; a stored choice still wins, and a
 * language picked for the visitor is not stored as if they had chosen it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, preferredLocale } from '../../../src/app/i18n';

function browserPrefers(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  i18n.activate('en');
});

describe('preferredLocale', () => {
  it('takes the first of the browser languages that we have, by primary subtag', () => {
    expect(preferredLocale(['en-US', 'ru'])).toBe('en');
    expect(preferredLocale(['ru-RU', 'en'])).toBe('ru');
    expect(preferredLocale(['de-DE', 'en-GB', 'ru'])).toBe('en');
    expect(preferredLocale(['fr', 'ru-UA', 'en'])).toBe('ru');
    expect(preferredLocale(['EN_gb'])).toBe('en');
  });

  it('falls back to Russian when the browser prefers neither', () => {
    expect(preferredLocale(['de-DE', 'fr'])).toBe('ru');
    expect(preferredLocale([])).toBe('ru');
    // "english" is not the tag "en".
    expect(preferredLocale(['english', 'rus'])).toBe('ru');
  });
});

describe('initI18n (first render)', () => {
  it('an English browser on a first visit gets English, and nothing is stored', async () => {
    browserPrefers(['en-US', 'en']);
    await initI18n();
    expect(i18n.locale).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('language')).toBeNull();
  });

  it('a German browser gets Russian (the fallback)', async () => {
    browserPrefers(['de-DE', 'de']);
    await initI18n();
    expect(i18n.locale).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
  });

  it('a stored choice wins over the browser', async () => {
    browserPrefers(['en-US']);
    localStorage.setItem('language', 'ru');
    await initI18n();
    expect(i18n.locale).toBe('ru');
    localStorage.setItem('language', 'en');
    browserPrefers(['ru-RU']);
    await initI18n();
    expect(i18n.locale).toBe('en');
  });

  it('a stored value that is not a language of ours is ignored', async () => {
    browserPrefers(['en-GB']);
    localStorage.setItem('language', 'xx');
    await initI18n();
    expect(i18n.locale).toBe('en');
  });
});
