import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema } from '../../shared/schemas/api-common.ts';
import { shopSettingsSchema } from '../../shared/schemas/api-settings.ts';
import { shopSettingsUpdateSchema } from '../../shared/schemas/shop-settings.ts';
import { serve } from '../http/serve.ts';
import { getShopSettings, updateShopSettings } from './settings.service.ts';

export function settingsRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, apiRoutes.shopSettings, { response: { 200: shopSettingsSchema } }, ({ db }) =>
      getShopSettings(db),
    );

    serve(
      app,
      apiRoutes.updateShopSettings,
      { body: shopSettingsUpdateSchema, response: { 200: shopSettingsSchema, 400: apiErrorSchema } },
      ({ db, body }) => updateShopSettings(db, body),
    );
  };
}
