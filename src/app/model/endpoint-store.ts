/**
 * The generator's form state, normalised so that one keystroke in one panel costs O(1): endpoints
 * by id, an order array, and per-id subscriptions. A panel re-renders only when its own endpoint,
 * issues or collapsed flag change; the list re-renders only when the order changes.
 */
import { useCallback, useSyncExternalStore } from 'react';
import {
  applyToView,
  type Endpoint,
  type EndpointCommand,
  type EndpointIssue,
  type OpenApiDialect,
  type ValidationReport,
  sameIssues,
} from '../../shared/openapi';
import { TouchedFields } from './touched';

type Listener = () => void;

const NO_ISSUES: readonly EndpointIssue[] = Object.freeze([]);

export interface Snapshot {
  endpoints: Endpoint[];
  collapsed: string[];
}

export class EndpointStore {
  /** Fields of new endpoints the user has touched (a calm start). */
  readonly touched = new TouchedFields();
  private order: readonly string[] = [];
  private byId = new Map<string, Endpoint>();
  private issues = new Map<string, readonly EndpointIssue[]>();
  private collapsed = new Set<string>();
  private report: ValidationReport | undefined;
  /** The order {@link report} was spread over (a panel added since has its issues to take). */
  private reportOrder: readonly string[] = [];
  /** Bumped on every content change (not on issues or collapse): drives validation and saving. */
  private revision = 0;
  /** Revision at the last Generate or Load: anything newer is "unsaved". */
  private savedRevision = 0;

  private idListeners = new Map<string, Set<Listener>>();
  private orderListeners = new Set<Listener>();
  private changeListeners = new Set<Listener>();
  private reportListeners = new Set<Listener>();
  private collapseListeners = new Set<Listener>();

  constructor(endpoints: Endpoint[] = [], collapsed: Iterable<string> = []) {
    this.setAll(endpoints, collapsed, false);
  }

  // ---- reading ----
  getOrder = (): readonly string[] => this.order;
  getEndpoint = (id: string): Endpoint | undefined => this.byId.get(id);
  getIssues = (id: string): readonly EndpointIssue[] => this.issues.get(id) ?? NO_ISSUES;
  isCollapsed = (id: string): boolean => this.collapsed.has(id);
  getReport = (): ValidationReport | undefined => this.report;
  getRevision = (): number => this.revision;
  get size(): number {
    return this.order.length;
  }
  /** Endpoints in display order. */
  list(): Endpoint[] {
    const out: Endpoint[] = [];
    for (const id of this.order) {
      const endpoint = this.byId.get(id);
      if (endpoint) out.push(endpoint);
    }
    return out;
  }
  snapshot(): Snapshot {
    return { endpoints: this.list(), collapsed: this.order.filter((id) => this.collapsed.has(id)) };
  }
  /** Whether the list holds edits made after the last Generate or Load. */
  hasUnsavedChanges(): boolean {
    return this.order.length > 0 && this.revision !== this.savedRevision;
  }
  markSaved(): void {
    this.savedRevision = this.revision;
  }

