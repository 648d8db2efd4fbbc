/**
 * The output editor's own diagnostics (generator/editor-lint.ts): a text that is not the
 * document's is linted by the one lint as a text of its own; a change makes the shown findings
 * go at once; the document's text is not linted twice; a text over the automatic limit offers
 * its check, which can be cancelled; an answer for an older text is never shown.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Result } from '../../../src/shared/openapi/core-api';
import type { LintAnswer, LintFinding } from '../../../src/shared/openapi/lint/types';
import { textKey } from '../../../src/shared/openapi/lint/text-key';
import {
  EditorLint,
  STOP_CHECK_CHARS,
  type EditorLintState,
  type ShownText,
} from '../../../src/app/generator/editor-lint';

const finding = (code: string, line = 0): LintFinding => ({
  code,
  path: [],
  severity: 'error',
  message: code,
  range: { start: { line, character: 0 }, end: { line, character: 4 } },
  source: 'spectral:oas',
});

function answerOf(findings: LintFinding[], revision = 1): Result<LintAnswer> {
  return {
    ok: true,
    value: {
      revision,
      findings,
      counts: { error: findings.length, warning: 0, info: 0, hint: 0 },
      canGenerate: true,
      mode: 'full',
      ms: 0,
    },
  };
}

/** A lint whose answers the test releases one by one. */
function fakeLint() {
  const asked: { text: string; answer: (result: Result<LintAnswer> | undefined) => void }[] = [];
  const lint = {
    lintOther: vi.fn(
      (text: string) =>
        new Promise<Result<LintAnswer> | undefined>((resolve) => {
          asked.push({ text, answer: resolve });
        }),
    ),
    cancelOther: vi.fn(),
  };
  return { lint, asked };
}

const shown = (text: string): ShownText => ({
  length: text.length,
  blank: text.trim() === '',
  read: () => Promise.resolve(text),
});

