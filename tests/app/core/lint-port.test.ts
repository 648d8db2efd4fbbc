/**
 * The lint reads the document's text from the document worker over its own line: the page
 * sends the lint worker small requests (a revision, the touched paths, the ruleset) and gets the
 * findings back, and the text crosses neither the page's line to the lint worker nor the one
 * from the document worker. Both "workers" are the real APIs behind MessageChannels, and every
 * message the page posts or receives on them is recorded.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { expose } from 'comlink';
import { GeneratorClient } from '../../../src/app/core/generator-client';
import { LintClient } from '../../../src/app/core/lint-client';
import { LintWiring, type LintState } from '../../../src/app/generator/useLint';
import { createCoreApi } from '../../../src/shared/openapi/core-api';
import { textKey } from '../../../src/shared/openapi/lint/text-key';
import { createWorkerApi } from '../../../src/worker/index';
import { createLintWorkerApi } from '../../../src/worker/lint-worker';

/** In the document's text only: a message carrying it carries the text. */
const MARKER = 'marker-of-the-text-7f3a9c';
const paths = Array.from(
  { length: 200 },
  (_, i) => `  /items${i}:\n    get:\n      responses: {}\n`,
).join('');
const TEXT = `openapi: 3.0.1\ninfo:\n  title: T\n  version: v1\n  description: ${MARKER}\npaths:\n${paths}`;

interface Line {
  posted: string[];
  received: string[];
}

/** A "worker" running `api` behind a MessageChannel; what the page posts and receives is kept. */
function fakeWorker(api: object, line: Line): Worker {
  const { port1, port2 } = new MessageChannel();
  expose(api, port2);
  port1.addEventListener('message', (event) => line.received.push(JSON.stringify(event.data)));
  port1.start();
  const post = port1.postMessage.bind(port1);
  port1.postMessage = ((message: unknown, transfer?: Transferable[]) => {
    line.posted.push(JSON.stringify(message));
    post(message, transfer ?? []);
  }) as MessagePort['postMessage'];
  return Object.assign(port1, { terminate: () => port1.close() }) as unknown as Worker;
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

it('lints the document without its text crossing the page', async () => {
  const documentLine: Line = { posted: [], received: [] };
  const lintLine: Line = { posted: [], received: [] };
  const client = new GeneratorClient({
    createWorker: () => fakeWorker(createWorkerApi(), documentLine),
    createJobWorker: undefined,
  });
  await client.openDocument(TEXT);
  // (Opening sends the text to the document worker: that is not the lint's.)
  documentLine.posted.length = 0;
  documentLine.received.length = 0;

  const states: LintState[] = [];
  const lint = new LintClient(() => fakeWorker(createLintWorkerApi(), lintLine));
  const wiring = new LintWiring(client, lint, (state) => states.push(state));
  stop = wiring.start();
  wiring.setRuleset('');
  const state = await vi.waitFor(
    () => {
      const last = states.at(-1);
      if (last?.answer === undefined || last.pending) throw new Error('still checking');
      return last;
    },
    { timeout: 30_000, interval: 20 },
  );
  expect(state.answer?.findings.map((finding) => finding.code)).toContain('NO_RESPONSES');

  const crossed = [...lintLine.posted, ...lintLine.received, ...documentLine.received];
  expect(crossed.length).toBeGreaterThan(0);
  expect(crossed.filter((message) => message.includes(MARKER))).toEqual([]);
  // The page posts the lint worker requests only: a few hundred bytes, not the text's.
  const posted = lintLine.posted.reduce((sum, message) => sum + message.length, 0);
  expect(posted).toBeLessThan(TEXT.length / 4);
  // The answer names the text it is of: the document's, as the page would render it.
  // (Rendered by a core of its own: the document was opened and not edited.)
  const core = createCoreApi();
  core.openDocument(TEXT);
  const read = core.text();
  const rendered = read.ok ? read.value : undefined;
  expect(rendered?.text).toContain(MARKER);
  expect(state.textKey).toEqual(textKey(rendered!.text));
}, 60_000);

it('says the lint failed when the lint worker cannot take the line', async () => {
  const client = new GeneratorClient({
    createWorker: () => fakeWorker(createWorkerApi(), { posted: [], received: [] }),
    createJobWorker: undefined,
  });
  await client.openDocument(TEXT);
  /** A lint worker that takes rulesets but fails to take the document's port. */
  const failing = () =>
    fakeWorker(
      {
        ...createLintWorkerApi(),
        connectDocument: () => {
          throw new Error('no line');
        },
      },
      { posted: [], received: [] },
    );
  const states: LintState[] = [];
  const wiring = new LintWiring(client, new LintClient(failing), (state) => states.push(state));
  stop = wiring.start();
  wiring.setRuleset('');
  await vi.waitFor(() => expect(states.at(-1)?.lintError?.message).toContain('no line'), {
    timeout: 10_000,
  });
  expect(states.at(-1)?.pending).toBe(false);
}, 60_000);
