/**
 * Random copy-on-write edits of JSON data, for property tests of document rendering: set a
 * value, delete/insert/rename a key, push/remove an array item. Untouched subtrees stay the
 * same objects, as the form's edits leave them.
 */
import fc from 'fast-check';

export type Path = (string | number)[];

export type EditKind = 'set' | 'deleteKey' | 'insertKey' | 'renameKey' | 'push' | 'removeItem';

/** What an edit seed asks for; applied to whatever the current value is. */
export interface EditSeed {
  kind: EditKind;
  pick: number;
  position: number;
  key: string;
  value: unknown;
}

export interface AppliedEdit {
  kind: EditKind;
  next: unknown;
  /** Path of the edited node: the set/deleted/renamed node, or the container for inserts. */
  path: Path;
  /** Size (in lines, see {@link jsonSize}) of what was removed and what was added. */
  oldSize: number;
  newSize: number;
  /** The new key of a rename. */
  key?: string;
}

const TRICKY_STRINGS = [
  'yes',
  'No',
  'on',
  'OFF',
  'y',
  'n',
  'true',
  'False',
  'null',
  '~',
  '',
  ' ',
  '012',
  '0o12',
  '1_000',
  '1:20',
  '.5',
  '+1',
  '1e3',
  '.inf',
  '-.Inf',
  '.NaN',
  '0x1F',
  '2001-12-14',
  '2001-12-14T21:59:43Z',
  '12:30',
  '- dash',
  '? q',
  ': c',
  'a: b',
  'a #b',
  '#c',
  '&a',
  '*a',
  '!t',
  '|',
  '>',
  "'",
  '"',
  '%x',
  '@x',
  '`x',
  ' lead',
  'trail ',
  'multi\nline',
  'end\n',
  'two\n\n',
  '\nlead',
  'tab\there',
  'ünï ✓ 日本',
  '😀',
  '[x]',
  '{y}',
  'a, b',
  'x:y',
  'null ',
  '<<',
  '=',
  'line\r\nwin',
  '\u2028sep',
  'ctl\u0001',
  '  indented\nblock',
  'a\n  b\n',
];

export const keyArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TRICKY_STRINGS.filter((s) => !s.includes('\n') && !s.includes('\r'))),
  fc.string({ maxLength: 8 }),
  fc.stringMatching(/^[a-z][a-zA-Z0-9_/{}.-]{0,10}$/),
);

export const scalarArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...TRICKY_STRINGS),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? 0 : d)),
  fc.boolean(),
  fc.constant(null),
);

export const jsonArbitrary: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarArbitrary,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(keyArbitrary, tie('value'), { maxKeys: 4, noNullPrototype: true }),
  ),
})).value;

/** A document root: an object with a few keys (like an OpenAPI document). */
export const documentArbitrary: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  keyArbitrary,
  jsonArbitrary,
  { minKeys: 1, maxKeys: 6, noNullPrototype: true },
);

export const editSeedArbitrary: fc.Arbitrary<EditSeed> = fc.record({
  kind: fc.constantFrom<EditKind>(
    'set',
    'deleteKey',
    'insertKey',
    'renameKey',
    'push',
    'removeItem',
  ),
  pick: fc.nat(),
  position: fc.nat(),
  key: keyArbitrary,
  value: fc.oneof(scalarArbitrary, jsonArbitrary),
});

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Lines a value takes at most in block YAML or pretty JSON (plus lines inside strings). */
export function jsonSize(value: unknown): number {
  if (value === undefined) return 0;
  const text = JSON.stringify(value, null, 1);
  let lines = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lines++;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') lines += v.split('\n').length - 1 + v.split('\r').length - 1;
    else if (Array.isArray(v)) stack.push(...(v as unknown[]));
    else if (isObject(v)) stack.push(...Object.values(v));
  }
  return lines;
}

interface Listed {
  value: unknown;
  parent: number;
  key: string | number;
}

/** A node of {@link listNodes}: its value and (computed on demand) its path. */
export interface NodeRef {
  value: unknown;
  path: Path;
}

/** Every node of `root` (iterative; paths are built only for the node picked). */
export function listNodes(root: unknown): {
  count: number;
  at: (i: number) => NodeRef;
  all: Listed[];
} {
  const all: Listed[] = [{ value: root, parent: -1, key: '' }];
  for (let i = 0; i < all.length; i++) {
    const v = (all[i] as Listed).value;
    if (Array.isArray(v)) v.forEach((item, k) => all.push({ value: item, parent: i, key: k }));
    else if (isObject(v))
      for (const k of Object.keys(v)) all.push({ value: v[k], parent: i, key: k });
  }
  const at = (i: number): NodeRef => {
    const path: Path = [];
    for (let n = i; n > 0; n = (all[n] as Listed).parent) path.unshift((all[n] as Listed).key);
    return { value: (all[i] as Listed).value, path };
  };
  return { count: all.length, at, all };
}

