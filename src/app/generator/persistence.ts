/**
 * "Nothing lost" (issue 5): the form is saved to localStorage as the user types (debounced) and
 * restored on reload. Each endpoint's JSON is cached per object, so a keystroke re-serialises one
 * endpoint, not the whole list.
 */
import type { Endpoint } from '../../shared';
import type { EndpointStore } from './endpoint-store';

export const FORM_STORAGE_KEY = 'specform.generator.form.v1';
/** Debounce of saving while typing. */
export const SAVE_DEBOUNCE_MS = 400;

interface Saved {
  v: 1;
  endpoints: Endpoint[];
  collapsed: string[];
}

function isEndpointLike(value: unknown): value is Endpoint {
  if (!value || typeof value !== 'object') return false;
  const e = value as Partial<Endpoint>;
  return (
    typeof e.id === 'string' &&
    typeof e.method === 'string' &&
    typeof e.path === 'string' &&
    Array.isArray(e.parameters) &&
    Array.isArray(e.responses)
  );
}

/** The saved form, if there is a readable one. */
export function loadSavedForm(
  storage: Storage | undefined = globalThis.localStorage,
): Saved | undefined {
  try {
    const raw = storage?.getItem(FORM_STORAGE_KEY);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<Saved>;
    if (value.v !== 1 || !Array.isArray(value.endpoints)) return undefined;
    const endpoints = value.endpoints.filter(isEndpointLike).map((e) => ({
      ...e,
      summary: typeof e.summary === 'string' ? e.summary : '',
    }));
    const collapsed = Array.isArray(value.collapsed)
      ? value.collapsed.filter((x): x is string => typeof x === 'string')
      : [];
    return { v: 1, endpoints, collapsed };
  } catch {
    return undefined;
  }
}

const cache = new WeakMap<Endpoint, string>();

function endpointJson(endpoint: Endpoint): string {
  let json = cache.get(endpoint);
  if (json === undefined) {
    json = JSON.stringify(endpoint);
    cache.set(endpoint, json);
  }
  return json;
}

/** Writes the store now; false when storage refuses (full or missing). */
export function saveForm(
  store: EndpointStore,
  storage: Storage | undefined = globalThis.localStorage,
): boolean {
  if (!storage) return false;
  const { endpoints, collapsed } = store.snapshot();
  const text = `{"v":1,"collapsed":${JSON.stringify(collapsed)},"endpoints":[${endpoints.map(endpointJson).join(',')}]}`;
  try {
    storage.setItem(FORM_STORAGE_KEY, text);
    return true;
  } catch {
    // Over quota (a very large import): keep the last save rather than a broken one.
    return false;
  }
}

/** Saves the store after each burst of changes; returns the unsubscribe. */
export function autoSave(
  store: EndpointStore,
  storage: Storage | undefined = globalThis.localStorage,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    saveForm(store, storage);
  };
  const unsubscribe = store.subscribeChange(() => {
    clearTimeout(timer);
    timer = setTimeout(flush, SAVE_DEBOUNCE_MS);
  });
  const onHide = () => {
    if (timer !== undefined) flush();
  };
  globalThis.addEventListener?.('pagehide', onHide);
  return () => {
    unsubscribe();
    globalThis.removeEventListener?.('pagehide', onHide);
    if (timer !== undefined) flush();
  };
}
