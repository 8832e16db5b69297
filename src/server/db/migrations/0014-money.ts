// Frozen in time: never import application code here.
//
// The shop's money (decision 0019, docs/product/money.md): numbered bills, the payments she records, credit
// notes, discounts, pick-up in the shop, and the shop's address, CVR number and VAT registration.
//
//   orders.number         '2026-0042': the year, then a running number within it (at least four digits), given
//                         once and never changed (unique). billed_at is the moment it was given: the bill's
//                         date. bill_void is 1 while a numbered order is "Annulleret": it went back to Aktiv, or
//                         was emptied, and has not been billed again. vat_registered: whether the shop was
//                         VAT-registered when the order was (last) billed.
//   orders.settled_at     when the order last moved from Aktiv or Afventer betaling into Skal pakkes or a later
//                         status (by hand or by a full payment); null otherwise.
//   orders.pickup         'Afhentning': picked up in the shop, no postage.
//   orders.discount_kind/_value   'Rabat': 'kr' (øre) or 'pct' (1–100 %), at most one per order.
//   number_series         the last number given per year, orders and credit notes alike: the row is locked by
//                         the transaction that gives a number, so numbers are consecutive on both engines.
//   payments              one row per payment she records (amount in øre, way, date); deleted_at set when she
//                         deletes it (its 'Fortryd' clears it). A refund (credit_note_id set) is negative.
//                         moved_status: the payment moved the order from Afventer betaling to Skal pakkes.
//   credit_notes          a 'Kreditnota': its own number from the same series, the order it refunds, and its
//                         amounts (positive øre; shown negative), written once.
//   credit_note_lines     the bill's rows it refunds: each order line at most once, over all credit notes.
//   shop_settings.address, cvr, vat_registered   Indstillinger → Butik: 'Adresse', 'CVR-nummer', 'Momsregistreret'.
//
// A numbered order and a credit note can never be deleted: a trigger refuses it on both engines.
//
// Orders that left Aktiv before this migration get their numbers now, once, in the order they were billed (the
// first time their history shows them leaving Aktiv, else their start), year by year in Danish time; an order
// that left Aktiv and came back is numbered too and is Annulleret until it is billed again. Orders in Skal
// pakkes or later get settled_at from their history (the newest move there from Aktiv or Afventer betaling),
// else null. payments and credit_notes join the versioned tables of 0003.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: the schema of the day is not the app's Database type.
type AnyDb = Kysely<any>;

const MAX_PAYMENT_ORE = 100_000_000;
const MAX_DISCOUNT_ORE = 10_000_000;
const MAX_ADDRESS_LENGTH = 300;
const METHODS = "('mobilepay', 'bank', 'cash', 'other')";
const VERSIONED = ['payments', 'credit_notes'];
const BATCH = 500;
const SETTLED = ['paid', 'packed', 'shipped'];
const UNSETTLED = ['active', 'invoiced'];

const copenhagenYear = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Copenhagen', year: 'numeric' });
const yearOf = (iso: string) => Number(copenhagenYear.format(new Date(iso)));
const numberOf = (year: number, seq: number) => `${year}-${String(seq).padStart(4, '0')}`;