/** Copy-on-write update of the node at `path` (key order kept). */
export function updateIn(root: unknown, path: Path, fn: (value: unknown) => unknown): unknown {
  if (path.length === 0) return fn(root);
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = root.slice();
    copy[head as number] = updateIn(root[head as number], rest, fn);
    return copy;
  }
  const obj = root as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(obj)) out[k] = k === head ? updateIn(obj[k], rest, fn) : obj[k];
  return out;
}

export function getIn(root: unknown, path: Path): unknown {
  let v = root;
  for (const p of path) v = (v as Record<string | number, unknown>)[p];
  return v;
}

export function toPointer(path: Path): string {
  return path.map((p) => '/' + String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** Applies one edit seed to `root`; undefined when nothing fits (e.g. no array to push to). */
export function applyEdit(root: unknown, seed: EditSeed): AppliedEdit | undefined {
  const listed = listNodes(root);
  const indices = (test: (value: unknown) => boolean): number[] => {
    const out: number[] = [];
    listed.all.forEach((n, i) => {
      if (test(n.value)) out.push(i);
    });
    return out;
  };
  const pickFrom = (list: number[]): NodeRef | undefined =>
    list.length === 0 ? undefined : listed.at(list[seed.pick % list.length] as number);
  const objects = indices(isObject);
  const arrays = indices(Array.isArray);
  switch (seed.kind) {
    case 'set': {
      const node = pickFrom(Array.from({ length: listed.count - 1 }, (_, i) => i + 1));
      if (node === undefined) return undefined;
      return {
        kind: seed.kind,
        next: updateIn(root, node.path, () => seed.value),
        path: node.path,
        oldSize: jsonSize(node.value),
        newSize: jsonSize(seed.value),
      };
    }
    case 'deleteKey': {
      const node = pickFrom(
        objects.filter((i) => Object.keys(listed.all[i]?.value as object).length > 0),
      );
      if (node === undefined) return undefined;
      const obj = node.value as Record<string, unknown>;
      const keys = Object.keys(obj);
      const key = keys[seed.position % keys.length] as string;
      return {
        kind: seed.kind,
        next: updateIn(root, node.path, () => {
          const out: Record<string, unknown> = {};
          for (const k of keys) if (k !== key) out[k] = obj[k];
          return out;
        }),
        path: [...node.path, key],
        oldSize: jsonSize(obj[key]) + 1,
        newSize: 1,
      };
    }
    case 'insertKey':
    case 'renameKey': {
      const node = pickFrom(objects);
      if (node === undefined) return undefined;
      const obj = node.value as Record<string, unknown>;
      if (Object.hasOwn(obj, seed.key) || seed.key === '__proto__') return undefined;
      const keys = Object.keys(obj);
      if (seed.kind === 'renameKey') {
        if (keys.length === 0) return undefined;
        const from = keys[seed.position % keys.length] as string;
        return {
          kind: seed.kind,
          next: updateIn(root, node.path, () => {
            const out: Record<string, unknown> = {};
            for (const k of keys) out[k === from ? seed.key : k] = obj[k];
            return out;
          }),
          path: [...node.path, from],
          oldSize: jsonSize(obj[from]) + 1,
          newSize: jsonSize(obj[from]) + 1,
          key: seed.key,
        };
      }
      const at = seed.position % (keys.length + 1);
      return {
        kind: seed.kind,
        next: updateIn(root, node.path, () => {
          const out: Record<string, unknown> = {};
          keys.forEach((k, i) => {
            if (i === at) out[seed.key] = seed.value;
            out[k] = obj[k];
          });
          if (at === keys.length) out[seed.key] = seed.value;
          return out;
        }),
        path: node.path,
        oldSize: 1,
        newSize: jsonSize(seed.value) + 1,
      };
    }
    case 'push': {
      const node = pickFrom(arrays);
      if (node === undefined) return undefined;
      return {
        kind: seed.kind,
        next: updateIn(root, node.path, (v) => [...(v as unknown[]), seed.value]),
        path: node.path,
        oldSize: 1,
        newSize: jsonSize(seed.value) + 1,
      };
    }
    case 'removeItem': {
      const node = pickFrom(arrays.filter((i) => (listed.all[i]?.value as unknown[]).length > 0));
      if (node === undefined) return undefined;
      const list = node.value as unknown[];
      const index = seed.position % list.length;
      return {
        kind: seed.kind,
        next: updateIn(root, node.path, () => list.filter((_, i) => i !== index)),
        path: [...node.path, index],
        oldSize: jsonSize(list[index]) + 1,
        newSize: 1,
      };
    }
  }
}
