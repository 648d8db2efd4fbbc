/**
 * Issue 20 point 5 after a reload: which endpoints of a restored form are still exactly as the
 * kept document has them. A small document's form is saved whole, so the identity that marks
 * a view "loaded and untouched" (endpoint-ops' markLoaded) is gone after a reload; the kept text
 * is read again in the worker and every endpoint equal to its view is marked again, so the
 * document's own problems stay warnings (a real document still generates). Large documents
 * restore their views from the worker and are marked there.
 */
import { useEffect } from 'react';
import { sameView, type Endpoint } from '../../shared';
import { isAbortError, type GeneratorClient } from '../core/generator-client';
import { isLoadedAsIs, markLoaded } from './endpoint-ops';
import type { EndpointStore } from './endpoint-store';

/** Documents from this size on restore their views from the worker (see DocumentBase). */
const READ_AGAIN_MAX_CHARS = 200_000;

type Client = Pick<GeneratorClient, 'documentSource' | 'readEndpoints' | 'validateLatest'>;

/** Marks the restored endpoints that equal the kept document's views, then validates again. */
export async function recognizeLoadedViews(
  store: EndpointStore,
  client: Client,
  signal?: AbortSignal,
): Promise<number> {
  const source = client.documentSource;
  if (source === '' || store.list().every(isLoadedAsIs)) return 0;
  const size = typeof source === 'string' ? source.length : source.size;
  if (size >= READ_AGAIN_MAX_CHARS) return 0;
  const text = typeof source === 'string' ? source : await source.text();
  const views: Endpoint[] = await client.readEndpoints(text, signal ? { signal } : undefined);
  if (signal?.aborted) return 0;
  const byId = new Map(views.map((view) => [view.id, view]));
  const found = store.list().filter((endpoint) => {
    if (isLoadedAsIs(endpoint)) return false;
    const view = byId.get(endpoint.id);
    return view !== undefined && sameView(endpoint, view);
  });
  if (found.length === 0) return 0;
  markLoaded(found);
  const report = await client.validateLatest(store.list());
  if (report && !signal?.aborted) store.setReport(report);
  return found.length;
}

/** Runs {@link recognizeLoadedViews} once the restored form and the kept text are there. */
export function useLoadedViews(
  store: EndpointStore,
  client: GeneratorClient,
  sourceReady: Promise<void>,
  restoring: boolean,
): void {
  useEffect(() => {
    if (restoring) return;
    const abort = new AbortController();
    void sourceReady
      .then(() => recognizeLoadedViews(store, client, abort.signal))
      .catch((failure: unknown) => {
        if (!isAbortError(failure)) console.warn('The loaded views were not recognized', failure);
      });
    return () => abort.abort();
  }, [store, client, sourceReady, restoring]);
}
