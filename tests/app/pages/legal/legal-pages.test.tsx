import { screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteSettingsCache } from '../../../../src/app/api/site';
import PersonalDataPage from '../../../../src/app/pages/legal/PersonalDataPage';
import PrivacyPolicyPage from '../../../../src/app/pages/legal/PrivacyPolicyPage';
import TermsOfUsePage from '../../../../src/app/pages/legal/TermsOfUsePage';
import type { SiteSettings } from '../../../../src/shared/api-types';
import { jsonResponse, renderPage, stubFetch } from '../pricing/page-helpers';

const SITE: SiteSettings = {
  operatorName: 'Ivanov Ivan Ivanovich',
  supportEmail: 'support@specform.test',
  taxNumber: '770123456789',
  registrationNumber: '320774600123456',
};

const PAGES: [string, ComponentType, string, string][] = [
  ['privacy policy', PrivacyPolicyPage, 'Privacy policy', 'Политика конфиденциальности'],
  ['terms of use', TermsOfUsePage, 'Terms of use', 'Условия использования'],
  [
    'personal data consent',
    PersonalDataPage,
    'Consent to personal data processing',
    'Согласие на обработку персональных данных',
  ],
];

beforeEach(() => {
  resetSiteSettingsCache();
  stubFetch({ 'GET /api/public/v1/site': () => jsonResponse(SITE) });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The visible text with whitespace collapsed, for phrase checks. */
function text(): string {
  return (document.body.textContent ?? '').replace(/\s+/g, ' ');
}

describe.each(PAGES)('%s', (_, Page, enTitle, ruTitle) => {
  it('is a full text with several sections and the operator details', async () => {
    renderPage(<Page />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(enTitle);
    const sections = screen.getAllByRole('heading', { level: 2 }).filter((h) => h.id);
    expect(sections.length).toBeGreaterThanOrEqual(6);
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(within(contents).getAllByRole('link')).toHaveLength(sections.length);
    await waitFor(() => expect(text()).toContain('Individual entrepreneur Ivanov Ivan Ivanovich'));
    expect(text()).toContain(SITE.taxNumber);
    expect(text()).toContain(SITE.registrationNumber);
    const mail = screen.getAllByRole('link', { name: SITE.supportEmail })[0];
    expect(mail?.getAttribute('href')).toBe(`mailto:${SITE.supportEmail}`);
    expect(text().length).toBeGreaterThan(2000);
  });

  it('is written in Russian too', async () => {
    renderPage(<Page />, { locale: 'ru' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ruTitle);
    await waitFor(() =>
      expect(text()).toContain('Индивидуальный предприниматель Ivanov Ivan Ivanovich'),
    );
    // No English sentence is left: Latin letters appear only in names, numbers and brands.
    const latinWords = text().match(/\b[a-z]{4,}\b/g) ?? [];
    const allowed = new Set([
      'specform',
      'test',
      'support',
      'ivanov',
      'ivanovich',
      'ivan',
      'cookie',
    ]);
    expect(latinWords.filter((w) => !allowed.has(w.toLowerCase()))).toEqual([]);
  });

  it('keeps a neutral placeholder while the operator details are unknown', () => {
    vi.unstubAllGlobals();
    stubFetch({ 'GET /api/public/v1/site': () => jsonResponse({ message: 'down' }, 503) });
    renderPage(<Page />);
    expect(text()).toContain('Individual entrepreneur …');
    expect(
      screen
        .getAllByRole('link', { name: /support address on the contacts page/ })[0]
        ?.getAttribute('href'),
    ).toBe('/contacts');
  });
});

describe('the facts of spec §9', () => {
  it('privacy policy: contact-form data 1 year, cookies and analytics 12 months, answers in 30 days', async () => {
    renderPage(<PrivacyPolicyPage />);
    expect(text()).toContain(
      'Contact-form data and correspondence: 1 year after our last interaction',
    );
    expect(text()).toContain('Cookie and analytics data: no more than 12 months');
    expect(text()).toContain('We answer requests within 30 days');
  });

  it('privacy policy in Russian carries the same facts', () => {
    renderPage(<PrivacyPolicyPage />, { locale: 'ru' });
    expect(text()).toContain('1 год после последнего взаимодействия');
    expect(text()).toContain('не более 12 месяцев');
    expect(text()).toContain('в течение 30 дней');
  });

  it('terms: non-refundable and billed in advance, in both languages', () => {
    const { unmount } = renderPage(<TermsOfUsePage />);
    expect(text()).toContain('Payments are non-refundable');
    expect(text()).toContain('Subscriptions are billed in advance');
    unmount();
    renderPage(<TermsOfUsePage />, { locale: 'ru' });
    expect(text()).toContain('Платежи не возвращаются');
    expect(text()).toContain('Подписка оплачивается авансом');
  });

  it('consent: names the operator with its numbers and the withdrawal answer time', async () => {
    renderPage(<PersonalDataPage />);
    await waitFor(() =>
      expect(text()).toContain(
        `individual entrepreneur ${SITE.operatorName} (INN ${SITE.taxNumber}, OGRNIP ${SITE.registrationNumber})`,
      ),
    );
    expect(text()).toContain('within 30 days');
    expect(text()).toContain('1 year after the last interaction');
  });
});
