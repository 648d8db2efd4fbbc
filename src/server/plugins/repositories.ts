import fp from 'fastify-plugin';
import { createRepositories } from '../repositories';

/** Decorates `app.repos` with the account repositories. */
export default fp(
  async (app) => {
    app.decorate('repos', createRepositories(app.db));
  },
  { name: 'repositories', dependencies: ['db'] },
);
