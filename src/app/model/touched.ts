/**
 * A calm start: which fields of a new endpoint the user has touched (changed,
 * or entered and left). A problem of an endpoint made in the form shows once its field was
 * touched; until then it is only the reason Generate gives for being disabled. Endpoints loaded,
 * imported or duplicated show every problem: the user did not type them, they are news.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { Endpoint, EndpointIssue } from '../../shared/openapi';

type Listener = () => void;

/** The key that stands for "any field": issues of the endpoint as a whole. */
const ANY = '*';

/**
 * Whether an issue's field is a control of its own (a path, a name, a code). Issues of the
 * endpoint as a whole (a duplicate, no responses, the operation ID) show once any of it was
 * touched.
 */
function ownField(field: string): boolean {
  return (
    field === 'path' ||
    field === 'requestBody.name' ||
    field.startsWith('parameters.') ||
    /^responses\.\d+\./.test(field)
  );
}

/** The part a field is in: `responses.0` for `responses.0.body.name`, `requestBody`. */
function groupOf(field: string): string {
  const response = /^responses\.\d+/.exec(field);
  if (response !== null) return response[0];
  return field.split('.')[0] ?? field;
}

export class TouchedFields {
  /** Endpoints made in the form, not touched everywhere yet. */
  private fresh = new Set<string>();
  private touched = new Map<string, Set<string>>();
  private version = 0;
  private listeners = new Set<Listener>();
  private idListeners = new Map<string, Set<Listener>>();
  private idVersions = new Map<string, number>();

  /** Marks endpoints made in the form (a new one, or the one a page starts with). */
  markFresh(ids: Iterable<string>): void {
    for (const id of ids) this.fresh.add(id);
  }

  /**
   * Marks the endpoints a page starts with that nobody has begun yet (no path): the starting
   * endpoint, also after a reload.
   */
  markBlank(endpoints: Iterable<Endpoint>): void {
    for (const endpoint of endpoints) {
      if (endpoint.path.trim() === '') this.fresh.add(endpoint.id);
    }
  }

  /** Records that the user changed or left `field` of endpoint `id`. */
  touch(id: string, field: string): void {
    if (!this.fresh.has(id)) return;
    let fields = this.touched.get(id);
    if (fields === undefined) {
      fields = new Set();
      this.touched.set(id, fields);
    }
    const grew = !fields.has(field) || !fields.has(ANY);
    if (!grew) return;
    fields.add(field).add(ANY);
    this.emit(id);
  }

  /** Whether an issue of endpoint `id` is shown (see the module comment). */
  isShown = (id: string, issue: EndpointIssue): boolean => {
    if (!this.fresh.has(id)) return true;
    const fields = this.touched.get(id);
    if (fields === undefined) return false;
    if (!ownField(issue.field)) return fields.has(ANY);
    return fields.has(issue.field) || fields.has(groupOf(issue.field));
  };

  getVersion = (): number => this.version;
  getIdVersion = (id: string): number => this.idVersions.get(id) ?? 0;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  subscribeId = (id: string, listener: Listener): (() => void) => {
    let set = this.idListeners.get(id);
    if (set === undefined) {
      set = new Set();
      this.idListeners.set(id, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.idListeners.delete(id);
    };
  };

  private emit(id: string): void {
    this.version++;
    this.idVersions.set(id, (this.idVersions.get(id) ?? 0) + 1);
    for (const listener of [...(this.idListeners.get(id) ?? [])]) listener();
    for (const listener of [...this.listeners]) listener();
  }
}

/** Re-renders when anything is touched (the Problems panel). */
export function useTouchedVersion(touched: TouchedFields): number {
  return useSyncExternalStore(touched.subscribe, touched.getVersion);
}

/** Re-renders when a field of endpoint `id` is touched (its panel). */
export function useTouchedIdVersion(touched: TouchedFields, id: string): number {
  const subscribe = useCallback((l: Listener) => touched.subscribeId(id, l), [touched, id]);
  return useSyncExternalStore(subscribe, () => touched.getIdVersion(id));
}
