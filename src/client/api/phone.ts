import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../../shared/api/routes.ts';
import { queryOf } from './query.ts';

/** Indstillinger → Telefon: read-only, nothing the app writes changes it. */

/** apiRoutes.phone: the address a phone opens, its QR code and the shop's root certificate. */
export function usePhoneSetup() {
  return useQuery({
    ...queryOf(apiRoutes.phone),
    // It changes only with the machine's network or the server's configuration: a visit ten minutes later
    // asks again.
    staleTime: 10 * 60_000,
  });
}
