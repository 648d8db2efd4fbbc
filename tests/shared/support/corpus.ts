/** Location of the shared real-world corpus (never copied into the repository). */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const CORPUS_DIR = resolve(process.cwd(), '../shared/corpus');

/**
 * Whether the corpus folder `sub` exists. Without it the corpus tests skip with a message,
 * unless CI=true, where they must run: then this throws so the test fails.
 */
export function corpusAvailable(sub: string): boolean {
  const dir = resolve(CORPUS_DIR, sub);
  if (existsSync(dir)) return true;
  if (process.env.CI === 'true') {
    throw new Error(`Corpus folder ${dir} is missing (CI=true requires it).`);
  }
  console.warn(`Skipping corpus tests: ${dir} not found (set up ../shared/corpus to run them).`);
  return false;
}
