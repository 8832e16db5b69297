/**
 * The records every import source is normalized to before planning (import-plan.ts). Values are already
 * cleaned (øre, ISO UTC instants, known statuses); relations and uniqueness are not checked yet.
 * A `null` instant means the source had none (the plan fills it in).
 */
import type { PostalAddress } from '../../shared/domain/address.ts';
import type { OrderStatus } from '../../shared/domain/order-status.ts';
import type { SaleType } from '../../shared/domain/sale-type.ts';
import type { ImportIssue } from '../../shared/schemas/api-data.ts';
import type {
  ExportCreditNote,
  ExportPayment,
  ExportStockMovement,
} from '../../shared/schemas/api-data-rows.ts';
import type { DiscountInput } from '../../shared/schemas/payment.ts';
import type { ShopSettingsUpdate } from '../../shared/schemas/shop-settings.ts';

export type SourceCustomer = {
  id: string;
  name: string;
  createdAt: string | null;
  /** Contact details, cleaned as the API stores them (our own export since version 2); missing: not known. */
  phone?: string | null;
  email?: string | null;
  /** The postal address: structured, or read from an older file's free text; missing: not known. */
  address?: PostalAddress | null;
  /** When she was archived (ISO UTC); missing or null: she is in the lists. */
  archivedAt?: string | null;
};

export type SourceBead = {
  id: string;
  name: string;
  priceOre: number;
  saleType: SaleType | null;
  isDeleted: boolean;
  createdAt: string | null;
};

export type SourceTodo = {
  id: string;
  beadId: string | null;
  customerId: string | null;
  amount: number;
  createdAt: string | null;
};

export type SourceOrder = {
  id: string;
  customerId: string | null;
  createdAt: string | null;
  status: OrderStatus;
  homeDelivery: boolean;
  /** The postage frozen into the order (our own export since order postage was frozen); missing or null: none. */
  postageOre?: number | null;
  /**
   * Its bill, settlement, pick-up and discount (our own export since version 4). Missing in older files: the
   * import numbers such an order as migration 0014 numbered the shop's own, if it left Aktiv.
   */
  money?: SourceOrderMoney;
};

/** An order's money as stored (docs/product/money.md); instants as ISO UTC. */
export type SourceOrderMoney = {
  number: string | null;
  billedAt: string | null;
  billVoid: boolean;
  vatRegistered: boolean;
  settledAt: string | null;
  pickup: boolean;
  discount: DiscountInput | null;
};

export type SourceOrderLine = {
  id: string;
  orderId: string | null;
  beadId: string | null;
  text: string | null;
  priceOre: number | null;
  saleType: string | null;
  addedAt: string | null;
};

/** A stock movement (our own export since version 3), checked by the export's schema. */
export type SourceStockMovement = ExportStockMovement;

/** A payment or refund (our own export since version 4), checked by the export's schema; instants as ISO UTC. */
export type SourcePayment = ExportPayment;

/** A credit note with the rows it refunds (our own export since version 4), checked by the export's schema. */
export type SourceCreditNote = ExportCreditNote;

export type ImportSource = 'firestore' | 'naalepuden';

export type ParsedImport = {
  source: ImportSource;
  customers: SourceCustomer[];
  beads: SourceBead[];
  todos: SourceTodo[];
  orders: SourceOrder[];
  orderLines: SourceOrderLine[];
  /** Stock movements (our own export since version 3); none in older files, whose beads stay uncounted. */
  stockMovements: SourceStockMovement[];
  /** The credit notes and payments (our own export since version 4); missing: none in the file. */
  creditNotes?: SourceCreditNote[];
  payments?: SourcePayment[];
  /** The shop's settings, checked by their own schema (our own export since version 2); missing: none in the file. */
  shopSettings?: ShopSettingsUpdate;
  /** Problems found while reading single values (bad prices, unknown statuses, …), already resolved. */
  issues: ImportIssue[];
};

/** Thrown when a file is not an export we can read at all; its message is Danish. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}
