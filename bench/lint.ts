/**
 * bench:lint (issue 30.3): the lint in Chromium's worker, as the app bundles it (Vite builds
 * bench/lint-page with the app's lint client and worker). For each document: a full lint, then a
 * re-lint after a one-field edit (one operation's summary: a partial lint of its path item).
 * Prints wall and in-worker times, findings, and the main thread's longest task (PerformanceObserver
 * 'longtask': only tasks over 50 ms are seen). Documents: GitHub's description
 * (/tmp/bigdocs/github.json), the largest corpus document (Stripe) and a medium one
 * (Intercom); absent ones are skipped.
 */
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { build } from 'vite';
import { launchBrowser, ROOT } from '../tests/e2e/harness';

const OUT = process.env.BENCH_LINT_DIST ?? '/tmp/dist-bench-lint';
const CORPUS = resolve(ROOT, '../shared/corpus');

function largestCorpusDocument(): string | undefined {
  const files = ['openapi', 'openapi-versions'].flatMap((folder) => {
    const dir = join(CORPUS, folder);
    return existsSync(dir) ? readdirSync(dir).map((name) => join(dir, name)) : [];
  });
  return files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
}

/** The text with one operation's summary changed, and the path key it sits under. */
function oneFieldEdit(text: string): { text: string; path: string } | undefined {
  const json = text.trimStart().startsWith('{');
  const data = json ? (JSON.parse(text) as { paths?: Record<string, unknown> }) : undefined;
  if (json && data?.paths !== undefined) {
    const match = /"summary": ?"([^"]*)"/.exec(text);
    if (match === null) return undefined;
    const before = text.slice(0, match.index);
    const pathKey = [...before.matchAll(/\n {4}"(\/[^"]*)": \{/g)].pop()?.[1];
    if (pathKey === undefined) return undefined;
    return {
      text: `${before}"summary": "${match[1] ?? ''} (edited)"${text.slice(match.index + match[0].length)}`,
      path: pathKey,
    };
  }
  // YAML: the first operation of the first path item. Its summary is changed, or one is added
  // when it has none (Stripe's operations carry a description and no summary).
  const path = /\n {2}(['"]?)(\/[^\n]*?)\1:\n/.exec(text);
  if (path === null) return undefined;
  const pathKey = path[2] as string;
  const afterPath = path.index + path[0].length;
  const method = /^ {4}(get|put|post|delete|options|head|patch|trace):\n/m.exec(
    text.slice(afterPath),
  );
  if (method === null) return undefined;
  const opStart = afterPath + method.index + method[0].length;
  const opEnd = opStart + (/^ {0,4}\S/m.exec(text.slice(opStart))?.index ?? text.length - opStart);
  const summary = /^ {6}summary: [^\n]*/m.exec(text.slice(opStart, opEnd));
  if (summary !== null) {
    const at = opStart + summary.index;
    return {
      text: `${text.slice(0, at)}      summary: edited${text.slice(at + summary[0].length)}`,
      path: pathKey,
    };
  }
  return {
    text: `${text.slice(0, opStart)}      summary: edited\n${text.slice(opStart)}`,
    path: pathKey,
  };
}

async function main(): Promise<void> {
  await build({
    configFile: false,
    root: join(ROOT, 'bench/lint-page'),
    base: './',
    logLevel: 'error',
    worker: { format: 'es' },
    build: { outDir: OUT, emptyOutDir: true, chunkSizeWarningLimit: 8192 },
  });
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };
  const server = createServer((request, response) => {
    const file = join(
      OUT,
      (request.url ?? '/').split('?')[0] === '/' ? 'index.html' : (request.url ?? ''),
    );
    if (!file.startsWith(OUT) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const browser = await launchBrowser();
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => document.title === 'bench:lint ready');
  // Smallest first, so a slow machine still prints the first rows.
  const documents = [
    ['Intercom (corpus, medium)', join(CORPUS, 'openapi/intercom__api.intercom.io-2.7.yaml')],
    ['Largest corpus document', largestCorpusDocument()],
    ['GitHub (github.json)', '/tmp/bigdocs/github.json'],
  ].filter((entry): entry is [string, string] => entry[1] !== undefined && existsSync(entry[1]));
  const rows = [
    '| document | size MB | lint | wall ms | in worker ms | findings | main-thread longest task ms (tasks > 50 ms) |',
    '|---|---:|---|---:|---:|---:|---|',
  ];
  for (const [name, file] of documents) {
    const text = readFileSync(file, 'utf8');
    const mb = (Buffer.byteLength(text) / 1024 / 1024).toFixed(1);
    type Row = {
      wallMs: number;
      workerMs?: number;
      mode?: string;
      findings?: number;
      longestTaskMs: number;
      longTasks: number;
    };
    const run = (input: string, touched?: string[]) =>
      page.evaluate(
        ([t, p]) =>
          (
            window as unknown as { lintBench: { lint(t: string, p?: string[]): Promise<Row> } }
          ).lintBench.lint(t, p),
        [input, touched] as const,
      );
    const full = await run(text);
    rows.push(
      `| ${name} | ${mb} | full | ${full.wallMs} | ${full.workerMs ?? '-'} | ${full.findings ?? '-'} | ${full.longestTaskMs} (${full.longTasks}) |`,
    );
    const edit = oneFieldEdit(text);
    if (edit !== undefined) {
      const partial = await run(edit.text, [edit.path]);
      rows.push(
        `| ${name} | ${mb} | one-field edit (${partial.mode ?? '?'}) | ${partial.wallMs} | ${partial.workerMs ?? '-'} | ${partial.findings ?? '-'} | ${partial.longestTaskMs} (${partial.longTasks}) |`,
      );
    }
    console.log(rows.join('\n'));
  }
  await browser.close();
  server.close();
}

await main();
