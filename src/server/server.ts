import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DbLockedError } from './db';

/** Starts the server: the built app from dist/ and the API on PORT; closes cleanly on signals. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // DIST_DIR lets a developer serve another build (e.g. one per work tree) without touching dist/.
  const dist = path.resolve(
    process.env.DIST_DIR ??
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist'),
  );
  const app = await buildApp({ ...config, staticDir: existsSync(dist) ? dist : undefined });
  if (!existsSync(dist)) app.log.warn('dist/ not found: serving the API only (run npm run build)');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof DbLockedError) {
    process.stderr.write(
      `Failed to start: another process has the embedded database open. ${error.message}\n`,
    );
    process.exit(1);
  }
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