async function createTables(db: AnyDb, pg: boolean): Promise<void> {
  await sql`alter table orders add column number text`.execute(db);
  await sql`alter table orders add column billed_at text`.execute(db);
  await sql`alter table orders add column bill_void integer not null default 0 check (bill_void in (0, 1))`.execute(
    db,
  );
  await sql`alter table orders add column vat_registered integer not null default 0 check (vat_registered in (0, 1))`.execute(
    db,
  );
  await sql`alter table orders add column settled_at text`.execute(db);
  await sql`alter table orders add column pickup integer not null default 0 check (pickup in (0, 1))`.execute(
    db,
  );
  await sql`alter table orders add column discount_kind text check (discount_kind is null or discount_kind in ('kr', 'pct'))`.execute(
    db,
  );
  await sql
    .raw(
      `alter table orders add column discount_value integer check (discount_value is null or discount_value between 1 and ${MAX_DISCOUNT_ORE})`,
    )
    .execute(db);
  await sql`create unique index orders_number_idx on orders (number)`.execute(db);
  // The books of a period: the numbers given in it.
  await sql`create index orders_billed_idx on orders (billed_at) where billed_at is not null`.execute(db);

  await sql`create table number_series (year integer primary key, last_number integer not null check (last_number >= 0))`.execute(
    db,
  );

  await sql
    .raw(
      `create table credit_notes (
        id text primary key,
        order_id text not null references orders(id),
        number text not null unique,
        created_at text not null,
        goods_ore integer not null check (goods_ore >= 0),
        postage_ore integer not null check (postage_ore >= 0),
        discount_ore integer not null check (discount_ore >= 0),
        total_ore integer not null check (total_ore >= 0),
        vat_ore integer not null check (vat_ore >= 0)
      )`,
    )
    .execute(db);
  await sql`create index credit_notes_order_idx on credit_notes (order_id)`.execute(db);
  await sql`create index credit_notes_created_idx on credit_notes (created_at)`.execute(db);
  await sql
    .raw(
      `create table credit_note_lines (
        credit_note_id text not null references credit_notes(id),
        order_line_id text not null unique,
        position integer not null,
        text text not null,
        price_ore integer not null check (price_ore >= 0),
        primary key (credit_note_id, order_line_id)
      )`,
    )
    .execute(db);

  await sql
    .raw(
      `create table payments (
        id text primary key,
        order_id text not null references orders(id),
        credit_note_id text references credit_notes(id),
        amount_ore integer not null check (amount_ore <> 0 and amount_ore between -${MAX_PAYMENT_ORE} and ${MAX_PAYMENT_ORE}),
        method text not null check (method in ${METHODS}),
        paid_on text not null check (length(paid_on) = 10),
        recorded_at text not null,
        deleted_at text,
        moved_status integer not null default 0 check (moved_status in (0, 1)),
        check (credit_note_id is null or amount_ore < 0),
        check (credit_note_id is not null or amount_ore > 0)
      )`,
    )
    .execute(db);
  await sql`create index payments_order_idx on payments (order_id)`.execute(db);

  await sql
    .raw(
      `alter table shop_settings add column address text check (address is null or length(address) between 1 and ${MAX_ADDRESS_LENGTH})`,
    )
    .execute(db);
  const cvrOk = pg ? "cvr ~ '^[0-9]{8}$'" : "length(cvr) = 8 and cvr not glob '*[^0-9]*'";
  await sql
    .raw(`alter table shop_settings add column cvr text check (cvr is null or (${cvrOk}))`)
    .execute(db);
  await sql`alter table shop_settings add column vat_registered integer not null default 0 check (vat_registered in (0, 1))`.execute(
    db,
  );
}

/** Refuses to delete a numbered order or a credit note, on both engines. */
async function createDeleteGuards(db: AnyDb, pg: boolean): Promise<void> {
  if (pg) {
    await sql`create function refuse_numbered_delete() returns trigger language plpgsql as $$
      begin
        if TG_TABLE_NAME = 'credit_notes' or old.number is not null then
          raise exception 'a numbered % row cannot be deleted', TG_TABLE_NAME using errcode = '23001';
        end if;
        return old;
      end $$`.execute(db);
    for (const table of ['orders', 'credit_notes'])
      await sql
        .raw(
          `create trigger ${table}_keep_numbered before delete on ${table} for each row execute function refuse_numbered_delete()`,
        )
        .execute(db);
    return;
  }
  await sql
    .raw(
      `create trigger orders_keep_numbered before delete on orders when old.number is not null begin
        select raise(abort, 'a numbered order cannot be deleted'); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger credit_notes_keep before delete on credit_notes begin
        select raise(abort, 'a credit note cannot be deleted'); end`,
    )
    .execute(db);
}

async function versionTables(db: AnyDb, pg: boolean): Promise<void> {
  for (const table of VERSIONED) {
    await sql`insert into table_versions (table_name, version) values (${table}, 0)`.execute(db);
    if (pg) {
      await sql
        .raw(
          `create trigger ${table}_version after insert or update or delete or truncate on ${table} ` +
            'for each statement execute function bump_table_version()',
        )
        .execute(db);
      continue;
    }
    for (const event of ['insert', 'update', 'delete'])
      await sql
        .raw(
          `create trigger ${table}_version_${event} after ${event} on ${table} begin ` +
            `update table_versions set version = version + 1 where table_name = '${table}'; end`,
        )
        .execute(db);
  }
}

type OrderFacts = { id: string; created_at: string; status: string };
type Numbered = { id: string; number: string; billedAt: string; void: boolean; settledAt: string | null };

/** The first move out of Aktiv and the newest move into Skal pakkes or later, per order, from its history. */
async function historyOf(db: AnyDb, ids: readonly string[]) {
  const firstBilled = new Map<string, string>();
  const settled = new Map<string, string>();
  if (ids.length === 0) return { firstBilled, settled };
  const rows = (await db
    .selectFrom('order_history')
    .select(['order_id', 'at', 'from_value', 'to_value'])
    .where('kind', '=', 'status')
    .where('order_id', 'in', ids)
    .orderBy('seq')
    .execute()) as Array<{ order_id: string; at: string; from_value: string; to_value: string }>;
  for (const row of rows) {
    if (row.from_value === 'active' && row.to_value !== 'active') {
      const known = firstBilled.get(row.order_id);
      if (known === undefined || Date.parse(row.at) < Date.parse(known))
        firstBilled.set(row.order_id, row.at);
    }
    if (UNSETTLED.includes(row.from_value) && SETTLED.includes(row.to_value))
      settled.set(row.order_id, row.at);
    if (SETTLED.includes(row.from_value) && UNSETTLED.includes(row.to_value)) settled.delete(row.order_id);
  }
  return { firstBilled, settled };
}

