import { pathOf, screens } from '../../shared/screens.ts';

/**
 * Links between screens that features share without importing each other: the labels' 'Ret adressen' opens
 * 'Redigér kunde' at the address on the customer's page (`?rediger=adresse`).
 */
export const EDIT_ADDRESS_PARAM = { name: 'rediger', value: 'adresse' } as const;

export function customerAddressPath(customerId: string): string {
  return pathOf(
    screens.customer,
    { id: customerId },
    { [EDIT_ADDRESS_PARAM.name]: EDIT_ADDRESS_PARAM.value },
  );
}
