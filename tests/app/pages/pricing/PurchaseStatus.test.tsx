import { renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderError, orderProduct } from '../../../../src/app/api/orders';
import { PurchaseStatus } from '../../../../src/app/pages/pricing/PurchaseStatus';
import { usePurchase, type PurchaseState } from '../../../../src/app/pages/pricing/usePurchase';
import { renderPage, stubFetch } from './page-helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CASES: [PurchaseState, string, string][] = [
  [
    { status: 'error', code: 'PRODUCT_ID_REQUIRED' },
    'Product ID is required',
    'Требуется идентификатор продукта',
  ],
  [
    { status: 'error', code: 'INVALID_RESPONSE' },
    'Invalid purchase response',
    'Некорректный ответ на покупку',
  ],
  [
    { status: 'error', code: 'WINDOW_FAILED' },
    'Failed to open payment window',
    'Не удалось открыть окно оплаты',
  ],
  [
    {
      status: 'error',
      code: 'PURCHASE_FAILED',
      failure: { kind: 'http', status: 400, message: 'Bad plan' },
    },
    'Purchase failed: Bad plan',
    'Покупка не удалась: Bad plan',
  ],
  [
    { status: 'error', code: 'PURCHASE_FAILED', failure: { kind: 'timeout' } },
    'Purchase failed: timeout exceeded',
    'Покупка не удалась: превышено время ожидания',
  ],
  [
    { status: 'error', code: 'PURCHASE_FAILED', failure: { kind: 'aborted' } },
    'Purchase failed: request aborted',
    'Покупка не удалась: запрос прерван',
  ],
  [
    { status: 'error', code: 'PURCHASE_FAILED', failure: { kind: 'http', status: 502 } },
    'Purchase failed: the service is temporarily unavailable',
    'Покупка не удалась: сервис временно недоступен',
  ],
  [
    { status: 'error', code: 'PURCHASE_FAILED', failure: { kind: 'http', status: 429 } },
    'Purchase failed: too many requests',
    'Покупка не удалась: слишком много запросов',
  ],
  [{ status: 'error', code: 'PURCHASE_FAILED' }, 'Purchase failed', 'Покупка не удалась'],
  [
    { status: 'error', code: 'UNKNOWN' },
    'Unknown error occurred during purchase',
    'При покупке произошла неизвестная ошибка',
  ],
];

describe('PurchaseStatus', () => {
  it.each(CASES)('shows %o in both languages', (state, en, ru) => {
    const { unmount } = renderPage(<PurchaseStatus state={state} />);
    expect(screen.getByRole('alert').textContent).toBe(en);
    unmount();
    renderPage(<PurchaseStatus state={state} />, { locale: 'ru' });
    expect(screen.getByRole('alert').textContent).toBe(ru);
  });

  it('is empty when idle and points to the profile once the payment page is open', () => {
    const { container, unmount } = renderPage(<PurchaseStatus state={{ status: 'idle' }} />);
    expect(container.textContent).toBe('');
    unmount();
    renderPage(
      <PurchaseStatus state={{ status: 'opened', order: 'o1', paymentUrl: 'https://x.test' }} />,
      { locale: 'ru' },
    );
    expect(screen.getByRole('link', { name: 'Перейти в профиль' }).getAttribute('href')).toBe(
      '/profile',
    );
  });
});

describe('purchase without a product', () => {
  it('orderProduct refuses an empty id with PRODUCT_ID_REQUIRED and makes no call', async () => {
    const { fetchMock } = stubFetch({});
    await expect(orderProduct('')).rejects.toMatchObject({ code: 'PRODUCT_ID_REQUIRED' });
    await expect(orderProduct('')).rejects.toBeInstanceOf(OrderError);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('usePurchase reports it without opening a window', async () => {
    const open = vi.spyOn(window, 'open');
    const { result } = renderHook(() => usePurchase('…'));
    await result.current.purchase(undefined);
    await vi.waitFor(() =>
      expect(result.current.state).toEqual({ status: 'error', code: 'PRODUCT_ID_REQUIRED' }),
    );
    expect(open).not.toHaveBeenCalled();
  });
});