function setup(maxChars?: number) {
  const { lint, asked } = fakeLint();
  const states: EditorLintState[] = [];
  const editor = new EditorLint(lint, (state) => states.push(state), maxChars);
  return { editor, lint, asked, states, last: () => states[states.length - 1] };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('EditorLint', () => {
  it('lints a typed text as its own, and its findings go at once when it changes', async () => {
    const { editor, lint, asked, last } = setup();
    editor.changed();
    const settled = editor.settle(shown('info: {}\n'), { pending: false });
    await flush();
    expect(last()).toEqual({ kind: 'checking' });
    expect(lint.lintOther).toHaveBeenCalledWith('info: {}\n');
    asked[0]?.answer(answerOf([finding('unrecognized-format')]));
    await settled;
    const checked = last();
    expect(checked?.kind).toBe('checked');
    expect(checked?.kind === 'checked' && checked.answer.findings[0]?.code).toBe(
      'unrecognized-format',
    );
    editor.changed();
    expect(last()).toEqual({ kind: 'changed' });
  });

  it('never shows the answer of a text changed meanwhile', async () => {
    const { editor, asked, last } = setup();
    editor.changed();
    const first = editor.settle(shown('a: 1\n'), { pending: false });
    await flush();
    editor.changed();
    asked[0]?.answer(answerOf([finding('old')]));
    await first;
    expect(last()).toEqual({ kind: 'changed' });
    const second = editor.settle(shown('a: 2\n'), { pending: false });
    await flush();
    asked[1]?.answer(answerOf([finding('new')]));
    await second;
    const state = last();
    expect(state?.kind === 'checked' && state.answer.findings.map((f) => f.code)).toEqual(['new']);
  });

  it("takes the document's answer for the document's own text, without a lint of its own", async () => {
    const { editor, lint, last } = setup();
    const text = 'openapi: 3.0.1\n';
    editor.changed();
    await editor.settle(shown(text), { textKey: textKey(text), pending: false });
    expect(last()).toEqual({ kind: 'document' });
    expect(lint.lintOther).not.toHaveBeenCalled();
  });

  it("waits for the document's pending lint (a Generate or a Load), then lints what differs", async () => {
    const { editor, lint, asked, last } = setup();
    editor.changed();
    await editor.settle(shown('b: 1\n'), { textKey: textKey('a: 1\n'), pending: true });
    expect(last()).toEqual({ kind: 'changed' });
    expect(lint.lintOther).not.toHaveBeenCalled();
    // The document's answer came, of the editor's text: it is the editor's.
    await editor.settle(shown('b: 1\n'), { textKey: textKey('b: 1\n'), pending: false });
    expect(last()).toEqual({ kind: 'document' });
    // The document changed by the form; the editor's text is its own now.
    const own = editor.settle(shown('b: 1\n'), { textKey: textKey('c: 1\n'), pending: false });
    await flush();
    expect(lint.lintOther).toHaveBeenCalledTimes(1);
    asked[0]?.answer(answerOf([]));
    await own;
    expect(last()?.kind).toBe('checked');
    // Settled again with the same text: nothing is linted twice.
    await editor.settle(shown('b: 1\n'), { textKey: textKey('c: 1\n'), pending: false });
    expect(lint.lintOther).toHaveBeenCalledTimes(1);
  });

  it('says nothing of a blank text', async () => {
    const { editor, lint, last } = setup();
    editor.changed();
    await editor.settle(shown('  \n'), { pending: false });
    expect(last()).toEqual({ kind: 'none' });
    expect(lint.lintOther).not.toHaveBeenCalled();
  });

  it('offers the check of a text over the limit, runs it on request, and cancels it', async () => {
    const { editor, lint, asked, last } = setup(10);
    const text = 'x: "a long text"\n';
    editor.changed();
    await editor.settle(shown(text), { pending: false });
    expect(last()).toMatchObject({ kind: 'large', chars: text.length, status: 'offered' });
    expect(lint.lintOther).not.toHaveBeenCalled();
    const checking = editor.checkLarge();
    await flush();
    expect(last()).toMatchObject({ kind: 'large', status: 'running' });
    expect(lint.lintOther).toHaveBeenCalledWith(text);
    editor.cancelLarge();
    expect(lint.cancelOther).toHaveBeenCalledTimes(1);
    expect(last()).toMatchObject({ kind: 'large', status: 'offered' });
    asked[0]?.answer(undefined);
    await checking;
    expect(last()).toMatchObject({ kind: 'large', status: 'offered' });
    // Asked again, it answers.
    const again = editor.checkLarge();
    await flush();
    asked[1]?.answer(answerOf([finding('big')]));
    await again;
    expect(last()?.kind).toBe('checked');
  });

  it('stops a running large check when the text changes', async () => {
    const { editor, lint, last } = setup(10);
    editor.changed();
    await editor.settle(shown('x: "a long text"\n'), { pending: false });
    void editor.checkLarge();
    await flush();
    editor.changed();
    expect(lint.cancelOther).toHaveBeenCalledTimes(1);
    expect(last()).toEqual({ kind: 'changed' });
  });

  it('stops a running check of a long text when the text changes, and lets a short one end', async () => {
    const { editor, lint, last } = setup();
    editor.changed();
    void editor.settle(shown('a: 1\n'), { pending: false });
    await flush();
    expect(last()?.kind).toBe('checking');
    editor.changed();
    // A short check ends sooner than a new worker would start: it runs on, its answer dropped.
    expect(lint.cancelOther).not.toHaveBeenCalled();
    const long = `a: '${'x'.repeat(STOP_CHECK_CHARS)}'\n`;
    void editor.settle(shown(long), { pending: false });
    await flush();
    expect(last()?.kind).toBe('checking');
    editor.changed();
    expect(lint.cancelOther).toHaveBeenCalledTimes(1);
    expect(last()).toEqual({ kind: 'changed' });
  });

  it('says a failed check', async () => {
    const { editor, asked, last } = setup();
    editor.changed();
    const settled = editor.settle(shown('a: 1\n'), { pending: false });
    await flush();
    asked[0]?.answer({ ok: false, error: { code: 'INTERNAL', message: 'stopped' } });
    await settled;
    expect(last()).toEqual({ kind: 'failed', error: { code: 'INTERNAL', message: 'stopped' } });
  });
});
