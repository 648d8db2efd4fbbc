import fp from 'fastify-plugin';
import type { Config } from '../config';

/** Decorates `app.config` with the validated configuration built by buildApp. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
