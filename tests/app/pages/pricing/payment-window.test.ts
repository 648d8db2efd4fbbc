import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PAYMENT_WINDOW_POLL_MS,
  navigatePaymentWindow,
  watchPaymentWindow,
} from '../../../../src/app/pages/pricing/payment-window';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('watchPaymentWindow', () => {
  it('checks every second and only logs the closing, once', () => {
    vi.useFakeTimers();
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const tab = { closed: false };
    const onClosed = vi.fn();
    watchPaymentWindow(tab as unknown as Window, onClosed);
    expect(PAYMENT_WINDOW_POLL_MS).toBe(1000);
    vi.advanceTimersByTime(3000);
    expect(info).not.toHaveBeenCalled();
    tab.closed = true;
    vi.advanceTimersByTime(999);
    expect(info).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(info).toHaveBeenCalledTimes(1);
    expect(onClosed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(info).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops when asked', () => {
    vi.useFakeTimers();
    const stop = watchPaymentWindow({ closed: false } as unknown as Window);
    expect(vi.getTimerCount()).toBe(1);
    stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('navigatePaymentWindow', () => {
  it('refuses an empty URL with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const tab = { closed: false, location: { replace: vi.fn() } };
    expect(navigatePaymentWindow(tab as unknown as Window, '  ')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(tab.location.replace).not.toHaveBeenCalled();
  });

  it('falls back to location.replace when the tab document is out of reach', () => {
    const tab = {
      closed: false,
      get document(): Document {
        throw new DOMException('Blocked', 'SecurityError');
      },
      location: { replace: vi.fn() },
    };
    expect(navigatePaymentWindow(tab as unknown as Window, 'https://pay.example.test/')).toBe(true);
    expect(tab.location.replace).toHaveBeenCalledWith('https://pay.example.test/');
  });
});
