/**
 * The page's lint wiring (generator/useLint.ts): the document worker's changes drive one lint
 * client (here Spectral on this thread), whose answers say which text they are of, and whether
 * a newer text is still being checked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expose } from 'comlink';
import { LintClient } from '../../../src/app/core/lint-client';
import { textKey } from '../../../src/shared/openapi/lint/text-key';
import type { DocumentTextRef } from '../../../src/shared/openapi/lint/types';
import type { DocumentChange } from '../../../src/app/core/generator-client';
import {
  LINT_MAX_CHARS,
  LintWiring,
  SETTLE_MS,
  lintEstimateMs,
  type LintState,
} from '../../../src/app/generator/useLint';

const doc = (paths: string) => `openapi: 3.0.1\ninfo:\n  title: T\n  version: v1\npaths:\n${paths}`;
const GOOD = doc('  /a:\n    get:\n      responses:\n        "200":\n          description: OK\n');
const NO_RESPONSES = doc('  /a:\n    get:\n      responses: {}\n');

/**
 * A document worker stand-in: its text, its revision, a way to say it changed, and the lint's
 * own line to it (a MessageChannel, as the page makes one): the text goes only over that line.
 */
function fakeDocument(initial: string) {
  let text = initial;
  let revision = 1;
  let instance = 'w1';
  const listeners = new Set<(change: DocumentChange) => void>();
  const fake = {
    onDocumentChange(listener: (change: DocumentChange) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    documentTextInfo: vi.fn(() => Promise.resolve({ instance, revision, length: text.length })),
    /** Every read of the lint worker over its line, and what it answered. */
    reads: [] as { ref: DocumentTextRef; answer: string }[],
    /** Called before a read is answered (a test changes the text meanwhile). */
    beforeRead: undefined as (() => void) | undefined,
    lintPort: vi.fn(() => {
      const { port1, port2 } = new MessageChannel();
      const served = instance;
      expose(
        {
          text: (ref: DocumentTextRef) => {
            fake.beforeRead?.();
            const answer =
              ref.instance === served && served === instance && ref.revision === revision
                ? text
                : 'stale';
            fake.reads.push({ ref, answer });
            return answer;
          },
        },
        port1,
      );
      return Promise.resolve(port2);
    }),
    /** The text changes without a word (a batch the page has not heard of yet). */
    change(next: string) {
      text = next;
      revision += 1;
    },
    edit(next: string, change: DocumentChange) {
      fake.change(next);
      for (const listener of listeners) listener(change);
    },
    /** A fresh document worker opened `next`: its revisions start over. */
    restart(next: string) {
      instance = `${instance}+`;
      text = next;
      revision = 0;
      for (const listener of listeners) listener({ opened: true });
    },
  };
  return fake;
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

function wire(initial: string, maxChars?: number) {
  const document = fakeDocument(initial);
  const states: LintState[] = [];
  const client = new LintClient(() => undefined);
  const wiring = new LintWiring(document, client, (state) => states.push(state), maxChars);
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
  return { document, wiring, client, states, last, settled };
}

describe('the lint wiring', () => {
  it('lints the open document once the ruleset is set, and blocks on our own errors', async () => {
    const { wiring, settled } = wire(NO_RESPONSES);
    wiring.setRuleset('');
    const state = await settled();
    expect(state.textKey).toEqual(textKey(NO_RESPONSES));
    expect(state.answer?.mode).toBe('full');
    expect(state.answer?.canGenerate).toBe(false);
    expect(state.answer?.findings.map((finding) => finding.code)).toContain('NO_RESPONSES');
  }, 60_000);

  it('does not lint a text over the limit by itself: it offers the check, and drops the older answer', async () => {
    const { wiring, document, settled, last } = wire(NO_RESPONSES);
    wiring.setRuleset('');
    await settled();
    const huge = NO_RESPONSES + `# ${'x'.repeat(LINT_MAX_CHARS)}\n`;
    document.edit(huge, { opened: true });
    await vi.waitFor(() => expect(last()?.large?.chars).toBe(huge.length), { timeout: 30_000 });
    expect(last()).toMatchObject({ pending: false, answer: undefined, textKey: undefined });
    expect(last()?.large).toMatchObject({
      status: 'offered',
      estimateMs: lintEstimateMs(huge.length),
    });
    // No lint of it answers later either.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(last()?.answer).toBeUndefined();
    // A text back under the limit is linted again.
    document.edit(GOOD, { opened: true });
    const state = await settled();
    expect(state.large).toBeUndefined();
    expect(state.textKey).toEqual(textKey(GOOD));
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
    expect(second.textKey).toEqual(textKey(GOOD));
    expect(second.answer?.mode).toBe('partial');
    expect(second.answer?.canGenerate).toBe(true);
    expect(second.answer!.revision).toBeGreaterThan(first.answer!.revision);
  }, 60_000);

  it('keeps its lint revisions growing when the document worker counts anew', async () => {
    const { wiring, document, settled } = wire(GOOD);
    wiring.setRuleset('');
    const first = await settled();
    // A text opened in a fresh worker: the document's revision starts over.
    const lines = document.lintPort.mock.calls.length;
    document.restart(NO_RESPONSES);
    const second = await settled();
    expect(second.textKey).toEqual(textKey(NO_RESPONSES));
    expect(second.answer!.revision).toBeGreaterThan(first.answer!.revision);
    expect(second.answer?.canGenerate).toBe(false);
    // The lint worker got a line to the new worker.
    expect(document.lintPort.mock.calls.length).toBe(lines + 1);
  }, 60_000);

  it('asks again when the document worker no longer has the revision read', async () => {
    const { wiring, document, settled } = wire(NO_RESPONSES);
    wiring.setRuleset('');
    await settled();
    // Between the page's read of the revision and the lint worker's read of its text, the
    // document moves on: the lint worker hears "stale", and the page asks with the new revision.
    let once = true;
    document.beforeRead = () => {
      if (!once) return;
      once = false;
      document.change(GOOD);
    };
    document.edit(NO_RESPONSES + '# edited\n', { opened: false, touchedPaths: ['/a'] });
    const state = await settled();
    expect(document.reads.map((read) => read.answer === 'stale')).toContain(true);
    expect(document.reads.at(-1)?.answer).toBe(GOOD);
    expect(state.textKey).toEqual(textKey(GOOD));
    expect(state.answer?.canGenerate).toBe(true);
  }, 60_000);

  it('never hands the text to the page for the lint: only its revision and length', async () => {
    const { wiring, document, settled } = wire(NO_RESPONSES);
    wiring.setRuleset('');
    await settled();
    document.edit(GOOD, { opened: false, touchedPaths: ['/a'] });
    await settled();
    for (const result of document.documentTextInfo.mock.results) {
      const info = (await result.value) as object;
      expect(Object.keys(info).sort()).toEqual(['instance', 'length', 'revision']);
    }
    expect(document.reads.filter((read) => read.answer !== 'stale')).toHaveLength(2);
  }, 60_000);

  it('never shows the answer of the text before another was opened as the opened one’s', async () => {
    const { wiring, document, settled, states } = wire(NO_RESPONSES);
    wiring.setRuleset('');
    // The first text was read and is being linted when another text is opened.
    await vi.waitFor(() => expect(document.documentTextInfo).toHaveBeenCalled(), {
      timeout: 30_000,
      interval: 1,
    });
    const from = states.length;
    document.edit(GOOD, { opened: true });
    const after = await settled();
    expect(after.textKey).toEqual(textKey(GOOD));
    expect(after.answer?.canGenerate).toBe(true);
    // From the open on: no answer, or only the opened text's.
    for (const state of states.slice(from)) {
      if (state.answer !== undefined) expect(state.textKey).toEqual(textKey(GOOD));
    }
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

describe('a text over the limit: the whole check the panel offers', () => {
  /** Over a limit of 200 characters, with an endpoint edit to make in it. */
  const LIMIT = 200;
  const LARGE = NO_RESPONSES + `# ${'x'.repeat(LIMIT)}\n`;
  const LARGE_FIXED = GOOD + `# ${'x'.repeat(LIMIT)}\n`;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('offers the check, runs it on request, then re-lints endpoint edits by what they touched', async () => {
    const { wiring, document, client, settled, last } = wire(LARGE, LIMIT);
    const lints = vi.spyOn(client, 'lintNow');
    wiring.setRuleset('');
    await vi.waitFor(() => expect(last()?.large?.status).toBe('offered'));
    expect(last()?.answer).toBeUndefined();
    // An edit of the text not checked is not even read.
    const reads = document.documentTextInfo.mock.calls.length;
    document.edit(LARGE, { opened: false, touchedPaths: ['/a'] });
    await pause(400);
    expect(document.documentTextInfo.mock.calls.length).toBe(reads);
    expect(last()?.answer).toBeUndefined();

    const before = Date.now();
    wiring.checkWhole();
    expect(last()?.large?.status).toBe('running');
    expect(last()?.large?.startedAt).toBeGreaterThanOrEqual(before);
    const checked = await settled();
    expect(checked.large).toBeUndefined();
    expect(checked.answer?.mode).toBe('full');
    expect(checked.answer?.canGenerate).toBe(false);

    document.edit(LARGE_FIXED, { opened: false, touchedPaths: ['/a'] });
    const edited = await settled();
    expect(edited.textKey).toEqual(textKey(LARGE_FIXED));
    expect(edited.answer?.mode).toBe('partial');
    expect(edited.answer?.canGenerate).toBe(true);
    expect(edited.large).toBeUndefined();
    // No whole lint follows by itself once editing pauses (it takes minutes at this size).
    const whole = lints.mock.calls.length;
    await pause(SETTLE_MS + 500);
    expect(lints.mock.calls.length).toBe(whole);
    expect(last()?.answer?.mode).toBe('partial');

    // A change only a whole check answers: the check is offered again.
    document.edit(LARGE_FIXED + '# meta\n', { opened: false });
    expect(last()?.large?.status).toBe('offered');
    expect(last()?.answer).toBeUndefined();
  }, 60_000);

  it('cancels a running check: it is offered again and its answer is dropped', async () => {
    const { wiring, client, last } = wire(LARGE, LIMIT);
    const cancel = vi.spyOn(client, 'cancel');
    wiring.setRuleset('');
    await vi.waitFor(() => expect(last()?.large?.status).toBe('offered'));
    wiring.checkWhole();
    expect(last()?.large?.status).toBe('running');
    wiring.cancelWhole();
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(last()?.large?.status).toBe('offered');
    expect(last()?.large?.startedAt).toBeUndefined();
    await pause(1500);
    expect(last()?.answer).toBeUndefined();
    expect(last()?.large?.status).toBe('offered');
    // Offered again, it runs again.
    wiring.checkWhole();
    await vi.waitFor(() => expect(last()?.answer?.mode).toBe('full'), { timeout: 30_000 });
    expect(last()?.large).toBeUndefined();
  }, 60_000);

  it('offers the check again under a new ruleset, and lints a smaller text opened at once', async () => {
    const { wiring, document, settled, last } = wire(LARGE, LIMIT);
    wiring.setRuleset('');
    await vi.waitFor(() => expect(last()?.large?.status).toBe('offered'));
    wiring.checkWhole();
    await settled();
    wiring.setRuleset('extends:\n  - spectral:oas\n  - specform\nrules:\n  NO_RESPONSES: off\n');
    await vi.waitFor(() => expect(last()?.large?.status).toBe('offered'));
    expect(last()?.answer).toBeUndefined();
    document.edit(GOOD, { opened: true });
    const state = await settled();
    expect(state.large).toBeUndefined();
    expect(state.textKey).toEqual(textKey(GOOD));
    expect(state.answer?.mode).toBe('full');
  }, 60_000);

  it("lints the output editor's own text apart: the document's state is not touched", async () => {
    const { wiring, settled, states } = wire(NO_RESPONSES);
    wiring.setRuleset('');
    const state = await settled();
    const published = states.length;
    const typed = 'openapi: 3.0.1\ninfo:\n  title: "T\n';
    const own = await wiring.lintOther(typed);
    expect(own?.ok && own.value.findings.map((finding) => finding.code)).toEqual(['YAML_SYNTAX']);
    const other = await wiring.lintOther(GOOD);
    expect(other?.ok && other.value.findings.map((finding) => finding.code)).toContain(
      'oas3-api-servers',
    );
    expect(states.length).toBe(published);
    expect(wiring.client.latest).toBe(state.answer);
  }, 60_000);

  it("lints the editor's texts on a client of its own, under the project's ruleset", async () => {
    const document = fakeDocument(NO_RESPONSES);
    const states: LintState[] = [];
    const client = new LintClient(() => undefined);
    const other = new LintClient(() => undefined);
    const wiring = new LintWiring(
      document,
      client,
      (state) => states.push(state),
      LINT_MAX_CHARS,
      other,
    );
    stop = wiring.start();
    const rulesetOfOther = vi.spyOn(other, 'setRuleset');
    const otherOfDocument = vi.spyOn(client, 'lintOther');
    const ruleset = 'extends:\n  - spectral:oas\n  - specform\nrules:\n  oas3-api-servers: off\n';
    wiring.setRuleset(ruleset);
    await vi.waitFor(
      () => {
        const state = states[states.length - 1];
        if (state?.answer === undefined || state.pending) throw new Error('still checking');
      },
      { timeout: 30_000, interval: 20 },
    );
    const first = await wiring.lintOther(GOOD);
    expect(first?.ok).toBe(true);
    expect(first?.ok && first.value.findings.map((finding) => finding.code)).not.toContain(
      'oas3-api-servers',
    );
    await wiring.lintOther(NO_RESPONSES);
    expect(rulesetOfOther).toHaveBeenCalledTimes(1);
    expect(rulesetOfOther).toHaveBeenCalledWith(ruleset);
    expect(otherOfDocument).not.toHaveBeenCalled();
    // A text opened stops a check of the editor's own text under way: the document's lint
    // answers for the text the editor shows.
    const opened = vi.spyOn(other, 'cancel');
    const checking = wiring.lintOther(GOOD);
    expect(other.busy).toBe(true);
    document.edit(NO_RESPONSES, { opened: true });
    expect(opened).toHaveBeenCalledTimes(1);
    expect(await checking).toBeUndefined();
    opened.mockRestore();
    // Stopping the editor's check leaves the document's lint under way alone.
    const cancelDocument = vi.spyOn(client, 'cancel');
    const cancelOther = vi.spyOn(other, 'cancel');
    document.edit(GOOD, { opened: true });
    wiring.cancelOther();
    expect(cancelOther).toHaveBeenCalledTimes(1);
    expect(cancelDocument).not.toHaveBeenCalled();
    await vi.waitFor(
      () => {
        const state = states[states.length - 1];
        if (state?.pending !== false) throw new Error('still checking');
        expect(state.textKey).toEqual(textKey(GOOD));
      },
      { timeout: 30_000, interval: 20 },
    );
  }, 60_000);

  it("asks the document's pending lint again when the editor's check is cancelled", async () => {
    const { wiring, document, settled, last } = wire(NO_RESPONSES);
    wiring.setRuleset('');
    await settled();
    document.edit(GOOD, { opened: true });
    expect(last()?.pending).toBe(true);
    wiring.cancelOther();
    const state = await settled();
    expect(state.textKey).toEqual(textKey(GOOD));
  }, 60_000);
});
