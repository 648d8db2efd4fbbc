import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every message used by the public content pages must have a Russian translation. */
const OWNED = /src\/app\/(pages\/(landing|pricing|legal|contacts)\/|api\/(products|orders)\.ts)/;

function entries(locale: string): { id: string; str: string; refs: string[] }[] {
  const po = readFileSync(resolve(process.cwd(), `locales/${locale}/messages.po`), 'utf8');
  return po
    .split(/\n\n+/)
    .map((block) => {
      const id = /^msgid "((?:[^"\\]|\\.)*)"$/m.exec(block)?.[1];
      const str = /^msgstr "((?:[^"\\]|\\.)*)"$/m.exec(block)?.[1];
      const refs = [...block.matchAll(/^#: (.+)$/gm)].map((m) => m[1] ?? '');
      return id === undefined || str === undefined ? undefined : { id, str, refs };
    })
    .filter((e): e is { id: string; str: string; refs: string[] } => !!e && e.id !== '');
}

describe('Russian catalog', () => {
  const ours = entries('ru').filter((e) => e.refs.some((r) => OWNED.test(r)));

  it('covers the content pages', () => {
    expect(ours.length).toBeGreaterThan(150);
  });

  it('translates every message of the content pages', () => {
    expect(ours.filter((e) => e.str === '').map((e) => e.id)).toEqual([]);
  });

  it('keeps every placeholder and tag of the English message', () => {
    const tokens = (s: string) => (s.match(/\{\w+\}|<\/?\d+\/?>/g) ?? []).sort();
    const broken = ours.filter(
      (e) => !e.id.includes('plural') && tokens(e.id).join() !== tokens(e.str).join(),
    );
    expect(broken.map((e) => e.id)).toEqual([]);
  });
});
