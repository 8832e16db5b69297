import type { ColumnType, Generated, Insertable, Kysely, Selectable } from 'kysely';

/**
 * Timestamps are ISO-8601 UTC strings on both engines (see docs/decisions/0002-portable-column-types.md).
 * Booleans are written as 0/1 and read back as 0/1 (SQLite) or true/false (PostgreSQL): map with Boolean().
 */
type Bool = ColumnType<number | boolean, number, number>;

export interface CustomersTable {
  id: string;
  name: string;
  name_key: string;
  created_at: string;
  /** Contact details (migration 0006), null when not known. */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  email: ColumnType<string | null, string | null | undefined, string | null>;
  address: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The rest of the postal address (migration 0010): 'Ekstra adresselinje', 'Postnr.', 'By' (null when not known),
   * 'Land' (ISO code, 'DK' by default) and 'Tjek adressen' (an old free-text address in `address` that could not
   * be read).
   */
  address2: ColumnType<string | null, string | null | undefined, string | null>;
  postcode: ColumnType<string | null, string | null | undefined, string | null>;
  city: ColumnType<string | null, string | null | undefined, string | null>;
  country_code: ColumnType<string, string | undefined, string>;
  address_needs_check: ColumnType<number | boolean, number | undefined, number>;
  /** When the customer was archived (hidden from lists and pickers); null while she is not. */
  archived_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BeadsTable {
  id: string;
  name: string;
  /**
   * Cleaned name in Danish lower case: unique, so bead names are unique ignoring case
   * (docs/product/beads.md).
   */
  name_key: string;
  price_ore: number;
  sale_type: string | null;
  is_deleted: Bool;
  created_at: string;
  /** The cover photo (migration 0009): the first photo of the bead that is not deleted; null without one. */
  photo_id: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Stock (migration 0011): the count by the rule of docs/product/stock.md, the latest count's moment and number;
   * all three null while the bead has never been counted.
   */
  stock: ColumnType<number | null, number | null | undefined, number | null>;
  stock_counted_at: ColumnType<string | null, string | null | undefined, string | null>;
  stock_last_count: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One stock movement (migration 0011, docs/product/stock.md). */
export interface StockMovementsTable {
  id: string;
  bead_id: string;
  kind: string;
  /** The counted number for a count; a signed change for every other kind. */
  quantity: number;
  /** Its moment on the shelf: when she typed a count, when the server made anything else. */
  at: string;
  recorded_at: string;
  reason: string | null;
  order_id: string | null;
  customer_id: string | null;
  /** The delivery ('received' movement) whose 'Læg i kundernes ordrer' made this sale. */
  delivery_id: string | null;
  /** A delivery's JSON: the todos it completed, for its 'Fortryd'. */
  data: string | null;
}

/**
 * One picture (migration 0009, decision 0016): its id is made from its content, its bytes are WebP. Written
 * once and never changed; removed when no bead has named it for a while.
 */
export interface PhotosTable {
  id: string;
  display: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  created_at: string;
}

/** A bead's photo (migration 0009): lowest position first (the cover); deleted_at set while "Fortryd" may undo. */
export interface BeadPhotosTable {
  bead_id: string;
  photo_id: string;
  position: number;
  added_at: string;
  deleted_at: string | null;
}

export interface TodosTable {
  id: string;
  bead_id: string;
  customer_id: string | null;
  amount: number;
  created_at: string;
}

export interface OrdersTable {
  id: string;
  customer_id: string | null;
  created_at: string;
  status: string;
  home_delivery: Bool;
  /**
   * Postage in øre frozen when the order left Aktiv (migration 0005); null while it is active and follows the
   * shop's settings.
   */
  postage_ore: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the owner last copied a payment reminder for the order (migration 0008); null = never. */
  reminder_copied_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The bill's number ('2026-0042') and the moment it was given, the bill's date (migration 0014, decision 0019);
   * null until the order is billed. Never changed once given.
   */
  number: ColumnType<string | null, string | null | undefined, string | null>;
  billed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 while a numbered order is 'Annulleret': back in Aktiv or emptied, not billed again since. */
  bill_void: ColumnType<number | boolean, number | undefined, number>;
  /** Whether the shop was VAT-registered when the order was (last) billed. */
  vat_registered: ColumnType<number | boolean, number | undefined, number>;
  /** When the order last moved from Aktiv or Afventer betaling to Skal pakkes or later; null otherwise. */
  settled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'Afhentning': picked up in the shop, no postage. */
  pickup: ColumnType<number | boolean, number | undefined, number>;
  /** 'Rabat': 'kr' (value in øre) or 'pct' (value 1–100); both null without one. */
  discount_kind: ColumnType<'kr' | 'pct' | null, 'kr' | 'pct' | null | undefined, 'kr' | 'pct' | null>;
  discount_value: ColumnType<number | null, number | null | undefined, number | null>;
  /** 'Pakkenummer' (migration 0015): the parcel's number at the carrier; null until she gives it. */
  tracking_number: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The last number given per year (migration 0014): orders and credit notes share the series. */
export interface NumberSeriesTable {
  year: number;
  last_number: number;
}

/** A payment she recorded (migration 0014); a refund of a credit note is negative. */
export interface PaymentsTable {
  id: string;
  order_id: string;
  credit_note_id: string | null;
  amount_ore: number;
  method: 'mobilepay' | 'bank' | 'cash' | 'other';
  /** The day it was paid, 'YYYY-MM-DD' (Danish calendar). */
  paid_on: string;
  recorded_at: string;
  /** Set when she deleted it; its 'Fortryd' clears it. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when this payment moved the order from Afventer betaling to Skal pakkes. */
  moved_status: ColumnType<number | boolean, number | undefined, number>;
}

/** A 'Kreditnota' (migration 0014): its number, the order it refunds, its amounts in positive øre. */
export interface CreditNotesTable {
  id: string;
  order_id: string;
  number: string;
  created_at: string;
  goods_ore: number;
  postage_ore: number;
  discount_ore: number;
  total_ore: number;
  vat_ore: number;
}

/** A row of the bill a credit note refunds: each order line at most once over all credit notes. */
export interface CreditNoteLinesTable {
  credit_note_id: string;
  order_line_id: string;
  position: number;
  text: string;
  price_ore: number;
}

/** The shop's settings (migration 0005): exactly one row, id 1. */
export interface ShopSettingsTable {
  id: ColumnType<number, number | undefined, never>;
  shop_name: string;
  postage_ore: number;
  postage_home_ore: number;
  mobilepay_number: string | null;
  mobilepay_box: string | null;
  bank_reg: string | null;
  bank_account: string | null;
  bill_greeting: string | null;
  bill_closing: string | null;
  updated_at: string;
  /** Days in Afventer betaling before an order needs a payment reminder, 1–365 (migration 0008). */
  reminder_days: ColumnType<number, number | undefined, number>;
  /** 'Få tilbage' at or below this many (migration 0011), 0–999. */
  low_stock_threshold: ColumnType<number, number | undefined, number>;
  /** When the counting screen's current round started (migration 0011); null: the first round. */
  count_round_started_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The shop's postal address and CVR number on receipts, and 'Momsregistreret' (migration 0014). */
  address: ColumnType<string | null, string | null | undefined, string | null>;
  cvr: ColumnType<string | null, string | null | undefined, string | null>;
  vat_registered: ColumnType<number | boolean, number | undefined, number>;
  /**
   * Indstillinger → Beskeder (migration 0015): the carrier she sends with, each carrier's tracking link and the two
   * message templates; null = the app's default.
   */
  carrier: ColumnType<string, string | undefined, string>;
  tracking_url_postnord: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_url_gls: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_url_dao: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_url_own: ColumnType<string | null, string | null | undefined, string | null>;
  message_shipped: ColumnType<string | null, string | null | undefined, string | null>;
  message_arrived: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  bead_id: string | null;
  text: string | null;
  price_ore: number | null;
  sale_type: string | null;
  added_at: string;
  /** When the line was ticked on the packing screen (migration 0007); null while it is not. */
  packed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface IdempotencyKeysTable {
  key: string;
  scope: string;
  response: string;
  created_at: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
}

/** One row per shop table; the database raises `version` on every write (migration 0003). */
export interface TableVersionsTable {
  table_name: string;
  version: ColumnType<number | string, number, number>;
}

/** One change the services made (migration 0004); `data` is a small JSON before/after where useful. */
export interface ChangeLogTable {
  seq: ColumnType<number, never, never>;
  at: string;
  entity: string;
  entity_id: string | null;
  action: string;
  user_id: string | null;
  client_id: string | null;
  data: string | null;
}

/**
 * An order's history (migration 0012): a status change (`from_value`/`to_value` statuses), or a change of home
 * delivery ('true'/'false'); a status change by 'Markér som sendt' names its shipment, its Fortryd the shipment
 * it undoes.
 */
export interface OrderHistoryTable {
  seq: ColumnType<number, never, never>;
  order_id: string;
  at: string;
  kind: 'status' | 'home_delivery';
  from_value: string;
  to_value: string;
  shipment_id: string | null;
  undo_of: string | null;
}

export interface Database {
  change_log: ChangeLogTable;
  order_history: OrderHistoryTable;
  table_versions: TableVersionsTable;
  customers: CustomersTable;
  beads: BeadsTable;
  photos: PhotosTable;
  bead_photos: BeadPhotosTable;
  stock_movements: StockMovementsTable;
  todos: TodosTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  number_series: NumberSeriesTable;
  payments: PaymentsTable;
  credit_notes: CreditNotesTable;
  credit_note_lines: CreditNoteLinesTable;
  shop_settings: ShopSettingsTable;
  idempotency_keys: IdempotencyKeysTable;
  app_meta: AppMetaTable;
  user: AuthUserTable;
  // Remaining better-auth tables are only touched through better-auth.
  session: { id: Generated<string>; userId: string };
}

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';
/** A customer as read: every column (contact details and archived_at null when unset). */
export type CustomerRecord = Selectable<CustomersTable>;
/** A customer as inserted by seeds, imports and factories: contact details and archived_at may be left out. */
export type CustomerRow = Omit<CustomerRecord, CustomerOptionalColumn> &
  Partial<Pick<CustomerRecord, Exclude<CustomerOptionalColumn, 'address_needs_check'>>> & {
    /** 0/1 as written (read back as 0/1 or false/true: map with Boolean()). */
    address_needs_check?: number;
  };
type CustomerOptionalColumn =
  | 'phone'
  | 'email'
  | 'address'
  | 'address2'
  | 'postcode'
  | 'city'
  | 'country_code'
  | 'address_needs_check'
  | 'archived_at';
export type BeadRow = Selectable<BeadsTable>;
export type StockMovementRow = Selectable<StockMovementsTable>;
export type TodoRow = Selectable<TodosTable>;
export type OrderRow = Selectable<OrdersTable>;
/** An order line as read: every column (packed_at null while not ticked). */
export type OrderLineRecord = Selectable<OrderLinesTable>;
/** An order line as inserted by services, seeds, imports and factories: packed_at may be left out. */
export type OrderLineRow = Omit<OrderLineRecord, 'packed_at'> & Partial<Pick<OrderLineRecord, 'packed_at'>>;
export type ShopSettingsRow = Selectable<ShopSettingsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentInsert = Insertable<PaymentsTable>;
export type CreditNoteRow = Selectable<CreditNotesTable>;
export type CreditNoteLineRow = Selectable<CreditNoteLinesTable>;
