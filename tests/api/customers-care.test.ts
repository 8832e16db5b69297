/**
 * customers she can look after: rename and contact details (PATCH), archive and bring back, delete
 * only without orders and todos; archived customers out of the lists and Puden; bad input answered in Danish
 * with nothing written; the database's own limits (migration 0006) on both engines.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import {
  createBead,
  createCustomer,
  createOrder,
  createOrderLine,
  createTodo,
} from '../support/factories.ts';
import { appPerSuite } from '../support/test-app.ts';
import { createTestDatabase, dialects } from '../support/test-db.ts';

const DUPLICATE = 'Fejl: Der findes allerede en kunde med dette navn';
const ADDRESS = {
  address: 'Perlevej 1',
  address2: null,
  postcode: '8000',
  city: 'Aarhus C',
  countryCode: 'DK',
};
const ADDRESS_INCOMPLETE = 'Send hele adressen: Adresse, Ekstra adresselinje, Postnr., By og Land';

describe.each(dialects)('customer care API on %s', (kind) => {
  const t = appPerSuite(kind);

  const row = (id: string) =>
    t.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  const changes = async () => (await t.db.selectFrom('change_log').select('seq').execute()).length;
  const patch = (id: string, payload: object) =>
    t.request({ method: 'PATCH', url: `/api/customers/${id}`, payload });
  const post = (url: string) => t.request({ method: 'POST', url });
  const list = async (query = '') =>
    (await t.request({ method: 'GET', url: `/api/customers${query}` })).json() as Array<{
      id: string;
      name: string;
      archived: boolean;
    }>;

  it('renames a customer and sets her contact details, cleaned; every field given replaces the stored one', async () => {
    const customer = await createCustomer(t.db, { name: 'Åse Holmm' });
    const response = await patch(customer.id, {
      name: '  Åse   Holm ',
      phone: ' +45 12 34 56 78 ',
      email: ' aase@perler.dk ',
      address: ' Perlevej  1 ',
      address2: '',
      postcode: ' 2100 ',
      city: '  København   Ø ',
      countryCode: 'DK',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: customer.id,
      name: 'Åse Holm',
      phone: '+45 12 34 56 78',
      email: 'aase@perler.dk',
      address: 'Perlevej 1',
      address2: null,
      postcode: '2100',
      city: 'København Ø',
      countryCode: 'DK',
      addressNeedsCheck: false,
      archived: false,
      archivedAt: null,
    });
    expect(await row(customer.id)).toMatchObject({ name: 'Åse Holm', name_key: 'åse holm' });

    // Only the phone: the rest stays. '' and null clear a field.
    expect((await patch(customer.id, { phone: '87654321' })).json()).toMatchObject({
      name: 'Åse Holm',
      phone: '87654321',
      email: 'aase@perler.dk',
    });
    const noAddress = { address: null, address2: '', postcode: null, city: '', countryCode: 'DK' };
    expect((await patch(customer.id, { email: '', ...noAddress })).json()).toMatchObject({
      phone: '87654321',
      email: null,
      address: null,
      postcode: null,
      city: null,
    });
    expect(await row(customer.id)).toMatchObject({ email: null, address: null, postcode: null, city: null });

    // A change of case only is a rename too (the key stays, the name changes).
    expect((await patch(customer.id, { name: 'åse holm' })).json().name).toBe('åse holm');
  });

  it('keeps an old address marked Tjek adressen until the address is saved, and takes a foreign one', async () => {
    const customer = await createCustomer(t.db, { address: 'Perlevej 1, Aarhus', addressNeedsCheck: true });
    expect((await patch(customer.id, { name: 'Tjekke Tjeksen' })).json()).toMatchObject({
      address: 'Perlevej 1, Aarhus',
      addressNeedsCheck: true,
    });
    const saved = await patch(customer.id, {
      address: 'Storgatan 5',
      address2: null,
      postcode: '111 22',
      city: 'Stockholm',
      countryCode: 'SE',
    });
    expect(saved.json()).toMatchObject({
      address: 'Storgatan 5',
      postcode: '111 22',
      city: 'Stockholm',
      countryCode: 'SE',
      addressNeedsCheck: false,
    });
    // Abroad the postcode may be left out, and letters in it are written in capitals.
    const irish = {
      address: 'Main Street 1',
      address2: null,
      postcode: '',
      city: 'Dublin',
      countryCode: 'IE',
    };
    expect((await patch(customer.id, irish)).json()).toMatchObject({ postcode: null, city: 'Dublin' });
    const british = { ...irish, postcode: 'sw1a 2aa', city: 'London', countryCode: 'GB' };
    expect((await patch(customer.id, british)).json()).toMatchObject({ postcode: 'SW1A 2AA' });
    const entries = await t.db
      .selectFrom('change_log')
      .select('data')
      .where('entity_id', '=', customer.id)
      .orderBy('seq')
      .execute();
    expect(entries.map((entry) => JSON.parse(entry.data ?? '{}').fields)).toEqual([
      ['name'],
      ['address', 'postcode', 'city', 'country_code', 'address_needs_check'],
      ['address', 'postcode', 'city', 'country_code'],
      ['postcode', 'city', 'country_code'],
    ]);
  });

  it('records one change per real update and none when nothing differs', async () => {
    const customer = await createCustomer(t.db, { phone: '12345678' });
    const before = await changes();
    expect((await patch(customer.id, { phone: '12345678' })).statusCode).toBe(200);
    expect(await changes()).toBe(before);
    expect((await patch(customer.id, { phone: '11223344' })).statusCode).toBe(200);
    const entries = await t.db
      .selectFrom('change_log')
      .selectAll()
      .where('entity_id', '=', customer.id)
      .execute();
    expect(entries.map((e) => [e.entity, e.action, JSON.parse(e.data ?? '{}')])).toEqual([
      ['customer', 'update', { fields: ['phone'] }],
    ]);
  });

  it('refuses a rename to a taken name (Danish case-insensitive) with the spec message, writing nothing', async () => {
    await createCustomer(t.db, { name: 'Ørsted Birthe' });
    const customer = await createCustomer(t.db, { name: 'Birthe Ørsted B' });
    const before = await changes();
    for (const name of ['Ørsted Birthe', 'ørsted birthe', ' ØRSTED   BIRTHE ']) {
      const response = await patch(customer.id, { name, phone: '12345678' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: DUPLICATE, code: 'CUSTOMER_NAME_TAKEN' });
    }
    expect(await row(customer.id)).toMatchObject({ name: 'Birthe Ørsted B', phone: null });
    expect(await changes()).toBe(before);
  });

  it('lets two racing renames to the same free name end with one winner and one duplicate refusal', async () => {
    const a = await createCustomer(t.db);
    const b = await createCustomer(t.db);
    const answers = await Promise.all([
      patch(a.id, { name: 'Racer Rasmussen' }),
      patch(b.id, { name: 'racer rasmussen' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().message).toBe(DUPLICATE);
    const names = await t.db
      .selectFrom('customers')
      .select('name_key')
      .where('name_key', '=', 'racer rasmussen')
      .execute();
    expect(names).toHaveLength(1);
  });

  it.each([
    [{ name: '   ' }, 'Navn er påkrævet'],
    [{ name: '{name}' }, 'Navnet {name} kan ikke bruges'],
    [{ name: 'x'.repeat(121) }, 'Navnet må højst være på 120 tegn'],
    [{ phone: '12 34 ab' }, 'Telefonnummeret må kun indeholde tal, mellemrum, + og -'],
    [{ phone: '+ -' }, 'Skriv et telefonnummer med tal'],
    [{ phone: '1'.repeat(31) }, 'Telefonnummeret må højst være på 30 tegn'],
    [{ email: 'aase@perler' }, 'Skriv en gyldig e-mail, fx navn@eksempel.dk'],
    [{ email: 'aase.perler.dk' }, 'Skriv en gyldig e-mail, fx navn@eksempel.dk'],
    [{ email: `${'a'.repeat(250)}@b.dk` }, 'E-mailen må højst være på 254 tegn'],
    [{ phone: 12345678 }, 'Telefonnummeret må kun indeholde tal, mellemrum, + og -'],
    // The postal address: the five fields together, a Danish postcode of 4 digits, 1000–9999.
    [{ ...ADDRESS, postcode: '123' }, 'Et dansk postnummer er 4 cifre, 1000–9999', 'postcode'],
    [{ ...ADDRESS, postcode: '0800' }, 'Et dansk postnummer er 4 cifre, 1000–9999', 'postcode'],
    [{ ...ADDRESS, postcode: '8000 ' + 'C' }, 'Et dansk postnummer er 4 cifre, 1000–9999', 'postcode'],
    [{ ...ADDRESS, postcode: '' }, 'Skriv postnummeret', 'postcode'],
    [{ ...ADDRESS, city: ' ' }, 'Skriv byen', 'city'],
    [{ ...ADDRESS, address: '' }, 'Skriv vej og husnummer', 'address'],
    [{ ...ADDRESS, address: 'x'.repeat(55) }, 'Adressen må højst være på 54 tegn', 'address'],
    [
      { ...ADDRESS, postcode: '1'.repeat(11), countryCode: 'SE' },
      'Postnummeret må højst være på 10 tegn',
      'postcode',
    ],
    [{ ...ADDRESS, countryCode: 'XX' }, 'Vælg et land fra listen', 'countryCode'],
    [{ address: 'Perlevej 1', postcode: '8000', city: 'Aarhus C' }, ADDRESS_INCOMPLETE, 'address2'],
  ])('refuses %j with a Danish 400 and writes nothing', async (payload, message, field?: string) => {
    const customer = await createCustomer(t.db);
    const before = { row: await row(customer.id), changes: await changes() };
    const response = await patch(customer.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    if (field) expect(response.json().field).toBe(field);
    expect(await row(customer.id)).toEqual(before.row);
    expect(await changes()).toBe(before.changes);
  });

  it('answers 404 in Danish for an unknown customer on every route', async () => {
    const id = crypto.randomUUID();
    for (const response of [
      await patch(id, { name: 'Ingen' }),
      await post(`/api/customers/${id}/archive`),
      await post(`/api/customers/${id}/unarchive`),
      await t.request({ method: 'DELETE', url: `/api/customers/${id}` }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Kunde ikke fundet', code: 'CUSTOMER_NOT_FOUND' });
    }
  });

  it('archives: gone from the list, the pickers and Puden, listed with ?archived=true, history kept; and brings her back', async () => {
    const customer = await createCustomer(t.db, { name: 'Arkiv Anna' });
    const bead = await createBead(t.db, { priceOre: 2500 });
    const order = await createOrder(t.db, { customerId: customer.id, status: 'active' });
    await createOrderLine(t.db, { orderId: order.id, beadId: bead.id });
    const pillowHas = async () =>
      (
        (await t.request({ method: 'GET', url: '/api/pillow' })).json().orders as Array<{
          customerId: string;
        }>
      ).some((o) => o.customerId === customer.id);
    expect(await pillowHas()).toBe(true);

    const archived = await post(`/api/customers/${customer.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ archived: true, archivedAt: expect.any(String) });
    const since = archived.json().archivedAt;
    expect((await list()).map((c) => c.id)).not.toContain(customer.id);
    expect((await list('?archived=true')).map((c) => c.id)).toContain(customer.id);
    expect((await list('?archived=true')).every((c) => c.archived)).toBe(true);
    expect(await pillowHas()).toBe(false);
    const detail = (await t.request({ method: 'GET', url: `/api/customers/${customer.id}` })).json();
    expect(detail).toMatchObject({ archived: true, orders: [{ id: order.id }] });

    // Archiving again changes nothing (keeps the first date, records nothing).
    const before = await changes();
    expect((await post(`/api/customers/${customer.id}/archive`)).json().archivedAt).toBe(since);
    expect(await changes()).toBe(before);

    // Her name stays taken while she is archived.
    const taken = await t.request({ method: 'POST', url: '/api/customers', payload: { name: 'arkiv anna' } });
    expect(taken.statusCode).toBe(409);

    const back = await post(`/api/customers/${customer.id}/unarchive`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ archived: false, archivedAt: null });
    expect((await list()).map((c) => c.id)).toContain(customer.id);
    expect((await list('?archived=true')).map((c) => c.id)).not.toContain(customer.id);
    expect(await pillowHas()).toBe(true);
    const actions = await t.db
      .selectFrom('change_log')
      .select('action')
      .where('entity_id', '=', customer.id)
      .orderBy('seq')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['archive', 'unarchive']);
  });

  it('refuses an unknown archived filter in Danish', async () => {
    const response = await t.request({ method: 'GET', url: '/api/customers?archived=maybe' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Ugyldig værdi');
  });

  it('keeps the list ETag right: an archive makes the old ETag stale', async () => {
    const customer = await createCustomer(t.db);
    const first = await t.request({ method: 'GET', url: '/api/customers' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const same = await t.request({
      method: 'GET',
      url: '/api/customers',
      headers: { 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    await post(`/api/customers/${customer.id}/archive`);
    const after = await t.request({
      method: 'GET',
      url: '/api/customers',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect((after.json() as Array<{ id: string }>).map((c) => c.id)).not.toContain(customer.id);
    // The archived list has its own ETag, made stale by the next archive too.
    const archivedFirst = await t.request({ method: 'GET', url: '/api/customers?archived=true' });
    const other = await createCustomer(t.db);
    await post(`/api/customers/${other.id}/archive`);
    const archivedAfter = await t.request({
      method: 'GET',
      url: '/api/customers?archived=true',
      headers: { 'if-none-match': archivedFirst.headers.etag as string },
    });
    expect(archivedAfter.statusCode).toBe(200);
    expect((archivedAfter.json() as Array<{ id: string }>).map((c) => c.id)).toEqual(
      expect.arrayContaining([customer.id, other.id]),
    );
  });

  it('deletes a customer without orders and todos, once; refuses one with orders or todos in Danish', async () => {
    const free = await createCustomer(t.db);
    const first = await t.request({ method: 'DELETE', url: `/api/customers/${free.id}` });
    expect(first.statusCode).toBe(204);
    expect(await row(free.id)).toBeUndefined();
    expect((await t.request({ method: 'DELETE', url: `/api/customers/${free.id}` })).statusCode).toBe(404);

    const withOrder = await createCustomer(t.db);
    await createOrder(t.db, { customerId: withOrder.id, status: 'shipped' });
    const withTodo = await createCustomer(t.db);
    await createTodo(t.db, { beadId: (await createBead(t.db)).id, customerId: withTodo.id, amount: 1 });
    const before = await changes();
    const refusedOrder = await t.request({ method: 'DELETE', url: `/api/customers/${withOrder.id}` });
    expect(refusedOrder.statusCode).toBe(409);
    expect(refusedOrder.json()).toEqual({
      message: 'Kunden har ordrer og kan derfor ikke slettes. Arkivér kunden i stedet.',
      code: 'CUSTOMER_HAS_ORDERS',
    });
    const refusedTodo = await t.request({ method: 'DELETE', url: `/api/customers/${withTodo.id}` });
    expect(refusedTodo.statusCode).toBe(409);
    expect(refusedTodo.json().code).toBe('CUSTOMER_HAS_TODOS');
    expect(refusedTodo.json().message).toMatch(/^Kunden har todos/);
    expect(await row(withOrder.id)).toBeDefined();
    expect(await row(withTodo.id)).toBeDefined();
    expect(await changes()).toBe(before);
  });

  it('deletes an archived customer without history too', async () => {
    const customer = await createCustomer(t.db, { archivedAt: new Date().toISOString() });
    expect((await t.request({ method: 'DELETE', url: `/api/customers/${customer.id}` })).statusCode).toBe(
      204,
    );
  });

  it('a delete racing with a new line for the customer: either the delete is refused or the line is', async () => {
    const customer = await createCustomer(t.db);
    const [deleted, added] = await Promise.all([
      t.request({ method: 'DELETE', url: `/api/customers/${customer.id}` }),
      t.request({
        method: 'POST',
        url: `/api/customers/${customer.id}/lines`,
        payload: { kind: 'free', text: 'Snor', priceOre: 100 },
      }),
    ]);
    const orders = await t.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', customer.id)
      .execute();
    if (deleted.statusCode === 204) {
      expect(added.statusCode).toBeGreaterThanOrEqual(400);
      expect(orders).toHaveLength(0);
    } else {
      expect(deleted.statusCode).toBe(409);
      expect(added.statusCode).toBe(201);
      expect(orders).toHaveLength(1);
    }
    // No order is left without its customer.
    const orphans = await t.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', 'is', null)
      .where('created_at', '>', new Date(Date.now() - 60_000).toISOString())
      .execute();
    expect(orphans).toHaveLength(0);
  });

  it('the database refuses contact details outside the limits (migration 0006), whatever writes them', async () => {
    const customer = await createCustomer(t.db);
    const bad: Array<Record<string, string>> = [
      { phone: '12ab' },
      { phone: '' },
      { phone: '1'.repeat(31) },
      { email: 'no-at-sign.dk' },
      { email: 'a@b' },
      { email: 'a b@c.dk' },
      { email: 'a@b@c.dk' },
      { email: '' },
      { address: '' },
      { address: 'x'.repeat(301) },
    ];
    for (const columns of bad) {
      await expect(
        t.db.updateTable('customers').set(columns).where('id', '=', customer.id).execute(),
        JSON.stringify(columns),
      ).rejects.toThrow(/check constraint|customers_/i);
    }
    await t.db
      .updateTable('customers')
      .set({ phone: '+45 12-34-56-78', email: 'søren@møller.dk', address: 'Vej 1\n2100 Kbh' })
      .where('id', '=', customer.id)
      .execute();
  });
});

describe.each(dialects)('migration 0006 on %s', (kind) => {
  it('goes down (contact columns and their guards gone, customers kept) and up again', async () => {
    const database = await createTestDatabase(kind);
    try {
      const { db } = database;
      const customer = await createCustomer(db, { phone: '12345678', archivedAt: new Date().toISOString() });
      await migrateTo(db as Kysely<unknown>, '0005-shop-settings');
      const columns = Object.keys(
        (await db.selectFrom('customers').selectAll().executeTakeFirstOrThrow()) as object,
      );
      expect(columns).not.toContain('phone');
      expect(columns).not.toContain('archived_at');
      await migrateToLatest(db as Kysely<unknown>);
      expect(
        await db.selectFrom('customers').selectAll().where('id', '=', customer.id).executeTakeFirst(),
      ).toMatchObject({
        phone: null,
        archived_at: null,
      });
      await expect(
        db.updateTable('customers').set({ phone: 'x' }).where('id', '=', customer.id).execute(),
      ).rejects.toThrow();
    } finally {
      await database.drop();
    }
  });
});
