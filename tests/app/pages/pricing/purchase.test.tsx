import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../../src/shared/api-types';
import PricingPage from '../../../../src/app/pages/pricing/PricingPage';
import { jsonResponse, renderPage, signIn, stubFetch } from './page-helpers';

const PRODUCTS: Product[] = [
  { id: 'mir-1', paymentType: 'MIR', months: 1, price: { amount: 490, currency: 'RUB' } },
  { id: 'mir-12', paymentType: 'MIR', months: 12, price: { amount: 4900, currency: 'RUB' } },
];

const ORDER = {
  order: 'ord-42',
  status: 'NEW',
  tokensRequested: 1,
  pricePerToken: 490,
  priceTotal: 490,
  url: 'https://pay.example.test/session/42',
};

/** A stand-in for the tab `window.open` returns: a real document, observable navigation. */
function fakeTab() {
  const doc = document.implementation.createHTMLDocument('');
  const followed: { href: string; rel: string }[] = [];
  doc.addEventListener('click', (event) => {
    const link = event.target as HTMLAnchorElement;
    followed.push({ href: link.href, rel: link.rel });
    event.preventDefault();
  });
  const tab = {
    opener: window as unknown,
    closed: false,
    document: doc,
    close: vi.fn(() => {
      tab.closed = true;
    }),
    location: { replace: vi.fn() },
  };
  return { tab, followed };
}

function serve(order: () => Response | Promise<Response>) {
  return stubFetch({
    'GET /api/public/v1/products': () => jsonResponse(PRODUCTS),
    'POST /api/v1/customer/products/order': order,
  });
}

async function clickRenew(): Promise<void> {
  const button = await screen.findByRole('button', { name: 'Renew Subscription' });
  fireEvent.click(button);
}

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('purchase', () => {
  it('opens a blank tab on the click, cuts its opener, orders, then navigates without referrer', async () => {
    const { tab, followed } = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { calls } = serve(() => jsonResponse(ORDER));
    renderPage(<PricingPage mode="renew" />, { route: '/renew-subscription' });
    fireEvent.click(await screen.findByTestId('pricing-plan-12'));
    await clickRenew();

    // Synchronously, inside the click: the empty tab, already without opener.
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.document.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe(
      'no-referrer',
    );
    expect(screen.getByRole('button', { name: 'Renew Subscription' })).toHaveProperty(
      'disabled',
      true,
    );

    await screen.findByText(/The payment page has opened in a new tab/);
    const order = calls.find((c) => c.method === 'POST');
    expect(order).toBeDefined();
    expect(JSON.parse(order?.body ?? '')).toEqual({ plan: 'mir-12' });
    expect(order?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(followed).toEqual([{ href: ORDER.url, rel: 'noreferrer noopener' }]);
    expect(tab.close).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Go to profile' }).getAttribute('href')).toBe(
      '/profile',
    );
  });

  it("reports 'Failed to open payment window' when the popup is blocked, with a manual link", async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    serve(() => jsonResponse(ORDER));
    renderPage(<PricingPage mode="renew" />);
    await clickRenew();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to open payment window');
    const manual = screen.getByRole('link', { name: 'Open the payment page' });
    expect(manual.getAttribute('href')).toBe(ORDER.url);
    expect(manual.getAttribute('target')).toBe('_blank');
    expect(manual.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("reports 'Failed to open payment window' when the user closed the tab before the answer", async () => {
    const { tab } = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    serve(() => {
      tab.closed = true;
      return jsonResponse(ORDER);
    });
    renderPage(<PricingPage mode="renew" />);
    await clickRenew();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to open payment window');
  });

  const invalid: [string, Record<string, unknown>][] = [
    ['no url', { ...ORDER, url: undefined }],
    ['no order', { ...ORDER, order: undefined }],
    ['no status', { ...ORDER, status: null }],
    ['a javascript: url', { ...ORDER, url: 'javascript:alert(1)' }],
  ];
  it.each(invalid)(
    "reports 'Invalid purchase response' for %s and closes the tab",
    async (_, body) => {
      const { tab, followed } = fakeTab();
      vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
      serve(() => jsonResponse(body));
      renderPage(<PricingPage mode="renew" />);
      await clickRenew();
      expect((await screen.findByRole('alert')).textContent).toBe('Invalid purchase response');
      expect(tab.close).toHaveBeenCalled();
      expect(followed).toEqual([]);
    },
  );

  it('logs a warning for an empty payment URL', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { tab } = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    serve(() => jsonResponse({ ...ORDER, url: '' }));
    renderPage(<PricingPage mode="renew" />);
    await clickRenew();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid purchase response');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/empty payment URL/i));
    expect(tab.close).toHaveBeenCalled();
  });

  it("reports 'Purchase failed' with the server's message", async () => {
    const { tab } = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    serve(() => jsonResponse({ message: 'Unknown plan' }, 400));
    renderPage(<PricingPage mode="renew" />);
    await clickRenew();
    expect((await screen.findByRole('alert')).textContent).toBe('Purchase failed: Unknown plan');
    expect(tab.close).toHaveBeenCalled();
  });

  it("reports 'Purchase failed: Network Error' when the server cannot be reached", async () => {
    vi.spyOn(window, 'open').mockReturnValue(fakeTab().tab as unknown as Window);
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    renderPage(<PricingPage mode="renew" />);
    await clickRenew();
    expect((await screen.findByRole('alert')).textContent).toBe('Purchase failed: Network Error');
  });

  it("reports 'Unknown error occurred during purchase' for a thrown non-error", async () => {
    vi.spyOn(window, 'open').mockReturnValue(fakeTab().tab as unknown as Window);
    serve(() => {
      throw 'strange';
    });
    renderPage(<PricingPage mode="renew" />);
    await clickRenew();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unknown error occurred during purchase',
    );
  });

  it('can try again after a failure', async () => {
    const { tab } = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    let attempt = 0;
    serve(() => (++attempt === 1 ? jsonResponse({ message: 'Busy' }, 503) : jsonResponse(ORDER)));
    renderPage(<PricingPage mode="renew" />);
    await clickRenew();
    await screen.findByText('Purchase failed: the service is temporarily unavailable');
    expect(screen.queryByText(/Busy/)).toBeNull();
    tab.closed = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText(/The payment page has opened in a new tab/);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
