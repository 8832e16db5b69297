import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../../shared/api/routes.ts';
import { DEFAULT_POSTAGE, type PostagePrices } from '../../shared/domain/shop-settings.ts';
import type { ShopSettings } from '../../shared/schemas/api-settings.ts';
import type { ShopSettingsUpdate } from '../../shared/schemas/shop-settings.ts';
import { call } from '../lib/api.ts';
import { keyOf, queryOf } from './query.ts';
import { refreshAfter } from './refresh.ts';

export const settingsKeys = { shop: keyOf(apiRoutes.shopSettings) };

/** apiRoutes.shopSettings: the shop's name, postage, ways to pay and bill texts (Indstillinger → Butik). */
export const shopSettingsQuery = {
  ...queryOf(apiRoutes.shopSettings),
  // They change seldom, and a change elsewhere arrives as a live event ('shop': everything refreshes).
  staleTime: 5 * 60_000,
};

/**
 * The shop's settings as the server rendered them with a first screen, without asking (the page carries them:
 * lib/hydration.ts; on the server, the render's own answer).
 */
export function primeShopSettings(queryClient: QueryClient, settings: ShopSettings): void {
  queryClient.setQueryData(settingsKeys.shop, settings);
}

/** The shop's settings; `enabled: false` keeps it from asking (e.g. before anyone has signed in). */
export function useShopSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...shopSettingsQuery, enabled });
}

/**
 * The postage an active order follows, as far as this device knows (the cached settings, else the defaults):
 * for an order change shown before the server has it (offline).
 */
export function cachedPostage(queryClient: QueryClient): PostagePrices {
  return queryClient.getQueryData<ShopSettings>(settingsKeys.shop) ?? DEFAULT_POSTAGE;
}

/**
 * apiRoutes.updateShopSettings: the whole card at once. Every active order's total may change with the
 * postage.
 */
export function useSaveShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopSettingsUpdate) => call(apiRoutes.updateShopSettings, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.shop, saved);
      return refreshAfter(queryClient, apiRoutes.updateShopSettings);
    },
  });
}