/** Numbers the orders that left Aktiv (by status, or by their history), in the order they were billed. */
async function numberOldOrders(db: AnyDb, pg: boolean): Promise<void> {
  const everyOrder = (await db
    .selectFrom('orders')
    .select(['id', 'created_at', 'status'])
    .execute()) as OrderFacts[];
  const billed: Array<OrderFacts & { billedAt: string; settledAt: string | null }> = [];
  for (let i = 0; i < everyOrder.length; i += BATCH) {
    const chunk = everyOrder.slice(i, i + BATCH);
    const { firstBilled, settled } = await historyOf(
      db,
      chunk.map((order) => order.id),
    );
    for (const order of chunk) {
      const left = firstBilled.get(order.id);
      if (order.status === 'active' && left === undefined) continue;
      billed.push({
        ...order,
        billedAt: left ?? order.created_at,
        settledAt: SETTLED.includes(order.status) ? (settled.get(order.id) ?? null) : null,
      });
    }
  }
  billed.sort((a, b) => Date.parse(a.billedAt) - Date.parse(b.billedAt) || (a.id < b.id ? -1 : 1));
  const lastOfYear = new Map<number, number>();
  const numbered: Numbered[] = billed.map((order) => {
    const year = yearOf(order.billedAt);
    const seq = (lastOfYear.get(year) ?? 0) + 1;
    lastOfYear.set(year, seq);
    return {
      id: order.id,
      number: numberOf(year, seq),
      billedAt: order.billedAt,
      void: order.status === 'active',
      settledAt: order.settledAt,
    };
  });
  for (let i = 0; i < numbered.length; i += BATCH) {
    const chunk = numbered.slice(i, i + BATCH);
    if (pg) {
      const values = sql.join(
        chunk.map(
          (row) =>
            sql`(${row.id}, ${row.number}, ${row.billedAt}, ${row.void ? 1 : 0}::integer, ${row.settledAt}::text)`,
        ),
      );
      await sql`update orders as o set number = v.number, billed_at = v.billed_at, bill_void = v.bill_void,
        settled_at = v.settled_at
        from (values ${values}) as v(id, number, billed_at, bill_void, settled_at) where o.id = v.id`.execute(
        db,
      );
    } else {
      for (const row of chunk)
        await db
          .updateTable('orders')
          .set({
            number: row.number,
            billed_at: row.billedAt,
            bill_void: row.void ? 1 : 0,
            settled_at: row.settledAt,
          })
          .where('id', '=', row.id)
          .execute();
    }
  }
  const series = [...lastOfYear].map(([year, last]) => ({ year, last_number: last }));
  if (series.length > 0) await db.insertInto('number_series').values(series).execute();
}

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await createTables(db, pg);
  await numberOldOrders(db, pg);
  await createDeleteGuards(db, pg);
  await versionTables(db, pg);
}

export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of VERSIONED) {
    if (pg) await sql.raw(`drop trigger if exists ${table}_version on ${table}`).execute(db);
    else
      for (const event of ['insert', 'update', 'delete'])
        await sql.raw(`drop trigger if exists ${table}_version_${event}`).execute(db);
    await sql`delete from table_versions where table_name = ${table}`.execute(db);
  }
  if (pg) {
    await sql`drop trigger if exists orders_keep_numbered on orders`.execute(db);
    await sql`drop trigger if exists credit_notes_keep_numbered on credit_notes`.execute(db);
    await sql`drop function if exists refuse_numbered_delete()`.execute(db);
  } else {
    await sql`drop trigger if exists orders_keep_numbered`.execute(db);
    await sql`drop trigger if exists credit_notes_keep`.execute(db);
  }
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('credit_note_lines').execute();
  await db.schema.dropTable('credit_notes').execute();
  await db.schema.dropTable('number_series').execute();
  await sql`drop index if exists orders_billed_idx`.execute(db);
  await sql`drop index if exists orders_number_idx`.execute(db);
  for (const column of [
    'number',
    'billed_at',
    'bill_void',
    'vat_registered',
    'settled_at',
    'pickup',
    'discount_kind',
    'discount_value',
  ])
    await sql.raw(`alter table orders drop column ${column}`).execute(db);
  for (const column of ['address', 'cvr', 'vat_registered'])
    await sql.raw(`alter table shop_settings drop column ${column}`).execute(db);
}
