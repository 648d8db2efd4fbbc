import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { EndpointPanel } from './EndpointPanel';
import { useOrder, type EndpointStore } from '../model/endpoint-store';
import { initialRect, observeRectOnceLaidOut, scrollOnceLaidOut } from './virtual-rect';

/** Lists longer than this are virtualised; shorter ones render plainly (and measure nothing). */
export const VIRTUALIZE_ABOVE = 30;
const COLLAPSED_ESTIMATE = 58;
const EXPANDED_ESTIMATE = 720;
/**
 * Panels a plain list mounts in the render that brings them; panels new to the list beyond these
 * follow in a deferred (time-sliced) render. A loaded document's ten expanded panels rendered and
 * laid out in one task took 50–75 ms of CPU (the worker's answer, React's render and commit, the
 * page's layout); the first screen comes first and the rest a moment later.
 */
const FIRST_PANELS = 3;
const NO_IDS: readonly string[] = [];

export interface EndpointListProps {
  store: EndpointStore;
  onDuplicate: (id: string) => void;
  onRemove: (id: string) => void;
  /** An endpoint to bring into view (after Add or Duplicate, or a chosen problem). */
  revealId: string | undefined;
  /** Changes to bring the same endpoint into view again. */
  revealNonce?: number;
}

function PlainList({
  store,
  order,
  onDuplicate,
  onRemove,
  revealId,
  revealNonce,
}: EndpointListProps & { order: readonly string[] }) {
  const box = useRef<HTMLDivElement>(null);
  // The order as a render of lower priority has it: panels already there, or about to be.
  const deferred = useDeferredValue(order, NO_IDS);
  const shown = useMemo(() => {
    if (deferred === order) return order;
    const mounted = new Set(deferred);
    return order.filter((id, i) => i < FIRST_PANELS || id === revealId || mounted.has(id));
  }, [order, deferred, revealId]);
  const revealShown = revealId !== undefined && shown.includes(revealId);
  useEffect(() => {
    if (revealId === undefined || !revealShown) return;
    // In the next animation frame, after the browser's own layout: scrolling inside the effect
    // forces a layout of the newly rendered panels within React's commit (a loaded form's).
    const frame = requestAnimationFrame(() => {
      const element = box.current?.querySelector(`[data-endpoint-id="${CSS.escape(revealId)}"]`);
      element?.scrollIntoView?.({ block: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, [revealId, revealNonce, revealShown]);
  return (
    <div className="gen-list" ref={box} data-testid="endpoint-list">
      {shown.map((id) => (
        <div className="gen-list-item" key={id}>
          <EndpointPanel store={store} id={id} onDuplicate={onDuplicate} onRemove={onRemove} />
        </div>
      ))}
    </div>
  );
}

function VirtualList({
  store,
  order,
  onDuplicate,
  onRemove,
  revealId,
  revealNonce,
}: EndpointListProps & { order: readonly string[] }) {
  const box = useRef<HTMLDivElement>(null);
  // The virtualizer is a mutable object by design; this component is not compiler-memoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => box.current,
    estimateSize: (index) => {
      const id = order[index];
      return id !== undefined && store.isCollapsed(id) ? COLLAPSED_ESTIMATE : EXPANDED_ESTIMATE;
    },
    getItemKey: (index) => order[index] ?? index,
    overscan: 6,
    observeElementRect: observeRectOnceLaidOut,
    scrollToFn: scrollOnceLaidOut,
    initialRect: initialRect(),
    // Panels are heavy: a measured size is applied in the next render, not in a synchronous one
    // inside the measuring (flushSync made opening a Stripe endpoint one task of 60–130 ms).
    useFlushSync: false,
    // A panel that just mounted is not measured on the spot (offsetHeight forces a layout of
    // the page inside React's commit); it keeps its known or estimated size until the
    // ResizeObserver reports the laid-out one, after the browser's own layout.
    measureElement: (element, entry, instance) => {
      const box = entry?.borderBoxSize?.[0];
      if (box) return Math.round(box.blockSize);
      const index = instance.indexFromElement(element);
      return (
        instance.itemSizeCache.get(order[index] ?? index) ?? instance.options.estimateSize(index)
      );
    },
  });
  useEffect(() => {
    if (revealId === undefined) return;
    const index = order.indexOf(revealId);
    if (index < 0) return;
    // The panel's head at the top: an opened (expanded) panel is read from its start. In the
    // next frame: the scroll's bounds are read from the page (its scrollHeight), which inside
    // React's commit of a loaded form forced a layout of 10–55 ms.
    const frame = requestAnimationFrame(() => virtualizer.scrollToIndex(index, { align: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [revealId, revealNonce, order, virtualizer]);
  const items = virtualizer.getVirtualItems();
  return (
    <div className="gen-list gen-list-virtual" ref={box} data-testid="endpoint-list">
      <div className="gen-list-sizer" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const id = order[item.index];
          if (id === undefined) return null;
          return (
            <div
              key={item.key}
              className="gen-list-item gen-list-item-virtual"
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <EndpointPanel store={store} id={id} onDuplicate={onDuplicate} onRemove={onRemove} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The endpoint panels; virtualised for long lists (a 468-operation import stays responsive). */
export const EndpointList = memo(function EndpointList(props: EndpointListProps) {
  const order = useOrder(props.store);
  // A long list follows a render of lower priority: a loaded form's panels are committed after
  // the rest of the page's new state, not in the same task (the two were 80–115 ms CPU).
  const deferred = useDeferredValue(order);
  return order.length > VIRTUALIZE_ABOVE ? (
    <VirtualList {...props} order={deferred} />
  ) : (
    <PlainList {...props} order={order} />
  );
});
