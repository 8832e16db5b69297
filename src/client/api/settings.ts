import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_POSTAGE, type PostagePrices } from '../../shared/domain/shop-settings.ts';
import type { ShopSettings } from '../../shared/schemas/api-settings.ts';
import type { ShopSettingsUpdate } from '../../shared/schemas/shop-settings.ts';
import { apiGet, apiPut } from '../lib/api.ts';
import { keyRoots, refresh, refreshAfter } from './refresh.ts';

export const settingsKeys = { shop: [...keyRoots.settings, 'shop'] as const };

const SHOP_URL = '/api/settings/shop';

/** GET /api/settings/shop: the shop's name, postage, ways to pay and bill texts (Indstillinger → Butik). */
export const shopSettingsQuery = {
  queryKey: settingsKeys.shop,
  queryFn: () => apiGet<ShopSettings>(SHOP_URL),
  // They change seldom, and a change elsewhere arrives as a live event ('shop': everything refreshes).
  staleTime: 5 * 60_000,
};

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

/** PUT /api/settings/shop: the whole card at once. Every active order's total may change with the postage. */
export function useSaveShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopSettingsUpdate) => apiPut<ShopSettings>(SHOP_URL, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.shop, saved);
      return refresh(queryClient, refreshAfter.saveShopSettings);
    },
  });
}