  // ---- subscribing ----
  subscribeId = (id: string, listener: Listener): (() => void) => {
    let set = this.idListeners.get(id);
    if (!set) {
      set = new Set();
      this.idListeners.set(id, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.idListeners.delete(id);
    };
  };
  subscribeOrder = (listener: Listener): (() => void) => {
    this.orderListeners.add(listener);
    return () => this.orderListeners.delete(listener);
  };
  /** Content changes (debounced validation and saving hang here). */
  subscribeChange = (listener: Listener): (() => void) => {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  };
  /** A panel collapsed or expanded (kept in the workspace's view state). */
  subscribeCollapsed = (listener: Listener): (() => void) => {
    this.collapseListeners.add(listener);
    return () => this.collapseListeners.delete(listener);
  };
  subscribeReport = (listener: Listener): (() => void) => {
    this.reportListeners.add(listener);
    return () => this.reportListeners.delete(listener);
  };

  private emitId(id: string): void {
    const set = this.idListeners.get(id);
    if (set) for (const listener of [...set]) listener();
  }
  private emitOrder(): void {
    for (const listener of [...this.orderListeners]) listener();
  }
  private emitChange(): void {
    this.revision++;
    for (const listener of [...this.changeListeners]) listener();
  }

  // ---- writing ----
  /** Replaces the whole list (Load, restore). */
  setAll(endpoints: Endpoint[], collapsed: Iterable<string> = [], notify = true): void {
    const previous = this.order;
    this.byId = new Map(endpoints.map((e) => [e.id, e]));
    this.order = endpoints.map((e) => e.id);
    this.collapsed = new Set(collapsed);
    this.issues = new Map();
    this.report = undefined;
    if (!notify) return;
    for (const id of previous) this.emitId(id);
    this.emitOrder();
    this.emitChange();
    for (const listener of [...this.reportListeners]) listener();
  }

  add(endpoint: Endpoint, afterId?: string): void {
    this.byId.set(endpoint.id, endpoint);
    const at = afterId === undefined ? -1 : this.order.indexOf(afterId);
    const order = [...this.order];
    if (at < 0) order.push(endpoint.id);
    else order.splice(at + 1, 0, endpoint.id);
    this.order = order;
    this.emitOrder();
    this.emitChange();
  }

  /** Adds an endpoint at `index` of the order (the end when past it). */
  insert(endpoint: Endpoint, index: number): void {
    this.byId.set(endpoint.id, endpoint);
    const order = [...this.order];
    order.splice(Math.max(0, Math.min(index, order.length)), 0, endpoint.id);
    this.order = order;
    this.emitOrder();
    this.emitChange();
  }

  /** Moves endpoint `id` to `index` of the order; answers whether it moved. */
  move(id: string, index: number): boolean {
    const from = this.order.indexOf(id);
    if (from < 0) return false;
    const order = this.order.filter((x) => x !== id);
    const to = Math.max(0, Math.min(index, order.length));
    if (to === from) return false;
    order.splice(to, 0, id);
    this.order = order;
    this.emitOrder();
    this.emitChange();
    return true;
  }

  remove(id: string): void {
    if (!this.byId.delete(id)) return;
    this.order = this.order.filter((x) => x !== id);
    this.issues.delete(id);
    this.collapsed.delete(id);
    this.emitId(id);
    this.emitOrder();
    this.emitChange();
  }

  update(id: string, change: (endpoint: Endpoint) => Endpoint): void {
    const current = this.byId.get(id);
    if (!current) return;
    const next = change(current);
    if (next === current) return;
    this.byId.set(id, next);
    this.emitId(id);
    this.emitChange();
  }

  /**
   * Edits the cached views by commands, with the function the worker's session runs
   * (applyToView), so the form shows an edit at once and the same as the worker will have it.
   * Answers each command that changed a view, with the view it was made on and the one it made;
   * a command that does not apply (its target gone meanwhile) changes nothing.
   */
  applyCommands(
    commands: readonly EndpointCommand[],
    dialect: OpenApiDialect,
  ): { command: EndpointCommand; before: Endpoint; after: Endpoint }[] {
    const applied: { command: EndpointCommand; before: Endpoint; after: Endpoint }[] = [];
    for (const command of commands) {
      const before = this.byId.get(command.endpointId);
      if (before === undefined) continue;
      let after: Endpoint;
      try {
        after = applyToView(before, command, dialect);
      } catch (error) {
        console.warn(error);
        continue;
      }
      if (after === before) continue;
      this.update(before.id, () => after);
      applied.push({ command, before, after });
    }
    return applied;
  }

  /**
   * Puts `next` in the place of endpoint `id` (the worker re-read it under another id: its path
   * and method are the same, its id now comes from them). Its collapsed state follows.
   */
  replace(id: string, next: Endpoint): void {
    if (id === next.id) {
      this.update(id, () => next);
      return;
    }
    if (!this.byId.has(id) || this.byId.has(next.id)) return;
    this.byId.delete(id);
    this.byId.set(next.id, next);
    this.order = this.order.map((x) => (x === id ? next.id : x));
    const issues = this.issues.get(id);
    this.issues.delete(id);
    if (issues !== undefined) this.issues.set(next.id, issues);
    if (this.collapsed.delete(id)) this.collapsed.add(next.id);
    this.emitId(id);
    this.emitOrder();
    this.emitChange();
  }

  setCollapsed(id: string, collapsed: boolean): void {
    if (this.collapsed.has(id) === collapsed) return;
    if (collapsed) this.collapsed.add(id);
    else this.collapsed.delete(id);
    this.emitId(id);
    for (const listener of [...this.collapseListeners]) listener();
  }

  /** Applies a validation report; only panels whose issues changed are notified. */
  setReport(report: ValidationReport): void {
    // The bridge hands out the same report while nothing in it changed (most keystrokes): over
    // the same order, nobody has anything new to show, and the page is not rendered again.
    if (report === this.report && this.order === this.reportOrder) return;
    this.report = report;
    this.reportOrder = this.order;
    for (const id of this.order) {
      const next = report.issues[id] ?? NO_ISSUES;
      const prev = this.issues.get(id) ?? NO_ISSUES;
      if (!sameIssues(prev, next)) {
        this.issues.set(id, next.length === 0 ? NO_ISSUES : next);
        this.emitId(id);
      }
    }
    for (const listener of [...this.reportListeners]) listener();
  }
}

export function useOrder(store: EndpointStore): readonly string[] {
  return useSyncExternalStore(store.subscribeOrder, store.getOrder);
}

export function useEndpoint(store: EndpointStore, id: string): Endpoint | undefined {
  const subscribe = useCallback((l: Listener) => store.subscribeId(id, l), [store, id]);
  return useSyncExternalStore(subscribe, () => store.getEndpoint(id));
}

export function useIssues(store: EndpointStore, id: string): readonly EndpointIssue[] {
  const subscribe = useCallback((l: Listener) => store.subscribeId(id, l), [store, id]);
  return useSyncExternalStore(subscribe, () => store.getIssues(id));
}

export function useCollapsed(store: EndpointStore, id: string): boolean {
  const subscribe = useCallback((l: Listener) => store.subscribeId(id, l), [store, id]);
  return useSyncExternalStore(subscribe, () => store.isCollapsed(id));
}

export function useReport(store: EndpointStore): ValidationReport | undefined {
  return useSyncExternalStore(store.subscribeReport, store.getReport);
}
