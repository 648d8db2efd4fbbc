/**
 * What the preview frame installs before Scalar loads: no network API works, storage
 * is in memory (an opaque origin has none, and Scalar expects it), and no rendered link can run
 * script or navigate the frame away. These hold without any Content-Security-Policy.
 */

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** A Storage kept in memory for this frame's lifetime. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(String(key)) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(String(key));
  }
  setItem(key: string, value: string): void {
    this.items.set(String(key), String(value));
  }
}

function refuse(name: string): never {
  throw new DOMException(`${name} is disabled in the docs preview`, 'SecurityError');
}

/** Network APIs of the frame refuse: the preview makes no request of its own. */
export function disableNetwork(): void {
  const blocked = () => Promise.reject(new TypeError('Network access is disabled in the preview'));
  Object.defineProperty(window, 'fetch', { configurable: true, writable: true, value: blocked });
  const xhrOpen = () => refuse('XMLHttpRequest');
  XMLHttpRequest.prototype.open = xhrOpen;
  XMLHttpRequest.prototype.send = xhrOpen;
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => false });
  for (const name of ['WebSocket', 'EventSource', 'WebTransport'] as const) {
    Object.defineProperty(window, name, {
      configurable: true,
      writable: true,
      value: function Refused() {
        refuse(name);
      },
    });
  }
}

/** localStorage and sessionStorage in memory when the opaque origin refuses them. */
export function memoryStorage(): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    let works = false;
    try {
      works = window[name] !== null;
    } catch {
      works = false;
    }
    if (!works) {
      Object.defineProperty(window, name, { configurable: true, value: new MemoryStorage() });
    }
  }
}

/** True when `href` (an absolute URL from the browser's parser) points into this page. */
function isInPage(url: URL): boolean {
  const here = new URL(window.location.href);
  return url.origin === here.origin && url.pathname === here.pathname && url.search === here.search;
}

/**
 * Removes the `href` of every link whose scheme is not http(s) or mailto, as the browser parses
 * it (so `java&#x09;script:` and friends are caught): the link's text stays, as plain text.
 */
function defuse(element: Element): void {
  const href = element.getAttribute('href') ?? element.getAttribute('xlink:href');
  if (href === null) return;
  let url: URL | undefined;
  try {
    url = new URL(href, window.location.href);
  } catch {
    url = undefined;
  }
  if (url && SAFE_PROTOCOLS.has(url.protocol)) return;
  element.removeAttribute('href');
  element.removeAttribute('xlink:href');
  element.setAttribute('data-unsafe-link', '');
}

function defuseAll(root: ParentNode): void {
  for (const element of root.querySelectorAll('[href], [xlink\\:href]')) defuse(element);
}

/**
 * Keeps links safe for the frame's lifetime: unsafe hrefs are removed as they appear (a
 * MutationObserver, before anyone can click), and a click on a link to another page opens it in
 * a new tab (outside the sandbox, without an opener) instead of navigating the frame.
 */
export function guardLinks(): void {
  defuseAll(document);
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes' && record.target instanceof Element) {
        defuse(record.target);
      }
      for (const node of record.addedNodes) {
        if (node instanceof Element) {
          if (node.hasAttribute('href') || node.hasAttribute('xlink:href')) defuse(node);
          defuseAll(node);
        }
      }
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['href', 'xlink:href'],
  });
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest('a, area') : null;
      if (!(target instanceof HTMLAnchorElement || target instanceof HTMLAreaElement)) return;
      if (!target.hasAttribute('href')) return;
      let url: URL;
      try {
        url = new URL(target.href);
      } catch {
        event.preventDefault();
        return;
      }
      if (!SAFE_PROTOCOLS.has(url.protocol)) {
        event.preventDefault();
        return;
      }
      if (isInPage(url)) return; // Scalar's own navigation between sections
      event.preventDefault();
      window.open(url.href, '_blank', 'noopener,noreferrer');
    },
    true,
  );
}

/** How far `rect` is from where `block` wants it inside a box from `top` to `bottom`. */
function alignment(
  rect: DOMRect,
  top: number,
  bottom: number,
  block: ScrollLogicalPosition,
): number {
  if (block === 'start') return rect.top - top;
  if (block === 'end') return rect.bottom - bottom;
  if (block === 'center') return rect.top + rect.height / 2 - (top + bottom) / 2;
  // 'nearest'
  if (rect.top < top) return rect.top - top;
  if (rect.bottom > bottom) return Math.min(rect.bottom - bottom, rect.top - top);
  return 0;
}

/**
 * `scrollIntoView` scrolls this frame's own boxes and viewport only. The browser's
 * own would scroll the page around the frame as well: opening a large document's preview at the
 * endpoint open in the form (Scalar scrolls to it) moved the whole editor page.
 */
export function scrollInsideOnly(): void {
  Element.prototype.scrollIntoView = function (
    this: Element,
    options?: boolean | ScrollIntoViewOptions,
  ): void {
    const block: ScrollLogicalPosition =
      typeof options === 'object'
        ? (options.block ?? 'start')
        : options === false
          ? 'end'
          : 'start';
    const behavior = typeof options === 'object' ? options.behavior : undefined;
    for (let box = this.parentElement; box !== null; box = box.parentElement) {
      if (box === document.documentElement || box === document.body) break;
      const overflow = getComputedStyle(box).overflowY;
      if (box.scrollHeight <= box.clientHeight || !/(auto|scroll|overlay)/.test(overflow)) continue;
      const frame = box.getBoundingClientRect();
      const delta = alignment(this.getBoundingClientRect(), frame.top, frame.bottom, block);
      if (delta !== 0) box.scrollBy({ top: delta, ...(behavior ? { behavior } : {}) });
    }
    const delta = alignment(this.getBoundingClientRect(), 0, window.innerHeight, block);
    if (delta !== 0) window.scrollBy({ top: delta, ...(behavior ? { behavior } : {}) });
  };
}
