import { elementScroll, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { yieldToBrowser } from '../util/slices';

/**
 * A virtualizer that attaches to its scroll element (a list mounting, the navigator's tree
 * turning virtual as a document loads) reads the element's size and writes its scroll offset at
 * once. Each forces a layout of the whole page inside React's commit: up to 70 ms of a loaded
 * form's first task. These options do both after the browser's own layout instead.
 */

/** Elements a virtualizer has just attached to: their first scroll write waits a frame. */
const attaching = new WeakSet<Element>();
/** A waiting first write per element (a later write replaces it): its cancel. */
const waiting = new WeakMap<Element, () => void>();

/**
 * The scroll element's size from its ResizeObserver alone. The library's own observer reads
 * `clientHeight` as it attaches; the observer's first entry comes after the browser's own
 * layout, where reading the size costs nothing. Until then the list is sized from
 * {@link initialRect}.
 */
export function observeRectOnceLaidOut(
  instance: Virtualizer<HTMLDivElement, Element>,
  cb: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element) return undefined;
  attaching.add(element);
  const read = () => cb({ width: element.clientWidth, height: element.clientHeight });
  if (typeof ResizeObserver === 'undefined') {
    read();
    return undefined;
  }
  const observer = new ResizeObserver(read);
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

/**
 * `elementScroll`, except the write a virtualizer makes as it attaches (its initial offset),
 * which goes in a task after the next frame, when the page has been laid out: written in the
 * frame's own animation callbacks it forced the layout of a whole restored form there (a
 * frame task of 66 ms CPU after a reload of GitHub's description). A later write (scrolling to
 * an endpoint) cancels it and goes at once.
 */
export function scrollOnceLaidOut(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLDivElement, Element>,
): void {
  const element = instance.scrollElement;
  if (!element) return;
  waiting.get(element)?.();
  waiting.delete(element);
  if (attaching.has(element)) {
    attaching.delete(element);
    let cancelled = false;
    const frame = requestAnimationFrame(() => {
      void yieldToBrowser().then(() => {
        if (cancelled) return;
        waiting.delete(element);
        if (instance.scrollElement !== element) return;
        // A list just attached is at its top already: nothing to write.
        if (offset === 0 && element.scrollTop === 0) return;
        elementScroll(offset, options, instance);
      });
    });
    waiting.set(element, () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    });
    return;
  }
  elementScroll(offset, options, instance);
}

/** The size a list assumes until its first ResizeObserver entry: the window's height. */
export function initialRect(): Rect {
  return { width: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight };
}
