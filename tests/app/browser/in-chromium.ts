/**
 * Runs app modules in a real Chromium (issue 31.1–2): happy-dom's HTML parser differs from a
 * browser's where sanitising matters (quoted `>`, entities, unclosed tags), so the sanitisers are
 * checked with the parser they rely on. `entry` is bundled by Vite into one script that sets
 * `window[name]`; the page is blank, without network.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';

export interface ChromiumPage {
  page: Page;
  close: () => Promise<void>;
}

async function bundle(entry: string, name: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ['iife'], name, fileName: () => 'entry.js' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((item) => item.type === 'chunk');
  if (chunk === undefined || chunk.type !== 'chunk') throw new Error(`no bundle of ${entry}`);
  return chunk.code;
}

/** A blank page with `entry` loaded as `window[name]`, and the given style sheets. */
export async function openInChromium(
  entry: string,
  name: string,
  styles: string[] = [],
): Promise<ChromiumPage> {
  const code = await bundle(entry, name);
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  await page.route('**/*', (route) => route.abort());
  await page.setContent('<!doctype html><html><head></head><body></body></html>');
  for (const path of styles) await page.addStyleTag({ path });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addScriptTag({ content: code });
  if (errors.length > 0) throw new Error(`${entry} failed in Chromium: ${errors.join('; ')}`);
  return { page, close: () => browser.close() };
}
