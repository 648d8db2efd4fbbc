/**
 * Copy-on-write editing of plain JSON data: the next document is built from the source value
 * without touching it, and every subtree that no edit reaches stays the SAME object, so the
 * text renderer (SourceText.render) can skip it with one `===`.
 */
import { isObject, type JsonObject } from '../openapi-common';

export { deepEqual } from './values';

/** A path into the document: object keys and array indexes. */
export type Tokens = readonly (string | number)[];

export class Draft {
  private value: unknown;
  /** Containers created by this draft: safe to change in place. */
  private readonly owned = new WeakSet<object>();

  constructor(base: unknown) {
    this.value = base;
  }

  /** The document as edited so far. */
  get root(): unknown {
    return this.value;
  }

  /** The value at `tokens`, or undefined. */
  get(tokens: Tokens): unknown {
    let current = this.value;
    for (const token of tokens) {
      if (Array.isArray(current) && typeof token === 'number') current = current[token];
      else if (isObject(current) && typeof token === 'string' && Object.hasOwn(current, token))
        current = current[token];
      else return undefined;
    }
    return current;
  }

  has(tokens: Tokens): boolean {
    if (tokens.length === 0) return true;
    const parent = this.get(tokens.slice(0, -1));
    const last = tokens[tokens.length - 1] as string | number;
    if (Array.isArray(parent)) return typeof last === 'number' && last < parent.length;
    return isObject(parent) && typeof last === 'string' && Object.hasOwn(parent, last);
  }

  /** Sets the value at `tokens`, creating missing objects on the way (appended at their end). */
  set(tokens: Tokens, value: unknown): void {
    if (tokens.length === 0) {
      this.value = value;
      return;
    }
    const parent = this.writable(tokens.slice(0, -1), true);
    const last = tokens[tokens.length - 1] as string | number;
    if (Array.isArray(parent)) parent[last as number] = value;
    else
      Object.defineProperty(parent, last, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }

  /** Removes the key or array item at `tokens` (no-op when absent). */
  delete(tokens: Tokens): void {
    if (!this.has(tokens)) return;
    const parent = this.writable(tokens.slice(0, -1), false);
    const last = tokens[tokens.length - 1] as string | number;
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete (parent as JsonObject)[last as string];
  }

  /** Renames a key in place, keeping its position among its siblings. */
  renameKey(parentTokens: Tokens, from: string, to: string): void {
    const parent = this.get(parentTokens);
    if (!isObject(parent) || !Object.hasOwn(parent, from) || from === to) return;
    const next: JsonObject = {};
    for (const key of Object.keys(parent)) {
      const target = key === from ? to : key;
      if (key !== from && key === to) continue; // the renamed entry takes the place of `to`
      Object.defineProperty(next, target, {
        value: parent[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    this.owned.add(next);
    this.set(parentTokens, next);
  }

  /** Marks a freshly built container as the draft's own (it may be changed in place). */
  own<T>(value: T): T {
    if (value !== null && typeof value === 'object') this.owned.add(value);
    return value;
  }

  /** The container at `tokens`, copied (once) so that it may be changed. */
  private writable(tokens: Tokens, create: boolean): JsonObject | unknown[] {
    let current = this.value;
    if (!this.isOwned(current)) {
      current = this.copy(current, create);
      this.value = current;
    }
    for (const token of tokens) {
      const parent = current as JsonObject | unknown[];
      let child = Array.isArray(parent)
        ? parent[token as number]
        : Object.hasOwn(parent, token as string)
          ? parent[token as string]
          : undefined;
      if (!this.isOwned(child)) {
        child = this.copy(child, create);
        if (Array.isArray(parent)) parent[token as number] = child;
        else
          Object.defineProperty(parent, token as string, {
            value: child,
            enumerable: true,
            writable: true,
            configurable: true,
          });
      }
      current = child;
    }
    return current as JsonObject | unknown[];
  }

  private isOwned(value: unknown): boolean {
    return value !== null && typeof value === 'object' && this.owned.has(value);
  }

  private copy(value: unknown, create: boolean): JsonObject | unknown[] {
    let copy: JsonObject | unknown[];
    if (Array.isArray(value)) copy = [...(value as unknown[])];
    else if (isObject(value)) copy = { ...value };
    else if (create) copy = {};
    else throw new Error('Draft: no container on the path');
    this.owned.add(copy);
    return copy;
  }
}
