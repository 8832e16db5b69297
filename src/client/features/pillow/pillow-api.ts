import { useQuery } from '@tanstack/react-query';
import type { Pillow } from '../../../shared/schemas/api-pillow.ts';
import { apiGet } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Active orders of every customer that has one, by name, with the statistics card's figures. */
export function usePillow() {
  return useQuery({ queryKey: queryKeys.pillow, queryFn: () => apiGet<Pillow>('/api/pillow') });
}
