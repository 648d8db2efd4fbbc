/**
 * The payment page opens in a new tab with neither opener nor referrer (spec §4), yet the
 * app must still learn when the tab closes (watched every second) and must notice a
 * blocked popup. `window.open(url, '_blank', 'noopener,noreferrer')` cannot do both: with
 * `noopener` it always returns null, so a blocked popup and a successful one look the same
 * and there is no handle to watch. Instead:
 *
 * 1. on the click itself (while the browser still counts the user's gesture, so popup
 *    blockers allow it) an empty `about:blank` tab is opened and its `opener` is cut at once;
 * 2. once the order answers, the tab navigates itself through a link marked `noreferrer`
 *    inside its own document, which also carries `<meta name="referrer" content="no-referrer">`,
 *    so the payment provider receives no Referer — not even our origin.
 *
 * We keep the handle only to poll `closed`; the new page cannot reach back to us.
 */

/** How often the payment tab is checked for closing (spec §9: every second). */
export const PAYMENT_WINDOW_POLL_MS = 1000;

/** Opens the empty payment tab; null when the browser blocked it. Call it synchronously in a click handler. */
export function openBlankPaymentWindow(waitingText: string): Window | null {
  let win: Window | null;
  try {
    win = window.open('about:blank', '_blank');
  } catch {
    return null;
  }
  if (!win) return null;
  try {
    win.opener = null;
  } catch {
    // Some browsers make `opener` read-only once set; the tab is still ours to navigate.
  }
  try {
    const doc = win.document;
    doc.title = waitingText;
    const meta = doc.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    doc.head.append(meta);
    const text = doc.createElement('p');
    text.textContent = waitingText;
    text.style.font = '16px system-ui, sans-serif';
    text.style.margin = '48px auto';
    text.style.textAlign = 'center';
    doc.body.append(text);
  } catch {
    // A foreign about:blank (unusual) is still navigable; only the courtesy text is lost.
  }
  return win;
}

/**
 * Sends the payment tab to `url` without a referrer. Returns false (and logs a warning) for
 * an empty URL (spec §8) or when the tab is gone.
 */
export function navigatePaymentWindow(win: Window, url: string): boolean {
  if (url.trim() === '') {
    console.warn('Payment URL is empty; the payment window is not navigated');
    return false;
  }
  if (win.closed) return false;
  try {
    const doc = win.document;
    const link = doc.createElement('a');
    link.href = url;
    link.rel = 'noreferrer noopener';
    doc.body.append(link);
    link.click();
  } catch {
    win.location.replace(url);
  }
  return true;
}

/** Polls `win.closed` every second and logs when the tab closes; returns a stop function. */
export function watchPaymentWindow(win: Window, onClosed?: () => void): () => void {
  const timer = setInterval(() => {
    if (win.closed) {
      clearInterval(timer);
      console.info('Payment window closed');
      onClosed?.();
    }
  }, PAYMENT_WINDOW_POLL_MS);
  return () => clearInterval(timer);
}
