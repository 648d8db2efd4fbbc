import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../../src/shared';
import PricingPage from '../../../../src/app/pages/pricing/PricingPage';
import { resetSessionState, syncSession } from '../../../../src/app/session';
import { jsonResponse, renderPage, signIn, signOut, stubFetch } from './page-helpers';

const PRODUCTS: Product[] = [
  { id: 'mir-12', paymentType: 'MIR', months: 12, price: { amount: 4900, currency: 'RUB' } },
  { id: 'crypto-1', paymentType: 'CRYPTO', months: 1, price: { amount: 5, currency: 'USD' } },
  { id: 'mir-1', paymentType: 'MIR', months: 1, price: { amount: 490, currency: 'RUB' } },
  { id: 'crypto-12', paymentType: 'CRYPTO', months: 12, price: { amount: 50, currency: 'USD' } },
];

function serveProducts(products: unknown = PRODUCTS) {
  return stubFetch({ 'GET /api/public/v1/products': () => jsonResponse(products) });
}

function tile(months: 1 | 12): HTMLElement {
  return screen.getByTestId(`pricing-plan-${months}`);
}

async function loaded(): Promise<void> {
  await screen.findByRole('radiogroup');
}

beforeEach(() => signOut());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PricingPage selection', () => {
  it("shows 'Loading prices...' until the products arrive, then MIR with its cheapest plan", async () => {
    let release: (value: Response) => void = () => undefined;
    const { fetchMock } = stubFetch({
      'GET /api/public/v1/products': () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    renderPage(<PricingPage mode="public" />);
    expect(screen.getByRole('status').textContent).toBe('Loading prices...');
    expect(screen.queryByRole('radiogroup')).toBeNull();

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await act(async () => release(jsonResponse(PRODUCTS)));
    await loaded();
    expect(screen.queryByText('Loading prices...')).toBeNull();
    expect((screen.getByLabelText('Payment type') as HTMLSelectElement).value).toBe('MIR');
    expect(tile(1).getAttribute('aria-checked')).toBe('true');
    expect(tile(12).getAttribute('aria-checked')).toBe('false');
    expect(tile(1).textContent).toContain('₽490');
    expect(tile(12).textContent).toContain('₽4,900');
    expect(tile(1).textContent).toContain('1 month');
    expect(tile(12).textContent).toContain('12 months');
  });

  it('hides CRYPTO and the purchase button from visitors', async () => {
    serveProducts();
    renderPage(<PricingPage mode="public" />);
    await loaded();
    const options = within(screen.getByLabelText('Payment type')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['RUB: MIR, QR, T-Pay']);
    expect(screen.queryByRole('button', { name: 'Renew Subscription' })).toBeNull();
    expect(screen.getByRole('link', { name: 'log in' }).getAttribute('href')).toBe('/login');
  });

  it('shows neither the button nor the sign-in prompt while the login state loads', async () => {
    resetSessionState();
    serveProducts();
    renderPage(<PricingPage mode="public" />);
    await loaded();
    expect(screen.queryByRole('button', { name: 'Renew Subscription' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'log in' })).toBeNull();
    act(() => syncSession());
    expect(screen.getByRole('link', { name: 'log in' })).toBeTruthy();
  });

  it('offers CRYPTO to signed-in users; changing the type selects its first plan', async () => {
    signIn();
    serveProducts();
    renderPage(<PricingPage mode="renew" />);
    await loaded();
    const select = screen.getByLabelText('Payment type') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['MIR', 'RUB: MIR, QR, T-Pay'],
      ['CRYPTO', 'crypto: USDT, BTC, etc'],
    ]);
    fireEvent.click(tile(12));
    expect(tile(12).getAttribute('aria-checked')).toBe('true');

    fireEvent.change(select, { target: { value: 'CRYPTO' } });
    expect(select.value).toBe('CRYPTO');
    expect(tile(1).getAttribute('aria-checked')).toBe('true');
    expect(tile(1).textContent).toContain('$5');
    expect(tile(12).textContent).toContain('$50');
    expect(screen.getByRole('button', { name: 'Renew Subscription' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('selects a tile by click and by the Enter key', async () => {
    signIn();
    serveProducts();
    renderPage(<PricingPage mode="renew" />);
    await loaded();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    fireEvent.click(tile(12));
    expect(tile(12).getAttribute('aria-checked')).toBe('true');
    expect(tile(1).getAttribute('aria-checked')).toBe('false');
    expect(tile(12).tabIndex).toBe(0);
    expect(tile(1).tabIndex).toBe(-1);

    fireEvent.keyDown(tile(1), { key: 'Enter' });
    expect(tile(1).getAttribute('aria-checked')).toBe('true');
    expect(tile(12).getAttribute('aria-checked')).toBe('false');

    fireEvent.keyDown(tile(1), { key: 'ArrowRight' });
    expect(tile(12).getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(tile(12));

    fireEvent.keyDown(tile(12), { key: 'a' });
    expect(tile(12).getAttribute('aria-checked')).toBe('true');
  });

  it('sorts by price ascending, so the cheapest product of the type is selected first', async () => {
    signIn();
    serveProducts([
      { id: 'mir-1', paymentType: 'MIR', months: 1, price: { amount: 900, currency: 'RUB' } },
      { id: 'mir-12', paymentType: 'MIR', months: 12, price: { amount: 500, currency: 'RUB' } },
    ]);
    renderPage(<PricingPage mode="renew" />);
    await loaded();
    expect(tile(12).getAttribute('aria-checked')).toBe('true');
    expect(tile(1).getAttribute('aria-checked')).toBe('false');
  });

  it('picks the first type that has products, and shows a dash for a missing plan', async () => {
    signIn();
    serveProducts([
      { id: 'c12', paymentType: 'CRYPTO', months: 12, price: { amount: 60, currency: 'EUR' } },
    ]);
    renderPage(<PricingPage mode="renew" />);
    await loaded();
    expect((screen.getByLabelText('Payment type') as HTMLSelectElement).value).toBe('CRYPTO');
    expect(tile(12).getAttribute('aria-checked')).toBe('true');
    expect(tile(12).textContent).toContain('€60');
    expect(tile(1).textContent).toContain('—');
    expect(tile(1).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(tile(1));
    expect(tile(12).getAttribute('aria-checked')).toBe('true');
  });

  it('shows visitors MIR with dashes when only CRYPTO has products', async () => {
    serveProducts(PRODUCTS.filter((p) => p.paymentType === 'CRYPTO'));
    renderPage(<PricingPage mode="public" />);
    await loaded();
    expect((screen.getByLabelText('Payment type') as HTMLSelectElement).value).toBe('MIR');
    expect(tile(1).textContent).toContain('—');
    expect(tile(12).textContent).toContain('—');
    expect(document.body.textContent).not.toContain('$');
  });

  it('shows unknown currency codes as given', async () => {
    serveProducts([
      { id: 'k1', paymentType: 'MIR', months: 1, price: { amount: 7, currency: 'KZT' } },
    ]);
    renderPage(<PricingPage mode="public" />);
    await loaded();
    expect(tile(1).textContent).toContain('KZT7');
  });

  it('falls back to MIR with dashes and a disabled button when there are no products', async () => {
    signIn();
    serveProducts([]);
    renderPage(<PricingPage mode="renew" />);
    await loaded();
    expect((screen.getByLabelText('Payment type') as HTMLSelectElement).value).toBe('MIR');
    expect(tile(1).textContent).toContain('—');
    expect(tile(12).textContent).toContain('—');
    expect(screen.queryByRole('radio', { checked: true })).toBeNull();
    expect(screen.getByRole('button', { name: 'Renew Subscription' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows the Renew button only once signed in, disabled while prices load', async () => {
    signIn();
    let release: (value: Response) => void = () => undefined;
    const { fetchMock } = stubFetch({
      'GET /api/public/v1/products': () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    renderPage(<PricingPage mode="renew" />);
    // While loading, only the loading text is shown.
    expect(screen.queryByRole('button', { name: 'Renew Subscription' })).toBeNull();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await act(async () => release(jsonResponse(PRODUCTS)));
    await loaded();
    expect(screen.getByRole('button', { name: 'Renew Subscription' })).toHaveProperty(
      'disabled',
      false,
    );
    act(() => signOut());
    expect(screen.queryByRole('button', { name: 'Renew Subscription' })).toBeNull();
    // CRYPTO disappears with the sign-in, and the selection falls back to MIR.
    expect((screen.getByLabelText('Payment type') as HTMLSelectElement).value).toBe('MIR');
  });
});

describe('PricingPage errors', () => {
  async function errorText(): Promise<string> {
    const alert = await screen.findByRole('alert');
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByLabelText('Payment type')).toBeNull();
    expect(screen.queryByText('Loading prices...')).toBeNull();
    return alert.textContent ?? '';
  }

  it("shows 'API request failed: {reason}' with the server message", async () => {
    stubFetch({
      'GET /api/public/v1/products': () => jsonResponse({ message: 'Service down' }, 500),
    });
    renderPage(<PricingPage mode="public" />);
    expect(await errorText()).toBe('API request failed: Service down');
  });

  it('names the status when the server sends no message', async () => {
    stubFetch({ 'GET /api/public/v1/products': () => new Response('', { status: 503 }) });
    renderPage(<PricingPage mode="public" />);
    expect(await errorText()).toBe('API request failed: HTTP status 503');
  });

  it('says Network Error when the server cannot be reached', async () => {
    stubFetch({
      'GET /api/public/v1/products': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage(<PricingPage mode="public" />);
    expect(await errorText()).toBe('API request failed: Network Error');
  });

  it("shows 'Unexpected error fetching prices' for an answer that is not a list", async () => {
    serveProducts({ products: [] });
    renderPage(<PricingPage mode="public" />);
    expect(await errorText()).toBe('Unexpected error fetching prices');
  });

  it("shows 'Unexpected error fetching prices' for a body that is not JSON", async () => {
    stubFetch({ 'GET /api/public/v1/products': () => new Response('<html>', { status: 200 }) });
    renderPage(<PricingPage mode="public" />);
    expect(await errorText()).toBe('Unexpected error fetching prices');
  });

  it("falls back to 'Failed to load prices' for anything else", async () => {
    stubFetch({
      'GET /api/public/v1/products': () => {
        throw new RangeError('strange');
      },
    });
    renderPage(<PricingPage mode="public" />);
    expect(await errorText()).toBe('Failed to load prices');
  });

  it('skips malformed entries and keeps the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serveProducts([{ id: 'x' }, PRODUCTS[2]]);
    renderPage(<PricingPage mode="public" />);
    await loaded();
    expect(tile(1).textContent).toContain('₽490');
    expect(warn).toHaveBeenCalled();
  });

  it('speaks Russian', async () => {
    serveProducts();
    renderPage(<PricingPage mode="public" />, { locale: 'ru' });
    await waitFor(() => expect(screen.queryByRole('radiogroup')).not.toBeNull());
    expect(tile(12).textContent).toMatch(/12 месяцев/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Тарифы');
  });
});
