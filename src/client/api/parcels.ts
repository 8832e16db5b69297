import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, urlOf } from '../../shared/api/routes.ts';
import type { LabelOffset, LabelSheetId } from '../../shared/domain/label-sheets.ts';
import type { ParcelStatus, ShipBody } from '../../shared/schemas/api-parcels.ts';
import { call } from '../lib/api.ts';
import type { Keyed } from '../lib/idempotency.ts';
import { keyOf, queryOf } from './query.ts';
import { refreshAfter } from './refresh.ts';

/**
 * Pakker: the orders of a status with their addresses. Kept under the orders' root, so a status change
 * and an address saved (both refresh the orders) show in the label dialog too.
 */
export const parcelKeys = {
  list: (status: ParcelStatus) => keyOf(apiRoutes.parcels, { query: { status } }),
};

export function useParcels(status: ParcelStatus, enabled = true) {
  return useQuery({ ...queryOf(apiRoutes.parcels, { query: { status } }), enabled });
}

/** The files are links (downloads): the session cookie goes along. */
export function labelsPdfUrl(input: {
  orderIds: readonly string[];
  sheet: LabelSheetId;
  skip: number;
  offset: LabelOffset;
}): string {
  return urlOf(apiRoutes.labelsPdf, {
    query: {
      sheet: input.sheet,
      skip: input.skip,
      right: input.offset.rightMm,
      down: input.offset.downMm,
      orders: input.orderIds.join(','),
    },
  });
}

export function testSheetUrl(sheet: LabelSheetId, offset: LabelOffset): string {
  return urlOf(apiRoutes.testSheetPdf, { query: { sheet, right: offset.rightMm, down: offset.downMm } });
}

export function shippingCsvUrl(orderIds: readonly string[]): string {
  return urlOf(apiRoutes.shippingCsv, { query: { orders: orderIds.join(',') } });
}

/**
 * 'Markér som sendt': the orders to Afsendt in one step. The key is the user action's (useActionKey), so a tap
 * again after a lost answer gives the same shipment (and its id for 'Fortryd') back.
 */
export function useShipParcels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<ShipBody>) =>
      call(apiRoutes.shipParcels, { body }, { idempotencyKey }),
    onSettled: () => refreshAfter(queryClient, apiRoutes.shipParcels),
  });
}

/** 'Fortryd': each order of the shipment back to the status it had. */
export function useUndoShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shipmentId: string) => call(apiRoutes.undoShipment, { params: { id: shipmentId } }),
    onSettled: () => refreshAfter(queryClient, apiRoutes.undoShipment),
  });
}
