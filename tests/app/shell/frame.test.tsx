import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { resetSiteSettingsCache } from '../../../src/app/api/site';
import { Footer } from '../../../src/app/components/Footer';
import { TopBar } from '../../../src/app/components/TopBar';
import { applyDocumentLanguage } from '../../../src/app/i18n';
import { routes } from '../../../src/app/routes';
import {
  jsonResponse,
  renderRoutes,
  renderWithProviders,
  signIn,
  signOut,
  stubFetch,
} from './helpers';

const SITE = {
  operatorName: 'IP Petrov Petr',
  supportEmail: 'help@example.test',
  taxNumber: '770123456789',
  registrationNumber: '312774600000011',
};

beforeEach(() => {
  signOut();
  resetSiteSettingsCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const menuLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main menu' }))
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('top bar', () => {
  it('links the logo to / and filters the menu by login state and role', () => {
    const view = renderWithProviders(<TopBar />);
    expect(screen.getByRole('link', { name: 'Specform home' }).getAttribute('href')).toBe('/');
    expect(menuLinks()).toEqual(['/pricing', '/login', '/register']);
    view.unmount();

    signIn();
    const user = renderWithProviders(<TopBar />);
    expect(menuLinks()).toEqual(['/generator', '/projects', '/profile', '/pricing', '/logout']);
    user.unmount();

    signIn({ roles: ['admin'] });
    renderWithProviders(<TopBar />);
    expect(menuLinks()).toEqual([
      '/generator',
      '/projects',
      '/profile',
      '/pricing',
      '/admin',
      '/logout',
    ]);
    expect(screen.getByRole('link', { name: 'Admin panel' })).toBeTruthy();
  });

  it('the menu toggle opens the menu; a click outside or Escape closes it', () => {
    renderWithProviders(
      <>
        <TopBar />
        <p>elsewhere</p>
      </>,
    );
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Close menu');
    // A click inside the menu keeps it open.
    fireEvent.pointerDown(screen.getByRole('navigation', { name: 'Main menu' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('footer', () => {
  it('shows the operator details from the site settings, the support link and the policy links', async () => {
    stubFetch({ 'GET /api/public/v1/site': () => jsonResponse(SITE) });
    renderWithProviders(<Footer />);
    expect(await screen.findByText('IP Petrov Petr')).toBeTruthy();
    expect(screen.getByText('770123456789')).toBeTruthy();
    expect(screen.getByText('312774600000011')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      'mailto:help@example.test',
    );
    expect(screen.getByText('help@example.test')).toBeTruthy();
    const hrefs = within(screen.getByRole('navigation', { name: 'Footer' }))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/contacts',
      '/pricing',
      '/policies/terms-of-use',
      '/policies/privacy-policy',
      '/policies/personaldataprocessing',
    ]);
  });

  it('writes the operator’s Russian name in Russian and marks demo details', async () => {
    const site = { ...SITE, operatorNameRu: 'ИП Петров Пётр', demo: true };
    stubFetch({ 'GET /api/public/v1/site': () => jsonResponse(site) });
    renderWithProviders(<Footer />, { locale: 'ru' });
    expect(await screen.findByText('ИП Петров Пётр')).toBeTruthy();
    expect(screen.queryByText('IP Petrov Petr')).toBeNull();
    expect(screen.getByTestId('demo-details')).toBeTruthy();
  });

  it('still renders when the site settings cannot be loaded', async () => {
    stubFetch({ 'GET /api/public/v1/site': () => jsonResponse({ message: 'down' }, 503) });
    renderWithProviders(<Footer />);
    expect(screen.getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/contacts');
  });
});

describe('language switch', () => {
  it('switches texts, <html lang>, title and description, and stores the choice', async () => {
    stubFetch({ 'GET /api/public/v1/site': () => jsonResponse(SITE) });
    localStorage.setItem('cookieConsent', 'accepted');
    renderRoutes(routes, '/login', 'en');
    applyDocumentLanguage('en');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    const englishTitle = document.title;

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Русский' }));
    });
    await waitFor(() => expect(i18n.locale).toBe('ru'));
    expect(await screen.findByRole('heading', { name: 'Войти' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ru');
    expect(document.title).not.toBe(englishTitle);
    expect(document.title).toContain('Specform');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /OpenAPI/,
    );
    expect(localStorage.getItem('language')).toBe('ru');
    expect(screen.getByRole('button', { name: 'Русский' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});
