/**
 * The shop's settings (Indstillinger → Butik): one row with the shop's name, postage, ways to pay
 * and the bill's greeting and closing. The orders service reads them for every order total it makes (an
 * active order's postage follows them) and the bill text. The row also keeps when the counting screen's round
 * started, which the stock module reads and writes through here.
 */
import { nowIso } from '../../shared/domain/dates.ts';
import { DEFAULT_MESSAGE_SETTINGS, isCarrier } from '../../shared/domain/outgoing-texts.ts';
import { DEFAULT_SHOP_SETTINGS } from '../../shared/domain/shop-settings.ts';
import type { ShopSettings } from '../../shared/schemas/api-settings.ts';
import type { MessageSettings, MessageSettingsUpdate } from '../../shared/schemas/outgoing.ts';
import type { ShopSettingsUpdate } from '../../shared/schemas/shop-settings.ts';
import { recordChange } from '../changes/change-log.service.ts';
import type { Db, ShopSettingsRow } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { findShopSettings, updateShopSettings as updateRow } from './settings.repository.ts';

function toShopSettings(row: ShopSettingsRow): ShopSettings {
  return {
    shopName: row.shop_name,
    postageOre: Number(row.postage_ore),
    postageHomeOre: Number(row.postage_home_ore),
    mobilePayNumber: row.mobilepay_number,
    mobilePayBox: row.mobilepay_box,
    bankReg: row.bank_reg,
    bankAccount: row.bank_account,
    billGreeting: row.bill_greeting,
    billClosing: row.bill_closing,
    reminderDays: Number(row.reminder_days),
    lowStockThreshold: Number(row.low_stock_threshold),
    address: row.address ?? null,
    cvr: row.cvr ?? null,
    vatRegistered: Boolean(row.vat_registered),
    updatedAt: row.updated_at,
  };
}

/** The shop's settings; the defaults if the row is missing (it never is after migration 0005). */
export async function getShopSettings(db: Db): Promise<ShopSettings> {
  const row = await findShopSettings(db);
  return row ? toShopSettings(row) : { ...DEFAULT_SHOP_SETTINGS, updatedAt: '1970-01-01T00:00:00.000Z' };
}

/**
 * Replaces every setting (the form sends them all; the schema has cleaned and checked them). One change-log
 * entry `shop settings update`: clients refresh everything, since every active order's total may have changed.
 */
export function updateShopSettings(db: Db, input: ShopSettingsUpdate): Promise<ShopSettings> {
  return inTransaction(db, async (trx) => {
    await writeShopSettings(trx, input);
    recordChange(trx, { entity: 'shop', id: 'settings', action: 'update' });
    return getShopSettings(trx);
  });
}

function writeShopSettings(db: Db, input: ShopSettingsUpdate): Promise<void> {
  return updateRow(db, {
    shop_name: input.shopName,
    postage_ore: input.postageOre,
    postage_home_ore: input.postageHomeOre,
    mobilepay_number: input.mobilePayNumber,
    mobilepay_box: input.mobilePayBox,
    bank_reg: input.bankReg,
    bank_account: input.bankAccount,
    bill_greeting: input.billGreeting,
    bill_closing: input.billClosing,
    reminder_days: input.reminderDays,
    low_stock_threshold: input.lowStockThreshold,
    address: input.address,
    cvr: input.cvr,
    vat_registered: input.vatRegistered ? 1 : 0,
    updated_at: nowIso(),
  });
}

const SETTING_FIELDS = [
  'shopName',
  'postageOre',
  'postageHomeOre',
  'mobilePayNumber',
  'mobilePayBox',
  'bankReg',
  'bankAccount',
  'billGreeting',
  'billClosing',
  'reminderDays',
  'lowStockThreshold',
  'address',
  'cvr',
  'vatRegistered',
] as const satisfies ReadonlyArray<keyof ShopSettingsUpdate>;

/** Whether the settings hold exactly these values (updatedAt aside). */
export function sameShopSettings(current: ShopSettings, input: ShopSettingsUpdate): boolean {
  return SETTING_FIELDS.every((field) => current[field] === input[field]);
}

/**
 * The import (our own export since version 2) replaces every setting, in the import's transaction `trx`. No
 * change of its own: the import records one `shop import` change, after which clients refresh everything.
 */
export async function replaceShopSettingsForImport(trx: Db, input: ShopSettingsUpdate): Promise<void> {
  await writeShopSettings(trx, input);
}

/** When the counting screen's current round started (docs/product/stock.md); null: the first round. */
export async function countRoundStartedAt(db: Db): Promise<string | null> {
  return (await findShopSettings(db))?.count_round_started_at ?? null;
}

/**
 * Sets when the counting screen's current round started, in the caller's transaction (the stock module's
 * 'Start en ny optælling', which records its change).
 */
export async function setCountRoundStartedAt(trx: Db, startedAt: string): Promise<void> {
  await updateRow(trx, { count_round_started_at: startedAt });
}

function toMessageSettings(row: ShopSettingsRow): MessageSettings {
  return {
    // The database's CHECK allows only the four carriers.
    carrier: isCarrier(row.carrier) ? row.carrier : DEFAULT_MESSAGE_SETTINGS.carrier,
    trackingUrlPostnord: row.tracking_url_postnord ?? null,
    trackingUrlGls: row.tracking_url_gls ?? null,
    trackingUrlDao: row.tracking_url_dao ?? null,
    trackingUrlOwn: row.tracking_url_own ?? null,
    messageShipped: row.message_shipped ?? null,
    messageArrived: row.message_arrived ?? null,
    updatedAt: row.updated_at,
  };
}

/**
 * Indstillinger → Beskeder (docs/product/messages.md#texts-that-go-out): the carrier, its tracking links and the
 * two message templates, kept in the shop's settings row; the defaults if the row is missing.
 */
export async function getMessageSettings(db: Db): Promise<MessageSettings> {
  const row = await findShopSettings(db);
  return row
    ? toMessageSettings(row)
    : { ...DEFAULT_MESSAGE_SETTINGS, updatedAt: '1970-01-01T00:00:00.000Z' };
}

/**
 * Replaces every message setting (the card sends them all; the schema has cleaned and checked them). The same
 * change-log entry as the shop's own settings: clients refresh what shows them.
 */
export function updateMessageSettings(db: Db, input: MessageSettingsUpdate): Promise<MessageSettings> {
  return inTransaction(db, async (trx) => {
    await updateRow(trx, {
      carrier: input.carrier,
      tracking_url_postnord: input.trackingUrlPostnord,
      tracking_url_gls: input.trackingUrlGls,
      tracking_url_dao: input.trackingUrlDao,
      tracking_url_own: input.trackingUrlOwn,
      message_shipped: input.messageShipped,
      message_arrived: input.messageArrived,
      updated_at: nowIso(),
    });
    recordChange(trx, { entity: 'shop', id: 'settings', action: 'update' });
    return getMessageSettings(trx);
  });
}
