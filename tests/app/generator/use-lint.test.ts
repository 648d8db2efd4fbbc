/**
 * The page's lint wiring (generator/useLint.ts): the document worker's changes drive one lint
 * client (here Spectral on this thread), whose answers say which text they are of, and whether
 * a newer text is still being checked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LintClient } from '../../../src/app/core/lint-client';
import type { DocumentChange } from '../../../src/app/core/generator-client';
import { LINT_MAX_CHARS, LintWiring, type LintState } from '../../../src/app/generator/useLint';

const doc = (paths: string) => `openapi: 3.0.1\ninfo:\n  title: T\n  version: v1\npaths:\n${paths}`;
const GOOD = doc('  /a:\n    get:\n      responses:\n        "200":\n          description: OK\n');
const NO_RESPONSES = doc('  /a:\n    get:\n      responses: {}\n');

/** A document worker stand-in: its text, its revision, and a way to say it changed. */
function fakeDocument(initial: string) {
  let text = initial;
  let revision = 1;
  const listeners = new Set<(change: DocumentChange) => void>();
  return {
    onDocumentChange(listener: (change: DocumentChange) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    documentText: vi.fn(() => Promise.resolve({ text, revision })),
    edit(next: string, change: DocumentChange) {
      text = next;
      revision += 1;
      for (const listener of listeners) listener(change);
    },
  };
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

function wire(initial: string) {
  const document = fakeDocument(initial);
  const states: LintState[] = [];
  const client = new LintClient(() => undefined);
  const wiring = new LintWiring(document, client, (state) => states.push(state));
  stop = wiring.start();
  const last = () => states[states.length - 1];
  const settled = () =>
    vi.waitFor(
      () => {
        const state = last();
        if (state === undefined || state.pending || state.answer === undefined) {
          throw new Error('still checking');
        }
        return state;
      },
      { timeout: 30_000, interval: 20 },
    );
  return { document, wiring, states, last, settled };
}

describe('the lint wiring', () => {
  it('lints the open document once the ruleset is set, and blocks on our own errors', async () => {
    const { wiring, settled } = wire(NO_RESPONSES);
    wiring.setRuleset('');
    const state = await settled();
    expect(state.text).toBe(NO_RESPONSES);
    expect(state.answer?.mode).toBe('full');
    expect(state.answer?.canGenerate).toBe(false);
    expect(state.answer?.findings.map((finding) => finding.code)).toContain('NO_RESPONSES');
  }, 60_000);

  it('does not lint a text over the limit: it says its length, and drops the older answer', async () => {
    const { wiring, document, settled, last } = wire(NO_RESPONSES);
    wiring.setRuleset('');
    await settled();
    const huge = NO_RESPONSES + `# ${'x'.repeat(LINT_MAX_CHARS)}\n`;
    document.edit(huge, { opened: true });
    await vi.waitFor(() => expect(last()?.tooLarge).toBe(huge.length), { timeout: 30_000 });
    expect(last()).toMatchObject({ pending: false, answer: undefined, text: undefined });
    // No lint of it answers later either.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(last()?.answer).toBeUndefined();
    // A text back under the limit is linted again.
    document.edit(GOOD, { opened: true });
    const state = await settled();
    expect(state.tooLarge).toBeUndefined();
    expect(state.text).toBe(GOOD);
  }, 60_000);

  it('says an answer is stale while the changed text waits for its lint, then answers it', async () => {
    const { wiring, document, last, settled } = wire(NO_RESPONSES);
    wiring.setRuleset('');
    const first = await settled();
    document.edit(GOOD, { opened: false, touchedPaths: ['/a'] });
    // At once: the answer shown is of the text before the change.
    expect(last()?.pending).toBe(true);
    expect(last()?.answer).toBe(first.answer);
    const second = await settled();
    expect(second.text).toBe(GOOD);
    expect(second.answer?.mode).toBe('partial');
    expect(second.answer?.canGenerate).toBe(true);
    expect(second.answer!.revision).toBeGreaterThan(first.answer!.revision);
  }, 60_000);

  it('keeps its lint revisions growing when the document worker counts anew', async () => {
    const { wiring, document, settled } = wire(GOOD);
    wiring.setRuleset('');
    const first = await settled();
    // A text opened in a fresh worker: the document's revision starts over.
    document.documentText.mockImplementation(() =>
      Promise.resolve({ text: NO_RESPONSES, revision: 0 }),
    );
    document.edit(NO_RESPONSES, { opened: true });
    const second = await settled();
    expect(second.text).toBe(NO_RESPONSES);
    expect(second.answer!.revision).toBeGreaterThan(first.answer!.revision);
    expect(second.answer?.canGenerate).toBe(false);
  }, 60_000);

  it('says a refused ruleset plainly and lints under the rules in force', async () => {
    const { wiring, settled } = wire(NO_RESPONSES);
    wiring.setRuleset('extends:\n  - https://example.com/ruleset.yaml\n');
    const state = await settled();
    expect(state.rulesetError?.code).toBe('RULESET_REFUSED');
    expect(state.answer?.findings.map((finding) => finding.code)).toContain('NO_RESPONSES');
  }, 60_000);

  it('applies a ruleset that turns a rule off, and lints the whole text again', async () => {
    const { wiring, settled, states } = wire(NO_RESPONSES);
    wiring.setRuleset('');
    await settled();
    const before = states.length;
    wiring.setRuleset('extends:\n  - spectral:oas\n  - specform\nrules:\n  NO_RESPONSES: off\n');
    await vi.waitFor(() => expect(states.length).toBeGreaterThan(before + 1));
    const state = await settled();
    expect(state.rulesetError).toBeUndefined();
    expect(state.answer?.mode).toBe('full');
    expect(state.answer?.findings.map((finding) => finding.code)).not.toContain('NO_RESPONSES');
    expect(state.answer?.canGenerate).toBe(true);
  }, 60_000);
});
