/**
 * Wording across the catalogs (issue 13 point 15): counts go through ICU `plural` with the four
 * Russian forms, and labels are in sentence case in both languages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function catalog(locale: 'en' | 'ru'): { id: string; text: string }[] {
  const po = readFileSync(path.join(ROOT, `locales/${locale}/messages.po`), 'utf8');
  const out: { id: string; text: string }[] = [];
  for (const match of po.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) {
    const id = JSON.parse(`"${match[1]}"`) as string;
    if (id) out.push({ id, text: JSON.parse(`"${match[2]}"`) as string });
  }
  return out;
}

/** Labels the spec (or a test that quotes it) names exactly, title case included. */
const SPEC_EXACT = new Set([
  'Get Started',
  'Renew Subscription',
  'Unexpected Application Error',
  'Network Error',
]);

/** Names and defined legal terms, which keep their capital letter inside a sentence. */
const PROPER = new Set(
  (
    'OpenAPI YAML JSON API Specform MIR QR T-Pay USDT BTC INN OGRNIP HTTP URL ID GET POST ' +
    'RUB USD EUR YouTube Rutube Russian Federation Federal Law No July Personal Data Service ' +
    'Operator User OpenID Connect Enter Shift+Enter Markdown HAR cURL Scalar Swagger Authorization ' +
    'Operator’s User’s Service’s ИНН ОГРНИП ИП Оператор Оператора Оператором Оператору ' +
    'Сервис Сервиса Сервисом Сервису Сервисе Пользователь Пользователя Пользователю ' +
    'Пользователем Российской Федерации Федеральным Федерального CreateUserRequest UserResponse Spectral ' +
    "Spectral's Specform's KiB MiB КиБ МиБ"
  ).split(' '),
);

/** Words after the first of each sentence that start with a capital and are not names. */
function titleCased(text: string): string[] {
  const plain = text.replace(/\{[^{}]*\}/g, '').replace(/<\/?\d+>/g, '');
  const found: string[] = [];
  for (const sentence of plain.split(/(?<=[.!?:;—])\s+|[(«“"]/)) {
    for (const word of sentence.split(/\s+/).slice(1)) {
      const bare = word.replace(/^[^\p{L}]+|[^\p{L}’-]+$/gu, '');
      if (!bare || !/^\p{Lu}/u.test(bare) || bare === bare.toUpperCase()) continue;
      if (PROPER.has(bare) || /^(HTTP|GET|JSON|YAML|HAR|URL|API)-/.test(bare)) continue;
      found.push(bare);
    }
  }
  return found;
}

describe('the message catalogs', () => {
  it('give every Russian plural the one, few, many and other forms', () => {
    const plurals = catalog('ru').filter(({ id }) => /\{\w+, plural,/.test(id));
    expect(plurals.length).toBeGreaterThanOrEqual(5);
    for (const { id, text } of plurals) {
      for (const form of ['one', 'few', 'many', 'other']) {
        expect(text, id).toMatch(new RegExp(`\\b${form} \\{`));
      }
    }
  });

  it('never put a bare number before a counted noun', () => {
    const counted =
      /\{\w+\} (more|warnings?|endpoints?|months?|parts?|items?|problems?|errors?)\b|all \{\w+\} of them/;
    const bad = catalog('en')
      .filter(({ id }) => !id.includes(', plural,') && counted.test(id))
      .map(({ id }) => id);
    expect(bad).toEqual([]);
  });

  it.each(['en', 'ru'] as const)('are in sentence case (%s)', (locale) => {
    const bad = catalog(locale)
      .filter(({ id }) => !SPEC_EXACT.has(id))
      .map(({ id, text }) => ({ id, words: titleCased(locale === 'en' ? id : text) }))
      .filter(({ words }) => words.length > 0);
    expect(bad).toEqual([]);
  });
});
