/**
 * The shapes an import plan works with (import-plan.ts): the rows it decides to write, what the database
 * already holds, and the plan in the making that each of its steps adds to.
 */
import type { DataTable, ImportIssueCode, ImportTableCounts } from '../../shared/schemas/api-data.ts';
import type {
  CreditNoteLineRow,
  CreditNoteRow,
  CustomerRow,
  OrderLineRow,
  PaymentInsert,
  StockMovementRow,
  TodoRow,
} from '../db/database.ts';

export type PlannedBead = {
  id: string;
  name: string;
  price_ore: number;
  sale_type: string | null;
  is_deleted: number;
  created_at: string;
};
export type PlannedOrder = {
  id: string;
  customer_id: string | null;
  created_at: string;
  status: string;
  home_delivery: number;
  /** Null while active; an order that is not active without one gets today's postage when it is written. */
  postage_ore: number | null;
} & Partial<PlannedOrderMoney>;

/**
 * An order's money as stored (our own export since version 4); left out for an older file's order, which gets
 * the columns' defaults and, when it left Aktiv, its number after the import has written everything else.
 */
export type PlannedOrderMoney = {
  number: string | null;
  billed_at: string | null;
  bill_void: number;
  vat_registered: number;
  settled_at: string | null;
  pickup: number;
  discount_kind: 'kr' | 'pct' | null;
  discount_value: number | null;
};

/** A credit note with the rows of the bill it refunds, written together. */
export type PlannedCreditNote = { note: CreditNoteRow; lines: CreditNoteLineRow[] };

export type ImportRows = {
  customers: CustomerRow[];
  beads: PlannedBead[];
  todos: TodoRow[];
  orders: PlannedOrder[];
  orderLines: OrderLineRow[];
  /** Written through the stock service, which then sets each bead's stock from its movements. */
  stockMovements: StockMovementRow[];
  creditNotes: PlannedCreditNote[];
  payments: PaymentInsert[];
};

/**
 * What the database holds, as far as the plan needs it. The id sets need only hold the ids the file
 * mentions (its rows' ids and their references); names, todo keys and active orders are complete.
 */
export type CurrentState = {
  customerIds: ReadonlySet<string>;
  /** name_key → customer id, for every customer. */
  customerIdByKey: ReadonlyMap<string, string>;
  beadIds: ReadonlySet<string>;
  /** beadNameKey(name) → bead id, for every bead (names are unique ignoring case). */
  beadIdByName: ReadonlyMap<string, string>;
  todoIds: ReadonlySet<string>;
  /** todoKey(beadId, customerId) → todo id, for every todo. */
  todoIdByKey: ReadonlyMap<string, string>;
  orderIds: ReadonlySet<string>;
  /** customer id → id of its active order, for every active order. */
  activeOrderByCustomer: ReadonlyMap<string, string>;
  orderLineIds: ReadonlySet<string>;
  stockMovementIds: ReadonlySet<string>;
  /**
   * The money (only our own export since version 4 has any, so missing means none): the credit notes and
   * payments the file mentions that exist, which of its numbers the shop has given already (to an order or a
   * credit note), and which of the order lines its credit notes refund are refunded already.
   */
  creditNoteIds?: ReadonlySet<string>;
  paymentIds?: ReadonlySet<string>;
  takenNumbers?: ReadonlySet<string>;
  creditedLineIds?: ReadonlySet<string>;
};

/** The key of a todo in `CurrentState.todoIdByKey`: one todo per bead and customer. */
export const todoKey = (beadId: string, customerId: string | null) => `${beadId}\u0000${customerId ?? ''}`;

/** Reports one conflict (in Danish, naming the document ids) and how it was resolved. */
export type ReportIssue = (code: ImportIssueCode, table: DataTable, ids: string[], message: string) => void;

/** A plan in the making: each step (customers, beads, todos, orders, order lines) adds its rows and issues. */
export type PlanInProgress = {
  current: CurrentState;
  now: string;
  rows: ImportRows;
  /** Per table, the ids of the file's rows the database already holds (left as they are). */
  present: Record<DataTable, string[]>;
  counts: Record<DataTable, ImportTableCounts>;
  issue: ReportIssue;
  /** The numbers given so far, the shop's and the planned ones: a number stands once, orders and credit notes alike. */
  usedNumbers: Set<string>;
};

/** 'Åse' → 'Åse (2)', 'Åse (3)', … until `isFree` accepts it. */
export function withSuffix(name: string, isFree: (candidate: string) => boolean): string {
  for (let n = 2; ; n++) {
    const candidate = `${name} (${n})`;
    if (isFree(candidate)) return candidate;
  }
}
