import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/** Hashed build assets never change: cache them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built app (`dist/`) when `config.staticDir` is set: files as they are, hashed
 * `/assets/*` with a long cache, and index.html for every other GET outside `/api` (the SPA's
 * client-side routes). Unknown `/api` paths keep their JSON 404.
 */
export default fp(
  async (app) => {
    const root = app.config.staticDir;
    if (!root || !existsSync(path.join(root, 'index.html'))) return;
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const relative = path.relative(root, filePath).split(path.sep).join('/');
        res.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
      },
    });
    app.decorate('spaFallback', true);
  },
  { name: 'static-site', dependencies: ['config'] },
);
