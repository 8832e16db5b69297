import type { Updateable } from 'kysely';
import type { Db, ShopSettingsRow, ShopSettingsTable } from '../db/database.ts';

/** The one row (id 1) that migration 0005 creates; a second row is impossible (CHECK id = 1). */
export function findShopSettings(db: Db): Promise<ShopSettingsRow | undefined> {
  return db.selectFrom('shop_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

export async function updateShopSettings(db: Db, patch: Updateable<ShopSettingsTable>): Promise<void> {
  await db.updateTable('shop_settings').set(patch).where('id', '=', 1).execute();
}
