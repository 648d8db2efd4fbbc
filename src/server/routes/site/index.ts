import type { FastifyPluginAsync } from 'fastify';
import type { SiteSettings } from '../../../shared/api-types';

/** The operator details of spec §1 that the app shows (contacts, footer). */
const siteRoutes: FastifyPluginAsync = async (app) => {
  const { operator } = app.config;
  const settings: SiteSettings = {
    operatorName: operator.name,
    operatorNameRu: operator.nameRu ?? operator.name,
    demo: operator.demo ?? false,
    supportEmail: operator.supportEmail,
    taxNumber: operator.taxNumber,
    registrationNumber: operator.registrationNumber,
  };
  app.get(
    '/api/public/v1/site',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              operatorName: { type: 'string' },
              operatorNameRu: { type: 'string' },
              demo: { type: 'boolean' },
              supportEmail: { type: 'string' },
              taxNumber: { type: 'string' },
              registrationNumber: { type: 'string' },
            },
            required: ['operatorName', 'supportEmail', 'taxNumber', 'registrationNumber'],
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return settings;
    },
  );
};

export default siteRoutes;
