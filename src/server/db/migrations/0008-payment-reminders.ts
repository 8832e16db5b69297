// Frozen in time: never import application code here.
//
// Betalingspåmindelser: after how many whole days in Afventer betaling an order needs a payment
// reminder (shop_settings.reminder_days, 1–365, default 7, as src/shared/domain/limits.ts and shop-settings.ts
// said when this was written), and when the owner last copied a reminder for an order
// (orders.reminder_copied_at, an ISO-8601 UTC instant; null = never).
//
// Both engines can add a column with a CHECK and a NOT NULL default (SQLite checks the existing row, which gets
// the default), so no trigger is needed. The reminders list reads when each order entered Afventer betaling from
// the change log's status entries, found by the existing index change_log_entity_idx (entity, entity_id).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

const MIN_REMINDER_DAYS = 1;
const MAX_REMINDER_DAYS = 365;
const DEFAULT_REMINDER_DAYS = 7;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `alter table shop_settings add column reminder_days integer not null default ${DEFAULT_REMINDER_DAYS} ` +
        `check (reminder_days between ${MIN_REMINDER_DAYS} and ${MAX_REMINDER_DAYS})`,
    )
    .execute(db);
  await sql`alter table orders add column reminder_copied_at text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('reminder_copied_at').execute();
  await db.schema.alterTable('shop_settings').dropColumn('reminder_days').execute();
}
