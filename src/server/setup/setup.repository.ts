import type { Db } from '../db/database.ts';

const OWNER_SETUP_KEY = 'owner_setup';

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Returns true for exactly one caller: the primary key refuses the second insert. */
export async function claimOwnerSetup(db: Db): Promise<boolean> {
  const result = await db
    .insertInto('app_meta')
    .values({ key: OWNER_SETUP_KEY, value: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function releaseOwnerSetup(db: Db): Promise<void> {
  await db.deleteFrom('app_meta').where('key', '=', OWNER_SETUP_KEY).execute();
}
