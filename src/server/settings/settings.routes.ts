import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema } from '../../shared/schemas/api-common.ts';
import { shopSettingsSchema } from '../../shared/schemas/api-settings.ts';
import { shopSettingsUpdateSchema } from '../../shared/schemas/shop-settings.ts';
import type { ApiContext } from '../http/request-context.ts';
import { getShopSettings, updateShopSettings } from './settings.service.ts';

export function settingsRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiRoutes.shopSettings.path,
      { config: { versionedBy: ['shop_settings'] }, schema: { response: { 200: shopSettingsSchema } } },
      () => getShopSettings(ctx.db),
    );

    app.put(
      apiRoutes.updateShopSettings.path,
      {
        schema: {
          body: shopSettingsUpdateSchema,
          response: { 200: shopSettingsSchema, 400: apiErrorSchema },
        },
      },
      (request) => updateShopSettings(ctx.db, request.body),
    );
  };
}
