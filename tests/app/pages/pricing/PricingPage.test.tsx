import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../../src/shared/api-types';
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

describe('PricingPage text', () => {
  it('advertises every OpenAPI version the generator reads, not only 3.0.1 (issue 31.18)', async () => {
    serveProducts();
    renderPage(<PricingPage mode="public" />);
    await loaded();
    expect(document.body.textContent).toContain('OpenAPI 3.0, 3.1 and 3.2');
    expect(document.body.textContent).toContain('Swagger 2.0 is converted');
    expect(document.body.textContent).not.toContain('3.0.1');
  });
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

  it("shows 'API request failed: {reason}' with our API's own 4xx message", async () => {
    stubFetch({
      'GET /api/public/v1/products': () => jsonResponse({ message: 'Unknown currency' }, 400),
    });
    renderPage(<PricingPage mode="public" />);
    expect(await errorText()).toBe('API request failed: Unknown currency');
  });

  it('never shows the text of a 5xx answer or a proxy page, and offers Retry', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempt = 0;
    stubFetch({
      'GET /api/public/v1/products': () =>
        ++attempt === 1
          ? jsonResponse({ message: 'ECONNREFUSED 10.0.0.5:5432' }, 500)
          : attempt === 2
            ? new Response('<html><h1>502 Bad Gateway</h1>nginx</html>', { status: 502 })
            : jsonResponse(PRODUCTS),
    });
    renderPage(<PricingPage mode="public" />);
    expect(await errorText()).toBe('API request failed: the service is temporarily unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(attempt).toBe(2));
    expect(await errorText()).toBe('API request failed: the service is temporarily unavailable');
    expect(document.body.textContent).not.toMatch(/ECONNREFUSED|Bad Gateway|nginx|HTTPError/);
    expect(error).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await loaded();
    expect(tile(1).textContent).toContain('₽490');
  });

  it('says so in Russian, with a Russian Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({ 'GET /api/public/v1/products': () => new Response('', { status: 503 }) });
    renderPage(<PricingPage mode="public" />, { locale: 'ru' });
    expect(await errorText()).toBe('Ошибка запроса к API: сервис временно недоступен');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
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

  it('reads the period from `period`, `durationDays` and plan ids, not only `months`', async () => {
    signIn();
    serveProducts([
      { id: 'a', paymentType: 'MIR', period: 'P1M', price: { amount: 490, currency: 'RUB' } },
      { id: 'b', paymentType: 'MIR', durationDays: 365, price: { amount: 4900, currency: 'RUB' } },
      { id: 'crypto-1m', paymentType: 'CRYPTO', price: { amount: 5, currency: 'USD' } },
      {
        id: 'crypto-12m',
        paymentType: 'CRYPTO',
        period: 'P1Y',
        price: { amount: 50, currency: 'USD' },
      },
    ]);
    renderPage(<PricingPage mode="renew" />);
    await loaded();
    expect(tile(1).textContent).toContain('₽490');
    expect(tile(12).textContent).toContain('₽4,900');
    fireEvent.change(screen.getByLabelText('Payment type'), { target: { value: 'CRYPTO' } });
    expect(tile(1).textContent).toContain('$5');
    expect(tile(12).textContent).toContain('$50');
  });

  it('leaves out and logs a product it cannot price, and never files it under a plan', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serveProducts([
      { id: 'odd', paymentType: 'MIR', period: 'weekly', price: { amount: 1, currency: 'RUB' } },
      { id: 'q', paymentType: 'MIR', months: 3, price: { amount: 2, currency: 'RUB' } },
      { id: 'w', paymentType: 'WIRE', months: 1, price: { amount: 3, currency: 'RUB' } },
      PRODUCTS[0],
    ]);
    renderPage(<PricingPage mode="public" />);
    await loaded();
    expect(tile(1).textContent).toContain('—');
    expect(tile(12).textContent).toContain('₽4,900');
    const logged = warn.mock.calls.map((call) => JSON.stringify(call));
    for (const id of ['odd', 'q', 'w']) {
      expect(logged.some((line) => line.includes(`"id":"${id}"`))).toBe(true);
    }
  });

  it('speaks Russian', async () => {
    serveProducts();
    renderPage(<PricingPage mode="public" />, { locale: 'ru' });
    await waitFor(() => expect(screen.queryByRole('radiogroup')).not.toBeNull());
    expect(tile(12).textContent).toMatch(/12 месяцев/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Тарифы');
  });
});
