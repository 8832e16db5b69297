import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { getShopSettings, updateShopSettings } from './settings.service.ts';

export function settingsRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'shopSettings', ({ db }) => getShopSettings(db));

    serve(app, 'updateShopSettings', ({ db, body }) => updateShopSettings(db, body));
  };
}
