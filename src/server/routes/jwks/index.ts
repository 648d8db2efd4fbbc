import type { FastifyPluginAsync } from 'fastify';

const JwksSchema = {
  type: 'object',
  properties: {
    keys: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          kty: { type: 'string' },
          crv: { type: 'string' },
          x: { type: 'string' },
          kid: { type: 'string' },
          alg: { type: 'string' },
          use: { type: 'string' },
        },
        required: ['kty', 'kid', 'alg'],
      },
    },
  },
  required: ['keys'],
} as const;

/** The public keys that verify our tokens (no private part ever leaves the server). */
const jwksRoutes: FastifyPluginAsync = async (app) => {
  const handler = async () => app.tokens.jwks;
  const options = { schema: { response: { 200: JwksSchema } } };
  app.get('/api/public/v1/jwks', options, handler);
  app.get('/.well-known/jwks.json', options, handler);
};

export default jwksRoutes;
