import { useCallback, useEffect, useRef, useState } from 'react';
import { OrderError, orderProduct } from '../../api/orders';
import { logCallFailure, type RequestFailure } from '../../api/errors';
import {
  navigatePaymentWindow,
  openBlankPaymentWindow,
  watchPaymentWindow,
} from './payment-window';

/** Purchase outcomes of spec §8, translated by the page. */
export type PurchaseErrorCode =
  'PRODUCT_ID_REQUIRED' | 'INVALID_RESPONSE' | 'WINDOW_FAILED' | 'PURCHASE_FAILED' | 'UNKNOWN';

export type PurchaseState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'opened'; order: string; paymentUrl: string }
  | {
      status: 'error';
      code: PurchaseErrorCode;
      /** For PURCHASE_FAILED: why the request failed (the raw error goes to the console only). */
      failure?: RequestFailure;
      /** For WINDOW_FAILED after a successful order: the page the user can still open by hand. */
      paymentUrl?: string;
    };

/**
 * The purchase flow of spec §4 (idle → pending → payment tab opened, or an error).
 * `purchase` must be called straight from a click handler: the payment tab is opened
 * synchronously, before the order request, so popup blockers treat it as user-initiated.
 */
export function usePurchase(waitingText: string): {
  state: PurchaseState;
  purchase: (productId: string | undefined) => Promise<void>;
} {
  const [state, setState] = useState<PurchaseState>({ status: 'idle' });
  const stopWatching = useRef<(() => void) | undefined>(undefined);

  useEffect(() => () => stopWatching.current?.(), []);

  const purchase = useCallback(
    async (productId: string | undefined) => {
      if (!productId) {
        setState({ status: 'error', code: 'PRODUCT_ID_REQUIRED' });
        return;
      }
      stopWatching.current?.();
      stopWatching.current = undefined;
      const win = openBlankPaymentWindow(waitingText);
      setState({ status: 'pending' });
      try {
        const order = await orderProduct(productId);
        if (!win || win.closed) {
          setState({ status: 'error', code: 'WINDOW_FAILED', paymentUrl: order.url });
          return;
        }
        if (!navigatePaymentWindow(win, order.url)) {
          win.close();
          setState({ status: 'error', code: 'INVALID_RESPONSE' });
          return;
        }
        stopWatching.current = watchPaymentWindow(win);
        setState({ status: 'opened', order: String(order.order), paymentUrl: order.url });
      } catch (error) {
        win?.close();
        logCallFailure('The purchase', error);
        setState(toErrorState(error));
      }
    },
    [waitingText],
  );

  return { state, purchase };
}

function toErrorState(error: unknown): PurchaseState {
  if (error instanceof OrderError) {
    if (error.code === 'REQUEST_FAILED') {
      return { status: 'error', code: 'PURCHASE_FAILED', failure: error.failure };
    }
    return { status: 'error', code: error.code };
  }
  if (error instanceof Error) return { status: 'error', code: 'PURCHASE_FAILED' };
  return { status: 'error', code: 'UNKNOWN' };
}
