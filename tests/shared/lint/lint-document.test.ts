/**
 * The lint worker reads the document's text from the document worker (lintDocument): a text
 * that moved on answers 'stale', and a read from a worker that was replaced (it never answers)
 * ends when the next worker is connected.
 */
import { describe, expect, it } from 'vitest';
import { createLintApi } from '../../../src/shared/openapi/lint/lint-api';
import { textKey } from '../../../src/shared/openapi/lint/text-key';
import type { DocumentTextRef } from '../../../src/shared/openapi/lint/types';

const TEXT =
  'openapi: 3.0.1\ninfo:\n  title: T\n  version: v1\npaths:\n  /a:\n    get:\n      responses: {}\n';

describe('lintDocument', () => {
  it("lints the connected document's text of the revision asked, keyed by that text", async () => {
    const api = createLintApi();
    const asked: DocumentTextRef[] = [];
    api.connectDocument({
      text: (ref) => {
        asked.push(ref);
        return ref.revision === 3 ? TEXT : 'stale';
      },
    });
    const answer = await api.lintDocument({
      revision: 1,
      document: { instance: 'w', revision: 3 },
    });
    expect(asked).toEqual([{ instance: 'w', revision: 3 }]);
    expect(answer.ok && answer.value !== 'stale' && answer.value.textKey).toEqual(textKey(TEXT));
    const stale = await api.lintDocument({ revision: 2, document: { instance: 'w', revision: 2 } });
    expect(stale).toEqual({ ok: true, value: 'stale' });
  });

  it('answers stale with no document connected, and ends a read the next connection replaces', async () => {
    const api = createLintApi();
    expect(
      await api.lintDocument({ revision: 1, document: { instance: 'w', revision: 1 } }),
    ).toEqual({ ok: true, value: 'stale' });
    // A worker that was stopped never answers.
    api.connectDocument({ text: () => new Promise<string>(() => {}) });
    const hung = api.lintDocument({ revision: 2, document: { instance: 'w', revision: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    api.connectDocument({ text: () => TEXT });
    expect(await hung).toEqual({ ok: true, value: 'stale' });
    const next = await api.lintDocument({
      revision: 3,
      document: { instance: 'w2', revision: 1 },
    });
    expect(next.ok && next.value !== 'stale' && next.value.mode).toBe('full');
  });
});
