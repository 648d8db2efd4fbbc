import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RegisterPage from '../../../src/app/pages/register/RegisterPage';
import { resetSiteSettingsCache } from '../../../src/app/api/site';
import { jsonResponse, renderWithProviders, signOut, stubFetch } from './helpers';

const MESSAGES = {
  required: 'This field must not be empty',
  email: 'Please enter a valid email address',
  name: 'Only letters, spaces, hyphens, and apostrophes are allowed',
  password: 'Password must be 6-20 characters and can include A-Z, a-z, 0-9, and !#$%&^=?/@',
};

const site = () =>
  jsonResponse({
    operatorName: 'IP Test',
    supportEmail: 'help@example.test',
    taxNumber: '1',
    registrationNumber: '2',
  });

beforeEach(() => {
  signOut();
  resetSiteSettingsCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label);
}

function errorOf(label: string): string {
  const input = field(label);
  return document.getElementById(input.getAttribute('aria-describedby')!)!.textContent ?? '';
}

async function fill(
  values: Partial<Record<'E-mail' | 'First name' | 'Last name' | 'Password', string>>,
) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
  return user;
}

const submit = () => screen.getByRole('button', { name: 'Register' });

describe('sign-up page', () => {
  it('keeps Register disabled until the terms box is ticked; the box links the three policies', async () => {
    stubFetch({ 'GET /api/public/v1/site': site });
    renderWithProviders(<RegisterPage />, { route: '/register' });
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    const checkbox = screen.getByRole('checkbox');
    const label = checkbox.closest('label')!;
    const hrefs = within(label)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/policies/terms-of-use',
      '/policies/privacy-policy',
      '/policies/personaldataprocessing',
    ]);
    fireEvent.click(checkbox);
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(checkbox);
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the generic message under every empty field and makes no call', async () => {
    const { calls } = stubFetch({ 'GET /api/public/v1/site': site });
    renderWithProviders(<RegisterPage />);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(submit());
    for (const label of ['E-mail', 'First name', 'Last name', 'Password']) {
      expect(errorOf(label)).toBe(MESSAGES.required);
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(calls.filter((c) => c.path.includes('registration'))).toHaveLength(0);
  });

  it('shows the spec §5 message for each invalid field, all at once', async () => {
    const { calls } = stubFetch({ 'GET /api/public/v1/site': site });
    renderWithProviders(<RegisterPage />);
    const user = await fill({
      'E-mail': 'not-an-email',
      'First name': 'Ann3',
      'Last name': 'Smith--Jones',
      Password: 'short',
    });
    await user.click(screen.getByRole('checkbox'));
    await user.click(submit());
    expect(errorOf('E-mail')).toBe(MESSAGES.email);
    expect(errorOf('First name')).toBe(MESSAGES.name);
    expect(errorOf('Last name')).toBe(MESSAGES.name);
    expect(errorOf('Password')).toBe(MESSAGES.password);
    expect(calls.filter((c) => c.path.includes('registration'))).toHaveLength(0);
  });

  it('shows the Russian messages in Russian', async () => {
    stubFetch({ 'GET /api/public/v1/site': site });
    renderWithProviders(<RegisterPage />, { locale: 'ru' });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(screen.getAllByText('Поле не должно быть пустым')).toHaveLength(4);
  });

  it('shows the server message on failure, and clears it on the next attempt', async () => {
    let answer = () => jsonResponse({ message: 'Registration is closed today' }, 400);
    const { calls } = stubFetch({
      'GET /api/public/v1/site': site,
      'POST /api/public/v1/registration': () => answer(),
    });
    renderWithProviders(<RegisterPage />);
    const user = await fill({
      'E-mail': 'ann@example.com',
      'First name': 'Ann',
      'Last name': "O'Neil",
      Password: 'Secret#2024',
    });
    await user.click(screen.getByRole('checkbox'));
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Registration is closed today');
    const sent = calls.find((c) => c.path === '/api/public/v1/registration')!;
    expect(JSON.parse(sent.body)).toEqual({
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: "O'Neil",
      password: 'Secret#2024',
      acceptTerms: true,
    });
    expect(sent.authorization).toBeNull();

    answer = () => new Response(null, { status: 201 });
    await user.click(submit());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('replaces the form with the success text, naming the support e-mail', async () => {
    stubFetch({
      'GET /api/public/v1/site': site,
      'POST /api/public/v1/registration': () => jsonResponse({ message: 'ok' }, 201),
    });
    renderWithProviders(<RegisterPage />);
    const user = await fill({
      'E-mail': 'ann@example.com',
      'First name': 'Анна',
      'Last name': 'Иванова',
      Password: 'Secret#2024',
    });
    await user.click(screen.getByRole('checkbox'));
    await user.click(submit());
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('ann@example.com');
    expect(status.textContent).toContain('help@example.test');
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});
