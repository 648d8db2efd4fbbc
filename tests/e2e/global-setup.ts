/**
 * Before the e2e files run: the build is made once, and one server makes the data-folder
 * template every file's server starts from (see TEMPLATE_ENV in harness.ts). Test files run in
 * child processes started after this, so they inherit the variable.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, makeDataTemplate, TEMPLATE_ENV } from './harness';

export default async function setup(): Promise<() => Promise<void>> {
  ensureBuilt();
  const dir = await mkdtemp(path.join(tmpdir(), 'specform-e2e-template-'));
  const started = Date.now();
  const template = await makeDataTemplate(dir);
  process.stdout.write(`e2e data template made in ${Date.now() - started} ms\n`);
  process.env[TEMPLATE_ENV] = JSON.stringify(template);
  return async () => {
    delete process.env[TEMPLATE_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}
