/**
 * Migration 0010-customer-address on a database of 0008's day, on both engines: each customer's free-text address
 * is read into the new fields (Danish ones), or kept exactly as it was and marked 'Tjek adressen' (foreign ones,
 * garbage); nothing is lost; the database refuses what the forms would refuse; down folds the fields back.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/create-db.ts';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import { ADDRESS_CASES } from '../fixtures/address-cases.ts';
import { createEmptyDatabase, dialects } from '../support/test-db.ts';

// biome-ignore lint/suspicious/noExplicitAny: the schema of 0008's day is not the app's Database type.
type AnyDb = Kysely<any>;

/** 0006 refused an address of only blanks: the cases that hold some text, as an old database could. */
const STORED = ADDRESS_CASES.filter(([, text]) => text.trim() !== '');

describe.each(dialects)('migration 0010 on %s', (kind) => {
  let handle: DbHandle & { drop: () => Promise<void> };
  let db: AnyDb;
  const ids = STORED.map(() => crypto.randomUUID());
  const noAddress = crypto.randomUUID();
  const row = (id: string) =>
    db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    handle = await createEmptyDatabase(kind);
    db = handle.db as AnyDb;
    await migrateTo(db, '0008-payment-reminders');
    const customer = (id: string, n: number, address: string | null) => ({
      id,
      name: `Kunde ${n}`,
      name_key: `kunde ${n}`,
      created_at: '2026-01-01T10:00:00.000Z',
      address,
    });
    await db
      .insertInto('customers')
      .values([...STORED.map(([, text], n) => customer(ids[n]!, n, text)), customer(noAddress, 999, null)])
      .execute();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it('reads each old address as the app reads it: Danish into the fields, the rest kept and marked', async () => {
    for (const [n, [label, text, expected]] of STORED.entries()) {
      const stored = await row(ids[n]!);
      expect(
        {
          address: stored.address,
          address2: stored.address2,
          postcode: stored.postcode,
          city: stored.city,
          countryCode: stored.country_code,
          needsCheck: Boolean(stored.address_needs_check),
        },
        label,
      ).toEqual(expected);
      // Nothing lost: an unread text is kept byte for byte.
      if (expected?.needsCheck) expect(stored.address).toBe(text);
    }
    expect(await row(noAddress)).toMatchObject({
      address: null,
      postcode: null,
      city: null,
      country_code: 'DK',
      address_needs_check: kind === 'sqlite' ? 0 : false,
    });
  });

  it('refuses what the forms refuse: a bad Danish postcode, a too long line, a country that is no code', async () => {
    const id = ids[0]!;
    for (const set of [
      { postcode: '0800' },
      { postcode: '80000' },
      { postcode: 'abcd' },
      { address2: 'x'.repeat(55) },
      { city: 'B'.repeat(41) },
      { country_code: 'dk' },
      { country_code: 'DNK' },
    ]) {
      await expect(
        db.updateTable('customers').set(set).where('id', '=', id).execute(),
        JSON.stringify(set),
      ).rejects.toThrow(/check constraint|customers_/i);
    }
    // Abroad a postcode has another form.
    await db
      .updateTable('customers')
      .set({ country_code: 'SE', postcode: '111 22' })
      .where('id', '=', id)
      .execute();
    expect(await row(id)).toMatchObject({ country_code: 'SE', postcode: '111 22' });
  });

  it('goes down, folding the fields back into one text, and up again', async () => {
    await migrateTo(db, '0008-payment-reminders');
    const danish = STORED.findIndex(([label]) => label === 'a supplementary town name');
    expect((await row(ids[danish]!)).address).toBe('Bygaden 4\nVester Egesborg\n4760 Vordingborg');
    expect((await row(ids[0]!)).address).toBe('Kastanievej 15, 2. th\n111 22 Strøby\nSE');
    await migrateToLatest(db);
    expect(await row(ids[danish]!)).toMatchObject({
      address: 'Bygaden 4',
      address2: 'Vester Egesborg',
      postcode: '4760',
      city: 'Vordingborg',
    });
  });
});
