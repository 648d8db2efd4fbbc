import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CookieBanner } from '../../../src/app/components/CookieBanner';
import { renderWithProviders } from './helpers';

beforeEach(() => localStorage.clear());

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });

describe('cookie banner', () => {
  it.each([
    ['missing', null],
    ["the literal 'undefined'", 'undefined'],
    ["the literal 'null'", 'null'],
  ])('shows when the stored value is %s', (_name, value) => {
    if (value !== null) localStorage.setItem('cookieConsent', value);
    renderWithProviders(<CookieBanner />);
    expect(banner()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe(
      '/policies/privacy-policy',
    );
  });

  it("stays hidden once 'accepted' is stored", () => {
    localStorage.setItem('cookieConsent', 'accepted');
    renderWithProviders(<CookieBanner />);
    expect(banner()).toBeNull();
  });

  it("Accept stores 'accepted' and hides the banner for good", () => {
    const first = renderWithProviders(<CookieBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(localStorage.getItem('cookieConsent')).toBe('accepted');
    expect(banner()).toBeNull();
    first.unmount();
    renderWithProviders(<CookieBanner />);
    expect(banner()).toBeNull();
  });

  it('speaks Russian in Russian', () => {
    renderWithProviders(<CookieBanner />, { locale: 'ru' });
    expect(screen.getByRole('button', { name: 'Принять' })).toBeTruthy();
  });
});
