import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import {
  getMessageSettings,
  getShopSettings,
  updateMessageSettings,
  updateShopSettings,
} from './settings.service.ts';

export function settingsRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'shopSettings', ({ db }) => getShopSettings(db));

    serve(app, 'updateShopSettings', ({ db, body }) => updateShopSettings(db, body));

    // Indstillinger → Beskeder: the tracking links and the texts that go out.
    serve(app, 'messageSettings', ({ db }) => getMessageSettings(db));

    serve(app, 'updateMessageSettings', ({ db, body }) => updateMessageSettings(db, body));
  };
}
