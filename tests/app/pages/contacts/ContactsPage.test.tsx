import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteSettingsCache } from '../../../../src/app/api/site';
import ContactsPage from '../../../../src/app/pages/contacts/ContactsPage';
import type { SiteSettings } from '../../../../src/shared/api-types';
import { jsonResponse, renderPage, stubFetch } from '../pricing/page-helpers';

const SITE: SiteSettings = {
  operatorName: 'Petrova Anna Sergeevna',
  supportEmail: 'help@specform.test',
  taxNumber: '500100732259',
  registrationNumber: '321508100012345',
};

beforeEach(() => resetSiteSettingsCache());
afterEach(() => vi.unstubAllGlobals());

describe('ContactsPage', () => {
  it('shows the operator details from the site settings and the quick links', async () => {
    stubFetch({ 'GET /api/public/v1/site': () => jsonResponse(SITE) });
    renderPage(<ContactsPage />);
    const mail = await screen.findByRole('link', { name: SITE.supportEmail });
    expect(mail.getAttribute('href')).toBe(`mailto:${SITE.supportEmail}`);
    expect(screen.getByTestId('contacts-operator-name').textContent).toBe(
      `Individual entrepreneur ${SITE.operatorName}`,
    );
    expect(screen.getByTestId('contacts-tax-number').textContent).toBe(SITE.taxNumber);
    expect(screen.getByTestId('contacts-registration-number').textContent).toBe(
      SITE.registrationNumber,
    );
    const links = screen.getByRole('navigation', { name: 'Quick links' });
    expect(
      [...links.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Terms of use', '/policies/terms-of-use'],
      ['Privacy policy', '/policies/privacy-policy'],
      ['Pricing', '/pricing'],
    ]);
  });

  it('says it is loading until the settings arrive', () => {
    stubFetch({ 'GET /api/public/v1/site': () => new Promise<Response>(() => undefined) });
    renderPage(<ContactsPage />);
    expect(screen.getByTestId('contacts-tax-number').textContent).toBe('Loading...');
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
  });

  it('writes the operator’s Russian name on the Russian page, and marks demo details', async () => {
    const site: SiteSettings = { ...SITE, operatorNameRu: 'Петрова Анна Сергеевна', demo: true };
    stubFetch({ 'GET /api/public/v1/site': () => jsonResponse(site) });
    renderPage(<ContactsPage />, { locale: 'ru' });
    await screen.findByRole('link', { name: SITE.supportEmail });
    expect(screen.getByTestId('contacts-operator-name').textContent).toBe(
      'Индивидуальный предприниматель Петрова Анна Сергеевна',
    );
    expect(screen.getByTestId('demo-details').textContent).toMatch(/[А-Яа-я]/);
  });

  it('keeps the English name on the English page and shows no demo mark for real details', async () => {
    const site: SiteSettings = { ...SITE, operatorNameRu: 'Петрова Анна Сергеевна', demo: false };
    stubFetch({ 'GET /api/public/v1/site': () => jsonResponse(site) });
    renderPage(<ContactsPage />);
    await screen.findByRole('link', { name: SITE.supportEmail });
    expect(screen.getByTestId('contacts-operator-name').textContent).toBe(
      `Individual entrepreneur ${SITE.operatorName}`,
    );
    expect(screen.queryByTestId('demo-details')).toBeNull();
  });

  it('speaks Russian', async () => {
    stubFetch({ 'GET /api/public/v1/site': () => jsonResponse(SITE) });
    renderPage(<ContactsPage />, { locale: 'ru' });
    await screen.findByRole('link', { name: SITE.supportEmail });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Контакты');
    expect(screen.getByTestId('contacts-operator-name').textContent).toBe(
      `Индивидуальный предприниматель ${SITE.operatorName}`,
    );
    expect(screen.getByText('ИНН')).toBeTruthy();
    expect(screen.getByText('ОГРНИП')).toBeTruthy();
  });
});
