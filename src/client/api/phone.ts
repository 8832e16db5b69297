import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../../shared/api/routes.ts';
import { call } from '../lib/api.ts';
import { keyRoots } from './refresh.ts';

/** Indstillinger → Telefon: read-only, nothing the app writes changes it. */
export const phoneKeys = { setup: keyRoots.phone };

/** apiRoutes.phone: the address a phone opens, its QR code and the shop's root certificate. */
export function usePhoneSetup() {
  return useQuery({
    queryKey: phoneKeys.setup,
    queryFn: () => call(apiRoutes.phone),
    // It changes only with the machine's network or the server's configuration: a visit ten minutes later
    // asks again.
    staleTime: 10 * 60_000,
  });
}
